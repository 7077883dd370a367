// The member's side of verified participant types (docs/fees.md → Verified participant types):
// the type the association verified, and the member's request with a proof.

import { z } from 'zod';
import { USER_TYPES, type UserType } from '../constants';
import { MSG } from '../messages';

export const PARTICIPANT_REQUEST_STATUSES = ['solicitada', 'aprobada', 'rechazada'] as const;
export type ParticipantRequestStatus = (typeof PARTICIPANT_REQUEST_STATUSES)[number];
export const PARTICIPANT_REQUEST_STATUS_LABELS: Record<ParticipantRequestStatus, string> = {
  solicitada: 'En revisión',
  aprobada: 'Aprobada',
  rechazada: 'Rechazada',
};

/** Types a member may ask for: every one but general (which needs no proof). */
export type NewParticipantType = Exclude<UserType, 'general'>;
export const REQUESTABLE_TYPES = USER_TYPES.filter((t): t is NewParticipantType => t !== 'general');

/** Proofs: PDF, JPG or PNG (checked by content) up to 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

/** The multipart field "type" (sent before the field "file"). */
export const requestedTypeField = z.enum(REQUESTABLE_TYPES as [NewParticipantType, ...NewParticipantType[]], {
  error: MSG.participantTypeInvalid,
});

export const participantTypeRequest = z.object({
  _id: z.string(),
  requestedType: z.enum(USER_TYPES),
  status: z.enum(PARTICIPANT_REQUEST_STATUSES),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.number(),
  decidedAt: z.number().nullable(),
});
export type ParticipantTypeRequest = z.infer<typeof participantTypeRequest>;

export const participantTypeResponse = z.object({
  success: z.literal(true),
  /** The verified type (the one prices use). */
  userType: z.enum(USER_TYPES),
  /** The open request, else the latest decided one, else null. */
  request: participantTypeRequest.nullable(),
  message: z.string().optional(),
});
export type ParticipantTypeResponse = z.infer<typeof participantTypeResponse>;
