// The waiting list of sold-out days (docs/after-sale.md → Waiting list): members join a day
// with no seat left, a freed seat is offered to the next in line for 24 hours (the offer
// holds the seat: reserveSeat counts it against everybody else), the offered member claims it
// from the e-mail's link and pays, and an unclaimed offer passes on.

import { WAITLIST_OFFER_HOURS } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import type { AdminWaitlistEntry } from '@store/shared/schemas/admin/waitlist';
import type {
  MyWaitlistEntry,
  WaitlistClaimResponse,
  WaitlistDayState,
} from '@store/shared/schemas/waitlist';
import type { Db, Queryable, Tx } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { MailSettings } from '../mail/settings';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { findDaySeats, findHeldDay, lockDaySeats } from '../seats/repo';
import { addToCart } from '../cart/service';
import { enqueueWaitlistOffer } from './offer-email';
import {
  auditWaitlist,
  expireOffers,
  findDay,
  findDayLabel,
  findDaysWithWaiting,
  findMyEntries,
  findNextWaiting,
  findProductDayIds,
  findUserEntries,
  insertEntry,
  listEventEntries,
  lockActiveEntry,
  lockEntryByToken,
  markClaimed,
  restoreSettledByOrder,
  markOffered,
  setEntryStatus,
} from './repo';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

const HOUR = 3_600_000;

async function dayOf(db: Queryable, productId: string, label: string) {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  const found = await findDay(db, productId, label);
  // Archived and draft events have no waiting list (a draft is seen only by staff).
  if (!found || !found.product.active || found.product.draft) {
    if (found) throw new AppError('not_found', MSG.productNotFound);
    throw new AppError('bad_request', MSG.invalidDay);
  }
  return found;
}

/** The member's waiting-list state on each limited day of the product. */
export async function waitlistStateFor(
  db: Db,
  userId: string,
  productId: string,
  now = new Date(),
): Promise<WaitlistDayState[]> {
  if (!isUuid(productId)) throw new AppError('not_found', MSG.productNotFound);
  await markClaimed(db, now, { productId });
  const days = await findDaySeats(db, productId, userId, now);
  const entries = await findUserEntries(db, userId, productId);
  return days
    .filter((d) => d.seatCapacity !== null)
    .map((d) => {
      const e = entries.find((x) => x.productDayId === d.id);
      return {
        day: d.label,
        soldOut: !d.free,
        entry: e
          ? {
              status: e.status,
              position: e.status === 'esperando' ? Number(e.position) : null,
              offerExpiresAt: e.offerExpiresAt?.getTime() ?? null,
            }
          : null,
      };
    });
}

/** The member's live waiting-list entries on upcoming days, for Mis Productos. */
export async function myWaitlist(db: Db, userId: string, now = new Date()): Promise<MyWaitlistEntry[]> {
  // Offers already paid for are closed first, so a bought day is not listed as offered.
  await markClaimed(db, now, { userId });
  return (await findMyEntries(db, userId, now)).map((e) => ({
    productId: e.productId,
    productName: e.productName,
    day: e.day,
    startsAt: e.startsAt.getTime(),
    status: e.status,
    position: e.status === 'esperando' ? Number(e.position) : null,
    offerExpiresAt: e.offerExpiresAt?.getTime() ?? null,
  }));
}

/** Joins the day's waiting list: only a limited, sold-out, upcoming day the member does not hold. */
export async function joinWaitlist(
  db: Db,
  userId: string,
  productId: string,
  label: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { day } = await dayOf(tx, productId, label);
    if (day.endsAt.getTime() <= now.getTime()) throw new AppError('conflict', MSG.dayEnded);
    if (day.seatCapacity === null) throw new AppError('conflict', AFTER_SALE_MSG.waitlistNoLimit);
    const held = await findHeldDay(tx, userId, day.id);
    if (held?.status === 'pagado') throw new AppError('conflict', MSG.alreadyOwned);
    if (held) throw new AppError('conflict', AFTER_SALE_MSG.waitlistHoldsDay);
    if (await lockActiveEntry(tx, userId, day.id))
      throw new AppError('conflict', AFTER_SALE_MSG.waitlistAlreadyJoined);
    const seats = await findDaySeats(tx, productId, userId, now);
    if (seats.find((s) => s.id === day.id)?.free)
      throw new AppError('conflict', AFTER_SALE_MSG.waitlistNotSoldOut);
    try {
      // A savepoint: a concurrent join of the same member fails only this step.
      await tx.transaction((sp) => insertEntry(sp, { userId, productId, productDayId: day.id, now }));
    } catch (err) {
      if (isUniqueViolation(err, 'waitlist_entries_one_active_idx')) {
        throw new AppError('conflict', AFTER_SALE_MSG.waitlistAlreadyJoined);
      }
      throw err;
    }
  });
}

