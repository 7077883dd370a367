// A buyer passes a bought day on to a colleague (docs/after-sale.md → Transfers), once the
// day can no longer be cancelled by the terms and until it ends. In one transaction: the
// giver's order_days row becomes `transferido` (access gone), a new paid order of amount 0
// gives the colleague the same day and seat (so access, seats, attendance, constancias and
// exports keep reading "paid order_days of a user"), day_transfers keeps the history, the
// audit log and the e-mails are written. The giver's money is untouched.
//
// Decisions: an event sold as a whole moves all its remaining days together (one
// registration); each day of a paid order moves TRANSFERS_PER_DAY time(s) in all, counted
// along the chain (the colleague cannot pass it on again) unless an administrator allows
// more; an administrator account cannot receive a day.

import { TRANSFERS_PER_DAY, transferWindow } from '@store/shared/domain/transfer';
import { MSG } from '@store/shared/messages';
import type { Address } from '@store/shared/schemas/order';
import type { TransferDayBody, TransferOptions } from '@store/shared/schemas/transfer';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import {
  findUserByEmail,
  findUserById,
  findUsersByEmails,
  insertResetToken,
  insertResetTokens,
  insertUser,
  insertUsersWithoutPassword,
  type UserRow,
} from '../users/repo';
import { holdsAnyDay } from '../seats/repo';
import { emit } from './events';
import { findOrder, type OrderRow } from './reads';
import { refusalOf } from './guard';
import { insertOrder, insertOrderDays, lockOrder } from './repo';
import {
  auditTransfer,
  countTransfers,
  findExtraTransfers,
  findRootOrderId,
  findTransferDays,
  insertTransfers,
  markTransferred,
  type TransferDay,
} from './transfer-repo';
import { GROUP_MSG } from '@store/shared/group-messages';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

/** The set-password link of an account made for the colleague stays valid this long. */
export const TRANSFER_TOKEN_DAYS = 7;

function ownPaidOrder(order: OrderRow | null, userId: string): OrderRow {
  if (!order) throw new AppError('not_found', MSG.orderNotFound);
  if (order.userId !== userId) throw new AppError('forbidden', MSG.forbidden);
  // A group order's places are reassigned instead (group.ts).
  if (order.kind === 'grupo') throw new AppError('conflict', GROUP_MSG.groupNoTransfer);
  return order;
}

/** The days that move with `target`: every remaining day of an event sold as a whole. */
function groupOf(days: readonly TransferDay[], target: TransferDay, now: Date): TransferDay[] {
  if (target.saleMode !== 'completo') return [target];
  return days.filter(
    (d) => d.productId === target.productId && d.status === 'pagado' && d.endsAt.getTime() > now.getTime(),
  );
}

/** Why the group cannot be transferred at `now` (window only); null when it can. */
function windowRefusal(group: readonly TransferDay[], target: TransferDay, now: Date): string | null {
  if (target.status !== 'pagado') return AFTER_SALE_MSG.transferDayNotActive;
  const first = group[0];
  if (!first) return AFTER_SALE_MSG.transferDayEnded;
  const window = transferWindow(now, first.startsAt, target.endsAt);
  if (window === 'ended') return AFTER_SALE_MSG.transferDayEnded;
  if (window === 'cancel_instead') return AFTER_SALE_MSG.transferBeforeWindow;
  return null;
}

async function limitRefusal(db: Queryable, orderId: string, group: readonly TransferDay[]) {
  const rootOrderId = await findRootOrderId(db, orderId);
  const allowed = TRANSFERS_PER_DAY + (await findExtraTransfers(db, rootOrderId));
  const done = await countTransfers(
    db,
    rootOrderId,
    group.map((d) => d.productDayId),
  );
  const spent = group.some((d) => (done.get(d.productDayId) ?? 0) >= allowed);
  return { rootOrderId, done, refusal: spent ? AFTER_SALE_MSG.transferLimitReached : null };
}

