// Event rules: create, edit (without breaking orders already sold), duplicate, archive,
// publish a draft and take it back to draft.
//
// The fee schedule (docs/fees.md) is edited with the event: the list sent replaces the stored
// one in the same transaction, after the checks of `tierProblem` (no negative price, no two
// steps of a type ending together, a general price always exists). A prerequisite must be
// another existing event and may not close a circle (A requires B requires A).
//
// Editing days keeps each existing product_days row (its id is what orders point at): a day
// can be renamed, moved or given another stream link or seat limit, but a day with orders
// cannot be removed and its seat limit cannot drop below the seats already taken. A rename
// is carried to the copies of the label (order_days.day, order item snapshots, cart lines)
// so customers keep seeing and watching the day under its current name.
//
// Drafts (docs/product.md → Drafts and publishing): an event saved as a draft is seen only by
// staff. Publishing checks it is complete (missingToPublish) and says what is missing; an
// event that has sold anything cannot go back to draft (archiving is the way out of the store).

import { eventSpan } from '@store/shared/domain/event-days';
import { missingToPublish, type PublishableEvent } from '@store/shared/domain/event-publishing';
import { toCentavos } from '@store/shared/domain/money';
import { openGeneralStep, tierProblem, type PriceTier } from '@store/shared/domain/pricing';
import { ADMIN_MSG, adminDayHasOrders, adminEventIncomplete } from '@store/shared/admin-messages';
import {
  TIER_PROBLEM_MESSAGES,
  toPriceTiers,
  type AdminEvent,
  type AdminEventData,
} from '@store/shared/schemas/admin/events';
import type { Db, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { FileStorage as ImageStorage } from '../../../lib/storage/storage';
import { writeAudit } from '../audit/repo';
import { toAdminEvent } from './mappers';
import {
  deleteDays,
  findCartLinesOfProduct,
  findEvent,
  findRequiredId,
  insertDays,
  insertProduct,
  listEvents,
  lockEvent,
  replaceCartLinesOfProduct,
  replaceTiers,
  updateDay,
  updateProduct,
  type AdminEventStatus,
  type EventRecord,
} from './repo';
import { findOrdersWithDays } from '../../orders/repo';
import { renameOrderDays, updateOrderItems } from '../../lifecycle';
import type { MailSettings } from '../../mail/settings';
import { offerFreedSeatsOfEvent } from '../../waitlist/service';
import { setSeatCapacity } from '../../seats/service';

export async function listAdminEvents(
  db: Db,
  filter: { search?: string; status: AdminEventStatus },
): Promise<AdminEvent[]> {
  return (await listEvents(db, filter)).map(toAdminEvent);
}

export async function getAdminEvent(db: Db, id: string): Promise<AdminEvent> {
  const record = await findEvent(db, id);
  if (!record) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  return toAdminEvent(record);
}

function checkImages(storage: ImageStorage, images: readonly string[]): void {
  for (const url of images) {
    if (url.startsWith('https://') && !storage.isOwnUrl(url)) {
      throw new AppError('bad_request', ADMIN_MSG.eventImageInvalid);
    }
  }
}

/** The event's first start and last end, kept on products for the catalogue's filter. */
function span(days: readonly { startsAt: number; endsAt: number }[]) {
  const s = eventSpan(days);
  if (!s) throw new AppError('bad_request', ADMIN_MSG.eventDaysRequired);
  return { startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) };
}

function productValues(data: AdminEventData, pricing: Pricing) {
  return {
    name: data.name,
    description: data.description,
    priceCentavos: pricing.basePriceCentavos,
    images: data.image,
    category: data.category,
    subCategory: data.subCategory,
    isPresential: data.isPresential,
    saleMode: pricing.saleMode,
    requiresProductId: pricing.requires,
    institutionalPriceCentavos: pricing.institutionalPriceCentavos,
    ...span(data.days),
    ...endorsementValues(data.endorsement),
    ...venueValues(data.venue),
  };
}

