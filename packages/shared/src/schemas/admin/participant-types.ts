// Request and response shapes of /api/admin/participant-types (the queue of members' requests
// for a verified participant type) and of the scholarships of /api/admin/members/:id.

import { z } from 'zod';
import { USER_TYPES } from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';
import { PARTICIPANT_REQUEST_STATUSES } from '../participant-types';
import { idParam, optionalParam, pageQuery } from './common';

export const adminParticipantRequestsQuery = z.object({
  status: optionalParam(z.enum(PARTICIPANT_REQUEST_STATUSES, { error: ADMIN_MSG.participantStatusInvalid })),
  ...pageQuery,
});
export type AdminParticipantRequestsQuery = z.input<typeof adminParticipantRequestsQuery>;

export const adminParticipantRequest = z.object({
  _id: z.string(),
  member: z.object({ _id: z.string(), name: z.string(), email: z.string(), userType: z.enum(USER_TYPES) }),
  requestedType: z.enum(USER_TYPES),
  status: z.enum(PARTICIPANT_REQUEST_STATUSES),
  reason: z.string().nullable(),
  fileName: z.string(),
  fileMime: z.string(),
  fileSize: z.number().int(),
  decidedBy: z.string().nullable(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type AdminParticipantRequest = z.infer<typeof adminParticipantRequest>;

export const adminParticipantRequestsResponse = z.object({
  success: z.literal(true),
  requests: z.array(adminParticipantRequest),
  counts: z.object({ solicitada: z.number().int(), aprobada: z.number().int(), rechazada: z.number().int() }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminParticipantRequestsResponse = z.infer<typeof adminParticipantRequestsResponse>;

export const adminParticipantRequestResponse = z.object({
  success: z.literal(true),
  request: adminParticipantRequest,
  message: z.string(),
});
export type AdminParticipantRequestResponse = z.infer<typeof adminParticipantRequestResponse>;

export const adminRejectBody = z.object({
  reason: z
    .string({ error: ADMIN_MSG.participantRejectReasonRequired })
    .trim()
    .min(1, { error: ADMIN_MSG.participantRejectReasonRequired })
    .max(500, { error: ADMIN_MSG.participantRejectReasonTooLong }),
});
export type AdminRejectBody = z.input<typeof adminRejectBody>;

// Scholarships of one member: for every event (productId null) or for one event.

export const adminScholarship = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  /** The event's name; null = every event. */
  productName: z.string().nullable(),
  createdAt: z.number(),
});
export type AdminScholarship = z.infer<typeof adminScholarship>;

export const adminScholarshipsResponse = z.object({
  success: z.literal(true),
  scholarships: z.array(adminScholarship),
  message: z.string().optional(),
});
export type AdminScholarshipsResponse = z.infer<typeof adminScholarshipsResponse>;

export const adminScholarshipBody = z.object({
  /** null = every event. */
  productId: idParam.nullable(),
});
export type AdminScholarshipBody = z.input<typeof adminScholarshipBody>;

export const adminScholarshipParams = z.object({ id: idParam, scholarshipId: idParam });