/** What of one product of the order can be transferred at `now`, day by day. */
export async function transferOptions(
  db: Db,
  userId: string,
  input: { orderId: string; productId: string },
  now: Date,
): Promise<TransferOptions> {
  if (!isUuid(input.orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const order = ownPaidOrder(await findOrder(db, input.orderId), userId);
  const all = await findTransferDays(db, order.id);
  const days = all.filter((d) => d.productId === input.productId);
  if (days.length === 0) throw new AppError('not_found', MSG.orderNotFound);
  const withLimits = [];
  for (const d of days) {
    if (d.status !== 'pagado' || order.status !== 'pagado') {
      withLimits.push({ d, reason: null, ok: false });
      continue;
    }
    const group = groupOf(all, d, now);
    const reason = windowRefusal(group, d, now) ?? (await limitRefusal(db, order.id, group)).refusal;
    withLimits.push({ d, reason, ok: reason === null });
  }
  return {
    orderId: order.id,
    productId: input.productId,
    productName: days[0]!.productName,
    together: days[0]!.saleMode === 'completo',
    days: withLimits.map(({ d, reason, ok }) => ({
      productDayId: d.productDayId,
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      status: d.status,
      transferable: ok,
      reason,
    })),
  };
}

/**
 * A received order has no checkout, so no billing address: a placeholder that says so and
 * passes the address schema (never the giver's address, which is personal data).
 */
function transferAddress(user: { name: string; email: string }): Address {
  return {
    firstName: user.name,
    lastName: '(transferencia)',
    email: user.email,
    street: 'Sin dirección: día transferido',
    city: 'Sin dirección',
    state: '',
    zipcode: '00000',
    country: 'México',
    phone: '0000000',
  };
}

/** The colleague's account: the existing one, or a new one without a password (+ its set-password token). */
export async function colleagueAccount(tx: Queryable, input: { email: string; name: string }, now: Date) {
  const existing = await findUserByEmail(tx, input.email);
  if (existing) return { user: existing, token: null };
  // No password at all (login refuses it as a wrong one): the colleague chooses one through
  // the e-mailed link. Nothing is hashed here: an argon2 hash (tens of ms) per new account of
  // a team's list, inside the transaction, held the embedded database's only connection and
  // made every other request wait.
  const user = await insertUser(tx, {
    name: input.name,
    email: input.email.toLowerCase(),
    passwordHash: null,
  });
  const token = newSecretToken();
  await insertResetToken(tx, {
    userId: user.id,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + TRANSFER_TOKEN_DAYS * 24 * 60 * 60 * 1000),
  });
  return { user, token };
}

/**
 * colleagueAccount for a whole list in a few statements (a team's list of 50 is one insert of
 * accounts and one of tokens, not 150 round trips holding the database): by lower-case e-mail,
 * each person's account and, for an account made now, its set-password token.
 */
export async function colleagueAccounts(
  tx: Queryable,
  people: readonly { email: string; name: string }[],
  now: Date,
): Promise<Map<string, { user: UserRow; token: string | null }>> {
  const out = new Map<string, { user: UserRow; token: string | null }>();
  for (const [email, user] of await findUsersByEmails(
    tx,
    people.map((p) => p.email),
  ))
    out.set(email, { user, token: null });
  const missing = new Map<string, string>();
  for (const p of people) {
    const email = p.email.toLowerCase();
    if (!out.has(email) && !missing.has(email)) missing.set(email, p.name);
  }
  const made = await insertUsersWithoutPassword(
    tx,
    [...missing].map(([email, name]) => ({ email, name })),
  );
  const expiresAt = new Date(now.getTime() + TRANSFER_TOKEN_DAYS * 24 * 60 * 60 * 1000);
  const tokens = made.map((user) => ({ user, token: newSecretToken() }));
  await insertResetTokens(
    tx,
    tokens.map((t) => ({ userId: t.user.id, tokenHash: hashSecretToken(t.token), expiresAt })),
  );
  for (const t of tokens) out.set(t.user.email.toLowerCase(), t);
  return out;
}

/**
 * Transfers the day (for an event sold as a whole: all its remaining days) to the colleague
 * at `now`. Throws the Spanish AppError the buyer should see; a refusal changes nothing.
 */
export async function transfer(
  db: Db,
  userId: string,
  input: TransferDayBody,
  now: Date,
): Promise<{ message: string; days: string[] }> {
  if (!isUuid(input.orderId)) throw new AppError('not_found', MSG.orderNotFound);
  const email = input.email.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      // The order's row lock: two transfers of the same order wait for each other, and the
      // second finds the day already `transferido`.
      const order = ownPaidOrder(await lockOrder(tx, input.orderId), userId);
      // A refund waiting for the provider may end this day (the table blocks transfer while one
      // is in flight): never both refunded and passed on.
      const ruled = await refusalOf(tx, 'transfer', order);
      if (ruled === 'state') throw new AppError('conflict', AFTER_SALE_MSG.transferDayNotActive);
      if (ruled) throw new AppError('conflict', AFTER_SALE_MSG.transferRefundInProgress);
      const giver = await findUserById(tx, userId);
      if (!giver) throw new AppError('unauthorized', MSG.unauthorized);
      if (giver.email.toLowerCase() === email) throw new AppError('conflict', AFTER_SALE_MSG.transferToSelf);

      const days = await findTransferDays(tx, order.id);
      const target = days.find((d) => d.productDayId === input.productDayId);
      if (!target) throw new AppError('conflict', AFTER_SALE_MSG.transferDayNotActive);
      const group = groupOf(days, target, now);
      const refusal = windowRefusal(group, target, now);
      if (refusal) throw new AppError('conflict', refusal);
      const limit = await limitRefusal(tx, order.id, group);
      if (limit.refusal) throw new AppError('conflict', limit.refusal);

      const found = await findUserByEmail(tx, email);
      if (found?.role === 'admin') throw new AppError('conflict', AFTER_SALE_MSG.transferToAdmin);
      const ids = group.map((d) => d.productDayId).sort();
      if (found && (await holdsAnyDay(tx, found.id, ids))) {
        throw new AppError('conflict', AFTER_SALE_MSG.transferAlreadyHolds);
      }
      const colleague = await colleagueAccount(tx, { email, name: input.name }, now);

      const moved = await markTransferred(tx, order.id, ids);
      if (moved.length !== ids.length) throw new AppError('conflict', AFTER_SALE_MSG.transferInProgress);

      const received = await insertOrder(tx, {
        userId: colleague.user.id,
        items: order.items
          .filter((i) => i._id === target.productId)
          .map((i) => ({ ...i, days: group.map((d) => d.day), quantity: group.length, price: 0, total: 0 })),
        address: transferAddress(colleague.user),
        subtotalCentavos: 0,
        amountCentavos: 0,
        status: 'pagado',
        payment: true,
        paymentMethod: 'free',
        paidAt: now,
      });
      await insertOrderDays(
        tx,
        group.map((d) => ({
          orderId: received.id,
          userId: colleague.user.id,
          productId: d.productId,
          productDayId: d.productDayId,
          day: d.day,
          priceCentavos: 0,
          status: 'pagado' as const,
        })),
      );
      const transfers = await insertTransfers(
        tx,
        group.map((d) => ({
          rootOrderId: limit.rootOrderId,
          productDayId: d.productDayId,
          seq: (limit.done.get(d.productDayId) ?? 0) + 1,
          fromOrderId: order.id,
          fromUserId: userId,
          toOrderId: received.id,
          toUserId: colleague.user.id,
          name: input.name,
          email,
          actorId: userId,
        })),
      );
      const details = {
        days: group.map((d) => d.label),
        productId: target.productId,
        toUserId: colleague.user.id,
        toOrderId: received.id,
        name: input.name,
        email,
        accountCreated: colleague.token !== null,
      };
      await auditTransfer(tx, {
        actorId: userId,
        orderId: order.id,
        action: 'order.day_transferred',
        details,
      });
      await auditTransfer(tx, {
        actorId: userId,
        orderId: received.id,
        action: 'order.day_received',
        details: { ...details, fromOrderId: order.id, fromUserId: userId },
      });
      await emit(tx, 'days.transferred', {
        transferId: transfers[0]!.id,
        toOrderId: received.id,
        productName: target.productName,
        days: group.map((d) => ({ label: d.label, startsAt: d.startsAt })),
        from: { name: giver.name, email: giver.email },
        to: { name: colleague.user.name, email: colleague.user.email },
        fromOrderId: order.id,
        setPasswordToken: colleague.token,
        tokenDays: TRANSFER_TOKEN_DAYS,
        at: now,
      });
      return { message: AFTER_SALE_MSG.transferDone, days: group.map((d) => d.label) };
    });
  } catch (err) {
    // Two transfers racing past the checks (the colleague's paid day, the day's next seq,
    // a new account's e-mail): the unique indexes decide, nothing was changed.
    if (isUniqueViolation(err)) throw new AppError('conflict', AFTER_SALE_MSG.transferInProgress);
    throw err;
  }
}