/** The venue columns to write: none when the body leaves the venue unchanged. */
function venueValues(v: AdminEventData['venue']) {
  if (v === undefined) return {};
  return { venueName: v?.name ?? null, venueAddress: v?.address ?? null, venueMapUrl: v?.mapUrl ?? null };
}

/** The endorsement columns to write: none when the body leaves it unchanged. */
function endorsementValues(e: AdminEventData['endorsement']) {
  if (e === undefined) return {};
  return {
    endorsementBody: e?.body ?? null,
    endorsementNumber: e?.number ?? null,
    endorsementHours: e?.hours ?? null,
    endorsementPoints: e?.points ?? null,
  };
}

interface Pricing {
  saleMode: AdminEvent['saleMode'];
  requires: string | null;
  tiers: PriceTier[];
  basePriceCentavos: number;
  institutionalPriceCentavos: number | null;
}

/**
 * The event's pricing after the edit: what the body sends, else what is stored. Refuses a
 * schedule `tierProblem` faults; a missing base price is the open-ended general step's.
 */
function resolvePricing(data: AdminEventData, current: EventRecord | null): Pricing {
  const tiers = data.tiers ? toPriceTiers(data.tiers) : (current?.tiers ?? []);
  const base = data.price === null ? null : toCentavos(data.price);
  const problem = tierProblem(tiers, base);
  if (problem) throw new AppError('bad_request', TIER_PROBLEM_MESSAGES[problem]);
  return {
    saleMode: data.saleMode ?? current?.product.saleMode ?? 'por_dia',
    requires: data.requires === undefined ? (current?.product.requiresProductId ?? null) : data.requires,
    tiers,
    basePriceCentavos: base ?? openGeneralStep(tiers)!.priceCentavos,
    institutionalPriceCentavos:
      data.institutionalPrice === undefined
        ? (current?.product.institutionalPriceCentavos ?? null)
        : data.institutionalPrice === null
          ? null
          : toCentavos(data.institutionalPrice),
  };
}

/** The prerequisite must exist, be another event and not lead back to this one. */
async function checkRequires(tx: Tx, id: string | null, requires: string | null): Promise<void> {
  if (requires === null) return;
  if (requires === id) throw new AppError('bad_request', ADMIN_MSG.requiresSelf);
  let next = await findRequiredId(tx, requires);
  if (next === undefined) throw new AppError('bad_request', ADMIN_MSG.requiresNotFound);
  const seen = new Set([requires]);
  while (next !== null && next !== undefined && !seen.has(next)) {
    if (next === id) throw new AppError('conflict', ADMIN_MSG.requiresCycle);
    seen.add(next);
    next = await findRequiredId(tx, next);
  }
}

/** New product_days rows for an event, in the order given (position 0, 1, …). */
function dayRows(
  productId: string,
  days: readonly {
    label: string;
    startsAt: number | Date;
    endsAt: number | Date;
    streamUrl: string | null;
    seatCapacity: number | null;
  }[],
) {
  return days.map((d, position) => ({
    productId,
    label: d.label,
    position,
    startsAt: new Date(d.startsAt),
    endsAt: new Date(d.endsAt),
    streamUrl: d.streamUrl,
    seatCapacity: d.seatCapacity,
  }));
}

export async function createEvent(
  db: Db,
  storage: ImageStorage,
  actorId: string,
  data: AdminEventData,
  now = new Date(),
): Promise<AdminEvent> {
  checkImages(storage, data.image);
  if (data.days.some((d) => d._id)) throw new AppError('bad_request', ADMIN_MSG.dayNotInEvent);
  const pricing = resolvePricing(data, null);
  // Absent = published at once, as before drafts existed (scripts and integrations); asked
  // for explicitly, publishing is checked like the publish action.
  const draft = data.draft ?? false;
  if (data.draft === false) assertPublishable(publishableFromInput(data, pricing), now);
  const id = await db.transaction(async (tx) => {
    await checkRequires(tx, null, pricing.requires);
    const product = await insertProduct(tx, { ...productValues(data, pricing), draft });
    await insertDays(tx, dayRows(product.id, data.days));
    await replaceTiers(tx, product.id, pricing.tiers);
    await writeAudit(tx, {
      actorId,
      action: 'event.create',
      entity: 'event',
      entityId: product.id,
      details: { name: data.name, days: data.days.map((d) => d.label), tiers: pricing.tiers, draft },
    });
    return product.id;
  });
  return getAdminEvent(db, id);
}

