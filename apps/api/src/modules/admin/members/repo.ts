// Every query of the admin members area.

import type { Role, UserType } from '@store/shared/constants';
import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { passwordResetTokens, users } from '../../../db/schema';
import { paidOrderCount } from '../../orders/repo';
import { containsPattern } from '../sql';

export type UserRow = typeof users.$inferSelect;

export interface MemberFilter {
  search?: string;
  userType?: UserType;
  role?: Role;
  page: number;
  pageSize: number;
}

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  userType: users.userType,
  role: users.role,
  mustChangePassword: users.mustChangePassword,
  hasPassword: sql<boolean>`(${users.passwordHash} IS NOT NULL)`.mapWith(Boolean),
  createdAt: users.createdAt,
  paidOrders: paidOrderCount(sql`"users"."id"`),
};
export type MemberRow = {
  id: string;
  name: string;
  email: string;
  userType: UserType;
  role: Role;
  mustChangePassword: boolean;
  hasPassword: boolean;
  createdAt: Date;
  paidOrders: number;
};

export async function listMembers(
  db: Queryable,
  filter: MemberFilter,
): Promise<{ rows: MemberRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    where.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  if (filter.userType) where.push(eq(users.userType, filter.userType));
  if (filter.role) where.push(eq(users.role, filter.role));
  const cond = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(users).where(cond);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findMember(db: Queryable, id: string): Promise<MemberRow | null> {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function lockMember(db: Queryable, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function updateMember(
  db: Queryable,
  id: string,
  patch: { userType?: UserType; role?: Role },
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/**
 * A temporary password: the member must choose a new one at first login, and the token
 * version moves on so every open session of the account ends at once.
 */
export async function setTemporaryPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: true, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
}

/** Unused reset and welcome links of the account stop working (its credentials were replaced). */
export async function revokeOpenResetTokens(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Which of these (lowercased) e-mails already have an account. */
export async function findExistingEmails(db: Queryable, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // Chunks keep the statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, chunk));
    for (const r of rows) found.add(r.email);
  }
  return found;
}

export async function insertMembers(
  db: Queryable,
  /** passwordHash null: an imported account, entered through its welcome link. */
  rows: { name: string; email: string; userType: UserType; passwordHash: string | null }[],
): Promise<{ id: string; name: string; email: string }[]> {
  const created: { id: string; name: string; email: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ ...r, mustChangePassword: true }));
    created.push(
      ...(await db
        .insert(users)
        .values(chunk)
        .returning({ id: users.id, name: users.name, email: users.email })),
    );
  }
  return created;
}

export async function insertResetTokens(
  db: Queryable,
  rows: { userId: string; tokenHash: string; expiresAt: Date }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(passwordResetTokens).values(rows.slice(i, i + 500));
  }
}

/** Deletes accounts created by an import that could not finish (their links cascade). */
export async function deleteMembers(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(users).where(inArray(users.id, ids.slice(i, i + 1000)));
  }
}
