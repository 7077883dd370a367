// Every query of the users module: accounts and password-reset tokens.

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, passwordResetTokens, productDays, products, users } from '../../db/schema';
import { greetingName } from '../mail/greeting';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

/** The accounts of these e-mails (any case), by lower-case e-mail: one query for a whole list. */
export async function findUsersByEmails(
  db: Queryable,
  emails: readonly string[],
): Promise<Map<string, UserRow>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...new Set(emails.map((e) => e.toLowerCase()))]));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function insertUser(
  db: Queryable,
  /** passwordHash null: an account made for someone else, entered through a set-password link. */
  row: { name: string; email: string; passwordHash: string | null },
): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

/** New password: clears "must change password" and bumps tokenVersion (older sessions die). */
export async function setPassword(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** Every session token of the user stops working (they carry the old version). */
export async function bumpTokenVersion(db: Queryable, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/** New accounts in one statement (a team's list), with no password: see insertUser. */
export async function insertUsersWithoutPassword(
  db: Queryable,
  rows: readonly { name: string; email: string }[],
): Promise<UserRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(users)
    .values(rows.map((r) => ({ ...r, passwordHash: null })))
    .returning();
}

/** Set-password tokens of several accounts in one statement. */
export async function insertResetTokens(
  db: Queryable,
  rows: readonly { userId: string; tokenHash: string; expiresAt: Date }[],
): Promise<void> {
  if (rows.length > 0) await db.insert(passwordResetTokens).values([...rows]);
}

export async function insertResetToken(
  db: Queryable,
  row: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/**
 * Uses a reset token: marks it used only if it is unused and unexpired, in one statement,
 * so two requests with the same token cannot both succeed. Returns its user id or null.
 */
export async function consumeResetToken(db: Queryable, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/**
 * The account a set-password link (unused, unexpired) belongs to, read without using it: its
 * greeting name and whether it has a password yet (none: the store made it for the person).
 */
export async function findResetTokenHolder(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; name: string; hasPassword: boolean } | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: greetingName,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/**
 * Every day this user holds paid and that has not ended, with its event's name, soonest first (the set-password
 * page's welcome names them).
 */
export async function findUpcomingHeldDays(db: Queryable, userId: string, now: Date) {
  return db
    .selectDistinct({
      productId: orderDays.productId,
      productName: products.name,
      label: productDays.label,
      startsAt: productDays.startsAt,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .innerJoin(products, eq(products.id, orderDays.productId))
    .where(and(eq(orderDays.userId, userId), eq(orderDays.status, 'pagado'), gt(productDays.endsAt, now)))
    .orderBy(asc(productDays.startsAt));
}

/** After a reset, every other outstanding link of the user stops working. */
export async function revokeResetTokens(db: Queryable, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