export async function updateEvent(
  db: Db,
  storage: ImageStorage,
  mail: MailSettings,
  actorId: string,
  id: string,
  data: AdminEventData,
  now = new Date(),
): Promise<AdminEvent> {
  checkImages(storage, data.image);
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    const pricing = resolvePricing(data, current);
    await checkRequires(tx, id, pricing.requires);
    const changes = await applyDayChanges(tx, current, data);
    const p = current.product;
    const before = {
      name: p.name,
      description: p.description,
      priceCentavos: p.priceCentavos,
      images: p.images,
      category: p.category,
      subCategory: p.subCategory,
      isPresential: p.isPresential,
      saleMode: p.saleMode,
      institutionalPriceCentavos: p.institutionalPriceCentavos,
      requiresProductId: p.requiresProductId,
      startsAt: p.startsAt,
      endsAt: p.endsAt,
      endorsementBody: p.endorsementBody,
      endorsementNumber: p.endorsementNumber,
      endorsementHours: p.endorsementHours,
      endorsementPoints: p.endorsementPoints,
      venueName: p.venueName,
      venueAddress: p.venueAddress,
      venueMapUrl: p.venueMapUrl,
    };
    const after = productValues(data, pricing);
    const fields = (Object.keys(after) as (keyof typeof after)[]).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    await updateProduct(tx, id, after);
    // `draft` sent and different: published (checked complete, with the values just saved) or
    // back to draft (refused with sales), in the same transaction as the edit.
    if (data.draft !== undefined && data.draft !== p.draft) {
      if (data.draft) assertNoSales(current);
      else assertPublishable(publishableFromInput(data, pricing), now);
      await updateProduct(tx, id, { draft: data.draft });
      await auditDraftChange(tx, actorId, id, data.name, data.draft);
    }
    const tiersChanged =
      JSON.stringify(sortTiers(current.tiers)) !== JSON.stringify(sortTiers(pricing.tiers));
    if (tiersChanged) await replaceTiers(tx, id, pricing.tiers);
    await writeAudit(tx, {
      actorId,
      action: 'event.update',
      entity: 'event',
      entityId: id,
      details: {
        name: data.name,
        fields,
        ...changes,
        ...(tiersChanged ? { tiers: { before: current.tiers, after: pricing.tiers } } : {}),
      },
    });
    // A raised seat limit frees seats: the waiting list gets them first.
    await offerFreedSeatsOfEvent(tx, mail, id);
  });
  return getAdminEvent(db, id);
}

/** Tiers in one order (type, then end), so two lists compare by content. */
function sortTiers(tiers: readonly PriceTier[]): PriceTier[] {
  return [...tiers].sort(
    (a, b) =>
      a.userType.localeCompare(b.userType) ||
      (a.untilAt ?? Number.POSITIVE_INFINITY) - (b.untilAt ?? Number.POSITIVE_INFINITY),
  );
}

interface DayChanges {
  added: string[];
  removed: string[];
  renamed: { from: string; to: string }[];
  /** Kept days whose dates, stream link, seat limit or position changed. */
  updated: string[];
}

