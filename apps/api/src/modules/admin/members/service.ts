// Member rules: list and search, change user type and role (an admin cannot demote
// themselves, so the store always keeps an admin), temporary passwords, and the CSV import.
//
// Temporary password (a member created by hand, or one who cannot use e-mail): the server
// draws it, stores only its argon2id hash, sets mustChangePassword (login then answers
// isFirstLogin with a reset token instead of a session, docs/product.md → First login), ends every open session and
// reset link, audits the change without the password, and answers the password exactly once.
//
// Import: a file with problems (bad rows, duplicates in the file or with existing accounts)
// changes nothing unless `onlyValid` confirms importing the rest. Each new account gets
// mustChangePassword, no password at all (nobody can sign in to it until its owner chooses
// one), and an e-mail with a one-time link (7 days) to set it; after the link expires, the
// reset request ("¿Olvidaste tu contraseña?") lets them in. The e-mails go through the outbox,
// sent only once every row is in.

import type { Role, UserType } from '@store/shared/constants';
import { ADMIN_MSG, adminImportDone } from '@store/shared/admin-messages';
import type {
  AdminImportResponse,
  AdminMember,
  AdminMemberPatch,
  AdminMembersResponse,
} from '@store/shared/schemas/admin/members';
import type { Db } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { hashSecretToken, newSecretToken } from '../../../lib/secret-tokens';
import { dropEmails, enqueueEmails, releaseEmails } from '../../mail/bulk-outbox';
import type { MailSettings } from '../../mail/settings';
import { writeAudit } from '../audit/repo';
import { parseMembersCsv } from './import-csv';
import {
  deleteMembers,
  findExistingEmails,
  findMember,
  insertMembers,
  insertResetTokens,
  listMembers,
  lockMember,
  revokeOpenResetTokens,
  setTemporaryPassword,
  updateMember,
  type MemberFilter,
  type MemberRow,
} from './repo';
import { newTemporaryPassword } from './temporary-password';
import { memberWelcomeEmail, WELCOME_LINK_DAYS } from '../../mail/catalogue/member-welcome';

export function toAdminMember(row: MemberRow): AdminMember {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    userType: row.userType,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    hasPassword: row.hasPassword,
    createdAt: row.createdAt.getTime(),
    paidOrders: row.paidOrders,
  };
}

async function memberById(db: Db, id: string): Promise<AdminMember> {
  const row = await findMember(db, id);
  if (!row) throw new AppError('not_found', ADMIN_MSG.memberNotFound);
  return toAdminMember(row);
}

export async function listAdminMembers(
  db: Db,
  filter: MemberFilter,
): Promise<Omit<AdminMembersResponse, 'success'>> {
  const { rows, total } = await listMembers(db, filter);
  return { members: rows.map(toAdminMember), total, page: filter.page, pageSize: filter.pageSize };
}

export async function patchMember(
  db: Db,
  actorId: string,
  id: string,
  patch: AdminMemberPatch,
): Promise<AdminMember> {
  await db.transaction(async (tx) => {
    const current = await lockMember(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.memberNotFound);
    if (id === actorId && patch.role && patch.role !== 'admin') {
      throw new AppError('conflict', ADMIN_MSG.memberCannotDemoteSelf);
    }
    const change: { userType?: UserType; role?: Role } = {};
    if (patch.userType && patch.userType !== current.userType) change.userType = patch.userType;
    if (patch.role && patch.role !== current.role) change.role = patch.role;
    if (Object.keys(change).length === 0) return;
    await updateMember(tx, id, change);
    await writeAudit(tx, {
      actorId,
      action: 'member.update',
      entity: 'member',
      entityId: id,
      details: {
        email: current.email,
        ...(change.userType ? { userType: { from: current.userType, to: change.userType } } : {}),
        ...(change.role ? { role: { from: current.role, to: change.role } } : {}),
      },
    });
  });
  return memberById(db, id);
}

export interface TemporaryPasswordResult {
  member: AdminMember;
  /** Shown once to the admin; never stored, logged or audited. */
  temporaryPassword: string;
}

export async function assignTemporaryPassword(
  db: Db,
  actorId: string,
  id: string,
): Promise<TemporaryPasswordResult> {
  // It would end the admin's own session; their own password goes through the reset link.
  if (id === actorId) throw new AppError('conflict', ADMIN_MSG.memberCannotResetSelf);
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    const current = await lockMember(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.memberNotFound);
    await setTemporaryPassword(tx, id, passwordHash);
    await revokeOpenResetTokens(tx, id, new Date());
    await writeAudit(tx, {
      actorId,
      action: 'member.temporary_password',
      entity: 'member',
      entityId: id,
      details: { email: current.email },
    });
  });
  return { member: await memberById(db, id), temporaryPassword };
}

