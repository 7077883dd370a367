// Query keys of attendance data. They sit under the user keys 'profile' and 'orders', so logout
// and login (which drop those) drop them too.
export const attendanceKeys = {
  profile: (token: string | null) => ['profile', 'professional', token] as const,
  tickets: (token: string | null) => ['orders', 'tickets', token] as const,
  constancias: (token: string | null) => ['orders', 'constancias', token] as const,
  summary: (token: string | null) => ['orders', 'attendance-summary', token] as const,
  evaluations: (token: string | null) => ['profile', 'evaluations', token] as const,
  mine: (token: string | null, productId: string) => ['orders', 'attendance', token, productId] as const,
};