async function applyDayChanges(tx: Tx, current: EventRecord, data: AdminEventData): Promise<DayChanges> {
  const existing = new Map(current.days.map((d) => [d.id, d]));
  const keptIds = new Set<string>();
  for (const d of data.days) {
    if (!d._id) continue;
    if (!existing.has(d._id) || keptIds.has(d._id))
      throw new AppError('bad_request', ADMIN_MSG.dayNotInEvent);
    keptIds.add(d._id);
  }
  const removed = current.days.filter((d) => !keptIds.has(d.id));
  for (const d of removed) {
    if (d.ordersCount > 0 || d.seatsTaken > 0) throw new AppError('conflict', adminDayHasOrders(d.label));
  }
  // Seat limits go through the seats module first: it locks each day and refuses a limit
  // below the seats taken plus the open waiting-list offers (ids sorted: no deadlock).
  const kept = data.days.filter((d) => d._id).sort((a, b) => a._id!.localeCompare(b._id!));
  for (const d of kept) await setSeatCapacity(tx, d._id!, d.seatCapacity);

  const renames = new Map<string, string>();
  for (const d of data.days) {
    const old = d._id ? existing.get(d._id) : undefined;
    if (old && old.label !== d.label) renames.set(old.label, d.label);
  }

  await deleteDays(
    tx,
    removed.map((d) => d.id),
  );
  // Labels are unique per product: park renamed days on a temporary label first so that
  // swaps (A↔B) never collide midway.
  for (const d of data.days) {
    if (d._id && renames.has(existing.get(d._id)!.label)) {
      await updateDay(tx, d._id, { label: `~${d._id}` });
    }
  }
  for (const [position, d] of data.days.entries()) {
    if (d._id) {
      await updateDay(tx, d._id, {
        label: d.label,
        position,
        startsAt: new Date(d.startsAt),
        endsAt: new Date(d.endsAt),
        streamUrl: d.streamUrl,
      });
      if (existing.get(d._id)!.label !== d.label) await renameOrderDays(tx, d._id, d.label);
    }
  }
  // New days: rows built from the whole list, so each keeps its position.
  await insertDays(
    tx,
    dayRows(current.product.id, data.days).filter((_, i) => !data.days[i]!._id),
  );

  const removedLabels = new Set(removed.map((d) => d.label));
  if (renames.size > 0 || removedLabels.size > 0) {
    await carryLabelsToCopies(tx, current, renames, removedLabels);
  }
  return {
    added: data.days.filter((d) => !d._id).map((d) => d.label),
    removed: removed.map((d) => d.label),
    renamed: [...renames].map(([from, to]) => ({ from, to })),
    updated: data.days
      .filter((d, position) => {
        const old = d._id ? existing.get(d._id) : undefined;
        return (
          old !== undefined &&
          (old.streamUrl !== d.streamUrl ||
            old.seatCapacity !== d.seatCapacity ||
            old.position !== position ||
            old.startsAt.getTime() !== d.startsAt ||
            old.endsAt.getTime() !== d.endsAt)
        );
      })
      .map((d) => d.label),
  };
}

/** Order item snapshots and cart lines name days by label: follow renames, drop removed days. */
async function carryLabelsToCopies(
  tx: Tx,
  current: EventRecord,
  renames: Map<string, string>,
  removedLabels: Set<string>,
): Promise<void> {
  const productId = current.product.id;
  if (renames.size > 0) {
    const renamedIds = current.days.filter((d) => renames.has(d.label)).map((d) => d.id);
    for (const order of await findOrdersWithDays(tx, renamedIds)) {
      const items = order.items.map((item) =>
        item._id === productId ? { ...item, days: item.days.map((day) => renames.get(day) ?? day) } : item,
      );
      await updateOrderItems(tx, order.id, items);
    }
  }
  const lines = await findCartLinesOfProduct(tx, productId);
  if (lines.length > 0) {
    await replaceCartLinesOfProduct(
      tx,
      productId,
      lines.filter((l) => !removedLabels.has(l.day)).map((l) => ({ ...l, day: renames.get(l.day) ?? l.day })),
    );
  }
}

/**
 * A copy for the next edition: same content, days, fee schedule and prerequisite, no seats
 * taken, a draft until reviewed and published.
 */