export async function createMember(
  db: Db,
  actorId: string,
  input: { name: string; email: string; userType: UserType },
): Promise<TemporaryPasswordResult> {
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      if ((await findExistingEmails(tx, [input.email])).size > 0) {
        throw new AppError('conflict', ADMIN_MSG.memberEmailTaken);
      }
      // insertMembers marks the account "must change password".
      const [created] = await insertMembers(tx, [{ ...input, passwordHash }]);
      await writeAudit(tx, {
        actorId,
        action: 'member.create',
        entity: 'member',
        entityId: created!.id,
        details: { email: input.email, userType: input.userType },
      });
      return created!.id;
    });
  } catch (err) {
    // Someone registered this e-mail between the check and the insert.
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_MSG.memberEmailTaken);
    throw err;
  }
  return { member: await memberById(db, id), temporaryPassword };
}

export interface ImportOptions {
  dryRun: boolean;
  onlyValid: boolean;
}

/** Rows written per transaction by the import. */
export const IMPORT_CHUNK_ROWS = 100;

/** Test seams: a smaller chunk, and a hook between chunks (to race a registration). */
export interface ImportTuning {
  chunkSize?: number;
  afterChunk?: (index: number) => Promise<void>;
}

export async function importMembers(
  db: Db,
  settings: MailSettings,
  actorId: string,
  csv: string,
  opts: ImportOptions,
  tuning: ImportTuning = {},
): Promise<Omit<AdminImportResponse, 'success'>> {
  const parsed = parseMembersCsv(csv);
  const existing = await findExistingEmails(
    db,
    parsed.valid.map((r) => r.email),
  );
  const problems = [...parsed.problems];
  const valid = parsed.valid.filter((r) => {
    if (!existing.has(r.email)) return true;
    problems.push({
      line: r.line,
      email: r.email,
      kind: 'duplicate',
      reason: ADMIN_MSG.importDuplicateExisting,
    });
    return false;
  });
  problems.sort((a, b) => a.line - b.line);
  const report = { totalRows: parsed.totalRows, valid, problems };

  if (opts.dryRun) return { ...report, imported: false, created: 0, message: ADMIN_MSG.importPreview };
  if (problems.length > 0 && !opts.onlyValid) {
    return { ...report, imported: false, created: 0, message: ADMIN_MSG.importBlocked };
  }
  if (valid.length === 0) throw new AppError('bad_request', ADMIN_MSG.importNothingValid);

  const expiresAt = new Date(Date.now() + WELCOME_LINK_DAYS * 24 * 3_600_000);
  const chunkSize = tuning.chunkSize ?? IMPORT_CHUNK_ROWS;

  // Several short transactions instead of one long one: on the embedded database a
  // transaction holds the only connection, and thousands of rows in one would stall every
  // other request for seconds. All-or-nothing is kept by hand: the welcome e-mails wait
  // (held) until the last chunk is in, and a chunk that fails removes the accounts and
  // e-mails of the chunks before it.
  const createdIds: string[] = [];
  const emailIds: string[] = [];
  const createdEmails: string[] = [];
  try {
    for (let i = 0; i < valid.length; i += chunkSize) {
      const chunk = valid.slice(i, i + chunkSize);
      // Tokens and e-mails are made before the transaction, so it only writes.
      const tokens = chunk.map(() => newSecretToken());
      const mails = chunk.map((r, k) =>
        memberWelcomeEmail(settings, { to: r.email, name: r.name, token: tokens[k]! }),
      );
      await db.transaction(async (tx) => {
        const created = await insertMembers(
          tx,
          // No password: the accounts are entered through the e-mailed link.
          chunk.map((r) => ({ name: r.name, email: r.email, userType: r.userType, passwordHash: null })),
        );
        // Each token goes to the account of the e-mail it was mailed to (matched by address,
        // not by the order RETURNING happens to give).
        const idByEmail = new Map(created.map((u) => [u.email, u.id]));
        await insertResetTokens(
          tx,
          chunk.map((r, k) => ({
            userId: idByEmail.get(r.email)!,
            tokenHash: hashSecretToken(tokens[k]!),
            expiresAt,
          })),
        );
        const ids = await enqueueEmails(tx, mails, { held: true });
        createdIds.push(...created.map((u) => u.id));
        createdEmails.push(...created.map((u) => u.email));
        emailIds.push(...ids);
      });
      await tuning.afterChunk?.(i / chunkSize);
      // Let waiting requests through between chunks.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db.transaction(async (tx) => {
      await releaseEmails(tx, emailIds);
      await writeAudit(tx, {
        actorId,
        action: 'member.import',
        entity: 'member',
        entityId: null,
        details: {
          created: createdIds.length,
          skipped: problems.length,
          emails: createdEmails.slice(0, 50),
        },
      });
    });
  } catch (err) {
    await db.transaction(async (tx) => {
      await dropEmails(tx, emailIds);
      await deleteMembers(tx, createdIds);
    });
    // Someone registered one of these e-mails between the check and the insert.
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_MSG.importDuplicateExisting);
    throw err;
  }
  return { ...report, imported: true, created: valid.length, message: adminImportDone(valid.length) };
}
