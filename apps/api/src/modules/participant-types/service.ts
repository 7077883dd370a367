// Verified participant types, the member's side (docs/fees.md → Verified participant types):
// a member asks for a type with a proof (PDF, JPG or PNG, checked by content, up to 5 MB, kept
// in private storage), sees the request, withdraws it while open. Until an admin approves it
// (modules/admin/participant-types) the member pays the general price. At most one open
// request per member (a partial unique index backs the check against a double submit).

import type { UserType } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import type { ParticipantTypeRequest } from '@store/shared/schemas/participant-types';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import {
  deleteRequest,
  findCurrentRequest,
  findUserBasics,
  insertRequest,
  lockRequest,
  type ParticipantRequestRow,
} from './repo';

function toMemberRequest(row: ParticipantRequestRow): ParticipantTypeRequest {
  return {
    _id: row.id,
    requestedType: row.requestedType,
    status: row.status,
    reason: row.reason,
    fileName: row.fileName,
    createdAt: row.createdAt.getTime(),
    decidedAt: row.decidedAt ? row.decidedAt.getTime() : null,
  };
}

export async function myParticipantType(db: Db, userId: string) {
  const user = await findUserBasics(db, userId);
  if (!user) throw new AppError('unauthorized', MSG.notFound);
  const request = await findCurrentRequest(db, userId);
  return { userType: user.userType, request: request ? toMemberRequest(request) : null };
}

export interface NewProof {
  requestedType: Exclude<UserType, 'general'>;
  fileKey: string;
  fileMime: string;
  fileSize: number;
  fileName: string;
}

/** Refuses a second open request, or the type the member already has (before any file is stored). */
export async function assertCanRequest(db: Db, userId: string, requestedType: UserType): Promise<void> {
  const current = await myParticipantType(db, userId);
  if (current.request?.status === 'solicitada')
    throw new AppError('conflict', MSG.participantTypeRequestOpen);
  if (current.userType === requestedType) throw new AppError('conflict', MSG.participantTypeAlreadyVerified);
}

export async function submitRequest(db: Db, userId: string, proof: NewProof) {
  await assertCanRequest(db, userId, proof.requestedType);
  try {
    await insertRequest(db, { userId, ...proof });
  } catch (err) {
    // Two submits at once: the partial unique index lets only one open request in.
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.participantTypeRequestOpen);
    throw err;
  }
  return myParticipantType(db, userId);
}

/** Withdraws the member's open request; answers the storage key of its proof to delete. */
export async function cancelRequest(db: Db, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const open = await findCurrentRequest(tx, userId);
    if (!open || open.status !== 'solicitada')
      throw new AppError('conflict', MSG.participantTypeNoOpenRequest);
    const locked = await lockRequest(tx, open.id);
    if (!locked || locked.status !== 'solicitada') {
      throw new AppError('conflict', MSG.participantTypeNoOpenRequest);
    }
    await deleteRequest(tx, open.id);
    return open.fileKey;
  });
}
