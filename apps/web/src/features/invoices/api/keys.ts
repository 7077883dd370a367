// Query keys of the invoices feature (the signed-in user's data: dropped with the token).
export const invoiceKeys = {
  fiscalData: (token: string | null) => ['fiscal-data', token] as const,
  mine: (token: string | null) => ['invoices', token] as const,
};
