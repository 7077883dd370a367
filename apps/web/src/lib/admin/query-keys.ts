// Query keys of the back office. Every admin query sits under ['admin'], so a change
// invalidates what it may affect with one call (lists, counts, the dashboard).
import type { AdminAttendeesQuery } from '@store/shared/schemas/admin/attendees';
import type { AdminAuditQuery } from '@store/shared/schemas/admin/audit';
import type { AdminEventsQuery } from '@store/shared/schemas/admin/events';
import type { AdminCfdiDocumentsQuery } from '@store/shared/schemas/admin/invoices';
import type { AdminMembersQuery } from '@store/shared/schemas/admin/members';
import type { AdminOrdersQuery } from '@store/shared/schemas/admin/orders';
import type { AdminParticipantRequestsQuery } from '@store/shared/schemas/admin/participant-types';
import type { AdminAnswersQuery } from '@store/shared/schemas/questions';

export const adminKeys = {
  all: ['admin'] as const,
  session: (token: string | null) => ['admin', 'session', token] as const,
  dashboard: (days: number) => ['admin', 'dashboard', days] as const,
  providerWaits: ['admin', 'provider-waits'] as const,
  paymentWaits: ['admin', 'payment-waits'] as const,
  paymentSettings: ['admin', 'payment-settings'] as const,
  events: (q: AdminEventsQuery) => ['admin', 'events', q] as const,
  event: (id: string) => ['admin', 'event', id] as const,
  questions: (productId: string) => ['admin', 'questions', productId] as const,
  /** Every answers page of an event (what a save of its questions makes stale). */
  eventAnswers: (productId: string) => ['admin', 'answers', productId] as const,
  answers: (productId: string, q: AdminAnswersQuery) => ['admin', 'answers', productId, q] as const,
  coupons: () => ['admin', 'coupons'] as const,
  coupon: (id: string) => ['admin', 'coupon', id] as const,
  members: (q: AdminMembersQuery) => ['admin', 'members', q] as const,
  orders: (q: AdminOrdersQuery) => ['admin', 'orders', q] as const,
  order: (id: string) => ['admin', 'order', id] as const,
  attendees: (q: AdminAttendeesQuery) => ['admin', 'attendees', q] as const,
  waitlist: (productId: string) => ['admin', 'waitlist', productId] as const,
  audit: (q: AdminAuditQuery) => ['admin', 'audit', q] as const,
  invoices: (q: AdminCfdiDocumentsQuery) => ['admin', 'invoices', q] as const,
  demoData: () => ['admin', 'demo-data'] as const,
  participantRequests: (q: AdminParticipantRequestsQuery) => ['admin', 'participant-types', q] as const,
  scholarships: (memberId: string) => ['admin', 'scholarships', memberId] as const,
};

/** Query string of the defined, non-empty values. */
export function toSearch(params: object): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}
