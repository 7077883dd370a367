// Verified participant types, the admin's side (docs/fees.md#verified-participant-types): the
// queue with counts per status, the proof's preview, and the decision. Approving sets
// users.user_type; the request row, the member's type, the audit entry and the member's
// e-mail commit together or not at all. Rejecting needs a reason, which the member reads.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type {
  AdminParticipantRequest,
  AdminParticipantRequestsResponse,
} from '@store/shared/schemas/admin/participant-types';
import type { ParticipantRequestStatus } from '@store/shared/schemas/participant-types';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { MailSettings } from '../../mail/settings';
import { findGreetingName } from '../../mail/greeting';
import { enqueueDecisionEmail } from '../../participant-types/emails';
import {
  countByStatus,
  decideRequest,
  findQueueRow,
  findUserBasics,
  listRequests,
  lockRequest,
  setUserType,
} from '../../participant-types/repo';
import { writeAudit } from '../audit/repo';

type QueueRow = NonNullable<Awaited<ReturnType<typeof findQueueRow>>>;

function toAdminRequest({ request: r, member }: QueueRow): AdminParticipantRequest {
  return {
    _id: r.id,
    member,
    requestedType: r.requestedType,
    status: r.status,
    reason: r.reason,
    fileName: r.fileName,
    fileMime: r.fileMime,
    fileSize: r.fileSize,
    decidedBy: r.decidedBy,
    createdAt: r.createdAt.getTime(),
    decidedAt: r.decidedAt ? r.decidedAt.getTime() : null,
  };
}

export async function adminQueue(
  db: Db,
  filter: { status?: ParticipantRequestStatus; page: number; pageSize: number },
): Promise<Omit<AdminParticipantRequestsResponse, 'success'>> {
  const { rows, total } = await listRequests(db, filter);
  return {
    requests: rows.map(toAdminRequest),
    counts: await countByStatus(db),
    total,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export async function adminRequest(db: Db, id: string): Promise<AdminParticipantRequest> {
  const row = await findQueueRow(db, id);
  if (!row) throw new AppError('not_found', ADMIN_MSG.participantRequestNotFound);
  return toAdminRequest(row);
}

/** The proof of a request, for the admin's preview. */
export async function proofOf(db: Db, id: string) {
  const row = await findQueueRow(db, id);
  if (!row) throw new AppError('not_found', ADMIN_MSG.participantRequestNotFound);
  return {
    requestId: row.request.id,
    memberId: row.request.userId,
    key: row.request.fileKey,
    fileName: row.request.fileName,
    memberName: row.member.name,
    requestedType: row.request.requestedType,
  };
}

/** A proof is a member's private document: every admin view of one is in the audit log. */
export async function auditProofView(
  db: Queryable,
  actorId: string,
  proof: Awaited<ReturnType<typeof proofOf>>,
) {
  await writeAudit(db, {
    actorId,
    action: 'member.participant_type_proof_view',
    entity: 'member',
    entityId: proof.memberId,
    details: { requestId: proof.requestId, name: proof.memberName, userType: proof.requestedType },
  });
}

/**
 * Approves (reason null) or rejects an open request: the request row, the member's type (on
 * approval), the audit entry and the member's e-mail commit together or not at all.
 */
export async function decide(
  db: Db,
  mail: MailSettings,
  actorId: string,
  id: string,
  rejectionReason: string | null,
): Promise<AdminParticipantRequest> {
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    if (!request) throw new AppError('not_found', ADMIN_MSG.participantRequestNotFound);
    if (request.status !== 'solicitada') throw new AppError('conflict', ADMIN_MSG.participantRequestDecided);
    const member = await findUserBasics(tx, request.userId);
    if (!member) throw new AppError('not_found', ADMIN_MSG.participantRequestNotFound);
    const approved = rejectionReason === null;
    await decideRequest(tx, id, {
      status: approved ? 'aprobada' : 'rechazada',
      reason: rejectionReason,
      decidedBy: actorId,
    });
    if (approved) await setUserType(tx, member.id, request.requestedType);
    await writeAudit(tx, {
      actorId,
      action: approved ? 'member.participant_type_approve' : 'member.participant_type_reject',
      entity: 'member',
      entityId: member.id,
      details: {
        requestId: id,
        email: member.email,
        requestedType: request.requestedType,
        ...(approved ? { userType: { from: member.userType, to: request.requestedType } } : {}),
        ...(rejectionReason ? { reason: rejectionReason } : {}),
      },
    });
    await enqueueDecisionEmail(tx, mail, {
      requestId: id,
      to: member.email,
      name: (await findGreetingName(tx, request.userId)) ?? member.name,
      requestedType: request.requestedType,
      rejectionReason,
    });
  });
  return adminRequest(db, id);
}