export async function duplicateEvent(db: Db, actorId: string, id: string): Promise<AdminEvent> {
  const source = await findEvent(db, id);
  if (!source) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const copyId = await db.transaction(async (tx) => {
    const { product } = source;
    const copy = await insertProduct(tx, {
      name: `${product.name} (copia)`.slice(0, 200),
      description: product.description,
      priceCentavos: product.priceCentavos,
      images: product.images,
      category: product.category,
      subCategory: product.subCategory,
      isPresential: product.isPresential,
      saleMode: product.saleMode,
      institutionalPriceCentavos: product.institutionalPriceCentavos,
      requiresProductId: product.requiresProductId,
      startsAt: product.startsAt,
      endsAt: product.endsAt,
      endorsementBody: product.endorsementBody,
      endorsementNumber: product.endorsementNumber,
      endorsementHours: product.endorsementHours,
      endorsementPoints: product.endorsementPoints,
      venueName: product.venueName,
      venueAddress: product.venueAddress,
      venueMapUrl: product.venueMapUrl,
      draft: true,
    });
    await insertDays(tx, dayRows(copy.id, source.days));
    await replaceTiers(tx, copy.id, source.tiers);
    await writeAudit(tx, {
      actorId,
      action: 'event.duplicate',
      entity: 'event',
      entityId: copy.id,
      details: { from: id, name: product.name },
    });
    return copy.id;
  });
  return getAdminEvent(db, copyId);
}

/** Archived events leave the catalogue; their orders and customers' access are untouched. */
export async function setEventActive(
  db: Db,
  actorId: string,
  id: string,
  active: boolean,
): Promise<AdminEvent> {
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    if (current.product.active === active) return;
    await updateProduct(tx, id, { active });
    await writeAudit(tx, {
      actorId,
      action: active ? 'event.unarchive' : 'event.archive',
      entity: 'event',
      entityId: id,
      details: { name: current.product.name },
    });
  });
  return getAdminEvent(db, id);
}

/** What publishing checks, from a create or edit body and its resolved pricing. */
function publishableFromInput(data: AdminEventData, pricing: Pricing): PublishableEvent {
  return {
    name: data.name,
    description: data.description,
    hasPrice: data.price !== null || openGeneralStep(pricing.tiers) !== null,
    image: data.image,
    days: data.days,
  };
}

/** What publishing checks, from a stored event. */
function publishableFromRecord({ product, days }: EventRecord): PublishableEvent {
  return {
    name: product.name,
    description: product.description,
    // A stored event always has one: the column is required, and resolvePricing refuses a
    // save without a general price or an open General step.
    hasPrice: true,
    image: product.images,
    days: days.map((d) => ({ startsAt: d.startsAt.getTime(), endsAt: d.endsAt.getTime() })),
  };
}

/** Refuses to publish an incomplete event, naming everything it lacks. */
function assertPublishable(event: PublishableEvent, now: Date): void {
  const missing = missingToPublish(event, now);
  if (missing.length > 0) throw new AppError('bad_request', adminEventIncomplete(missing));
}

/** An event that sold anything (any order, even a cancelled one) stays published. */
function assertNoSales(current: EventRecord): void {
  if (current.days.some((d) => d.ordersCount > 0 || d.seatsTaken > 0)) {
    throw new AppError('conflict', ADMIN_MSG.eventUnpublishHasSales);
  }
}

async function auditDraftChange(tx: Tx, actorId: string, id: string, name: string, draft: boolean) {
  await writeAudit(tx, {
    actorId,
    action: draft ? 'event.unpublish' : 'event.publish',
    entity: 'event',
    entityId: id,
    details: { name },
  });
}

/**
 * Publishes a draft (docs/product.md → Drafts and publishing): refused, naming what is missing,
 * until it has a name, a description, a price, a cover image and a day still to come. Publishing
 * an event that is already published changes nothing.
 */
export async function publishEvent(
  db: Db,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<AdminEvent> {
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    if (!current.product.draft) return;
    assertPublishable(publishableFromRecord(current), now);
    await updateProduct(tx, id, { draft: false });
    await auditDraftChange(tx, actorId, id, current.product.name, false);
  });
  return getAdminEvent(db, id);
}

/** Takes a published event back to draft: refused once it has sales (archive it instead). */
export async function unpublishEvent(db: Db, actorId: string, id: string): Promise<AdminEvent> {
  await db.transaction(async (tx) => {
    const current = await lockEvent(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    if (current.product.draft) return;
    assertNoSales(current);
    await updateProduct(tx, id, { draft: true });
    await auditDraftChange(tx, actorId, id, current.product.name, true);
  });
  return getAdminEvent(db, id);
}