/** Leaves the day's waiting list; an open offer given up passes to the next in line at once. */
export async function leaveWaitlist(
  db: Db,
  mail: MailSettings,
  userId: string,
  productId: string,
  label: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { day } = await dayOf(tx, productId, label);
    const entry = await lockActiveEntry(tx, userId, day.id);
    if (!entry) throw new AppError('not_found', AFTER_SALE_MSG.waitlistNotJoined);
    await setEntryStatus(tx, entry.id, 'retirado', now);
    if (entry.status === 'ofrecido') await offerFreedSeats(tx, mail, [day.id], now);
  });
}

/**
 * Claims an offered seat from the e-mail's link: only the offered member, while the offer is
 * open. The day goes into the member's cart; the seat stays held for them until the offer
 * expires, and paying within the window takes it.
 */
export async function claimOffer(
  db: Db,
  userId: string,
  token: string,
  now = new Date(),
): Promise<Omit<WaitlistClaimResponse, 'success' | 'message'>> {
  return db.transaction(async (tx) => {
    const entry = await lockEntryByToken(tx, hashSecretToken(token));
    if (!entry) throw new AppError('not_found', AFTER_SALE_MSG.waitlistClaimInvalid);
    if (entry.userId !== userId) throw new AppError('forbidden', AFTER_SALE_MSG.waitlistClaimNotYours);
    if (entry.status === 'reclamado') throw new AppError('conflict', AFTER_SALE_MSG.waitlistAlreadyClaimed);
    if (entry.status === 'retirado') throw new AppError('conflict', AFTER_SALE_MSG.waitlistOfferWithdrawn);
    const held = await findHeldDay(tx, userId, entry.productDayId);
    if (held?.status === 'pagado') throw new AppError('conflict', AFTER_SALE_MSG.waitlistAlreadyClaimed);
    const expiresAt = entry.offerExpiresAt;
    if (entry.status !== 'ofrecido' || !expiresAt || expiresAt.getTime() <= now.getTime()) {
      throw new AppError('conflict', AFTER_SALE_MSG.waitlistOfferExpired);
    }
    const label = await findDayLabel(tx, entry.productDayId);
    if (label === null) throw new AppError('not_found', AFTER_SALE_MSG.waitlistClaimInvalid);
    await addToCart(tx, userId, entry.productId, label, now);
    return { productId: entry.productId, day: label, offerExpiresAt: expiresAt.getTime() };
  });
}

/**
 * Offers the free seats of these days to the next in line, in the caller's transaction (the
 * one that freed them, or the sweep's). Each day's row is locked first (ids sorted, so two
 * freers cannot deadlock), then its free seats are counted with the open offers: a seat is
 * offered once, whoever calls. Answers how many offers were made.
 */
export async function offerFreedSeats(
  tx: Tx,
  mail: MailSettings,
  productDayIds: readonly string[],
  now = new Date(),
): Promise<number> {
  let offered = 0;
  for (const dayId of [...new Set(productDayIds)].sort()) {
    // Free for the waiting list: capacity − taken − open offers (the seats module's count),
    // read after the day's row lock so one seat is never offered twice.
    const seats = await lockDaySeats(tx, dayId, now);
    const free =
      !seats || seats.capacity === null || seats.ended
        ? 0
        : Math.max(0, seats.capacity - seats.taken - seats.offers);
    for (const next of await findNextWaiting(tx, dayId, free)) {
      const token = newSecretToken();
      const expiresAt = new Date(now.getTime() + WAITLIST_OFFER_HOURS * HOUR);
      if (!(await markOffered(tx, next.id, { now, expiresAt, tokenHash: hashSecretToken(token) }))) continue;
      await enqueueWaitlistOffer(tx, mail, {
        entryId: next.id,
        to: next.email,
        name: next.name,
        productName: next.productName,
        label: next.label,
        startsAt: next.startsAt,
        expiresAt,
        token,
      });
      await auditWaitlist(tx, {
        action: 'waitlist.offered',
        entityId: next.id,
        details: {
          productDayId: dayId,
          day: next.label,
          email: next.email,
          expiresAt: expiresAt.toISOString(),
        },
      });
      offered += 1;
    }
  }
  return offered;
}

