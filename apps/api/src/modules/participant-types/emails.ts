// Enqueues the e-mail of a decision on a participant-type request
// (mail/catalogue/participant-type-decision.ts) in the decision's transaction, so it goes out
// if and only if the decision commits.

import type { Queryable } from '../../db/client';
import {
  participantTypeDecisionEmail,
  type ParticipantTypeDecisionData,
} from '../mail/catalogue/participant-type-decision';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';

export async function enqueueDecisionEmail(
  db: Queryable,
  settings: MailSettings,
  data: ParticipantTypeDecisionData & { requestId: string },
): Promise<void> {
  const decision = data.rejectionReason === null ? 'aprobada' : 'rechazada';
  await enqueueEmail(db, {
    ...participantTypeDecisionEmail(settings, data),
    dedupeKey: `participant-type:${data.requestId}:${decision}`,
  });
}