/**
 * The members who now hold days through this paid order (its buyer, a colleague who received
 * them, the people given places of a team's order) settle their open offers on those days as
 * `reclamado`: otherwise an offer set aside while its member held the day would count again
 * once the day moved on, and the day would be promised beyond its capacity. A seat an offer
 * kept for someone who got the day another way goes to the next in line at once.
 */
export async function settleOffersOfHolders(
  tx: Tx,
  mail: MailSettings,
  orderId: string,
  now = new Date(),
  offerFreed = true,
): Promise<number> {
  const settled = await markClaimed(tx, now, { orderId });
  if (offerFreed && settled.length > 0)
    await offerFreedSeats(
      tx,
      mail,
      settled.map((e) => e.productDayId),
      now,
    );
  return settled.length;
}

/**
 * A member who lost a team's places their offer was settled by gets back in line at their
 * first place, audited; a seat free on those days meanwhile is offered at once.
 */
export async function restoreOffersOf(
  tx: Tx,
  mail: MailSettings,
  orderId: string,
  userId: string,
  productDayIds: readonly string[],
  now = new Date(),
): Promise<number> {
  const restored = await restoreSettledByOrder(tx, orderId, userId, productDayIds, now);
  for (const e of restored) {
    await auditWaitlist(tx, { action: 'waitlist.restored', entityId: e.id, details: { orderId } });
  }
  if (restored.length > 0)
    await offerFreedSeats(
      tx,
      mail,
      restored.map((e) => e.productDayId),
      now,
    );
  return restored.length;
}

/** Offers the free seats of every day of an event (an admin raised a capacity). */
export async function offerFreedSeatsOfEvent(
  tx: Tx,
  mail: MailSettings,
  productId: string,
  now = new Date(),
): Promise<number> {
  return offerFreedSeats(tx, mail, await findProductDayIds(tx, productId), now);
}

export interface WaitlistSweepResult {
  claimed: number;
  expired: number;
  offered: number;
}

/**
 * The periodic sweep: offers paid for become `reclamado`, offers past their 24 h become
 * `expirado`, and every day with someone waiting gets its free seats offered (a seat freed
 * by any path, even one that did not offer it itself, or while the server was down).
 */
export async function sweepWaitlist(
  db: Db,
  mail: MailSettings,
  now = new Date(),
): Promise<WaitlistSweepResult> {
  const claimed = (await markClaimed(db, now)).length;
  const expired = await db.transaction(async (tx) => {
    const rows = await expireOffers(tx, now);
    for (const r of rows) {
      await auditWaitlist(tx, {
        action: 'waitlist.expired',
        entityId: r.id,
        details: { productDayId: r.productDayId },
      });
    }
    return rows.length;
  });
  let offered = 0;
  for (const dayId of await findDaysWithWaiting(db)) {
    offered += await db.transaction((tx) => offerFreedSeats(tx, mail, [dayId], now));
  }
  return { claimed, expired, offered };
}

/** An event's waiting lists for the back office (offers already paid for shown as claimed). */
export async function eventWaitlist(
  db: Db,
  productId: string,
  now = new Date(),
): Promise<AdminWaitlistEntry[]> {
  await markClaimed(db, now, { productId });
  return (await listEventEntries(db, productId)).map((e) => ({
    _id: e.id,
    productDayId: e.productDayId,
    day: e.day,
    name: e.name,
    email: e.email,
    status: e.status,
    position: e.position === null ? null : Number(e.position),
    joinedAt: e.createdAt.getTime(),
    offeredAt: e.offeredAt?.getTime() ?? null,
    offerExpiresAt: e.offerExpiresAt?.getTime() ?? null,
    orderId: e.orderId,
  }));
}
