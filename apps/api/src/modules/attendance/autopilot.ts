// Constancias on autopilot (docs/attendance.md → Issued without staff, Revocation): the job that
// issues every qualifying attendee's constancia once the event's last day has closed, and the
// lifecycle subscriber that revokes a constancia whose day is refunded, cancelled or moved away,
// or whose attendance staff withdrew. Both take the person's constancia lock
// (`lockConstanciaPair`), so a refund arriving while a constancia is issued either comes first
// (the issue sees it and stops) or second (it revokes what was just issued).

import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { HEARTBEAT_TOLERANCE_MINUTES } from '@store/shared/domain/attendance';
import type { Db, Queryable, Tx } from '../../db/client';
import {
  attendanceCorrections,
  checkins,
  constancias,
  orderDays,
  products,
  professionalProfiles,
  streamWatch,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage/storage';
import {
  findDayStatuses,
  findLatestConstancia,
  findUserContact,
  findValidConstancia,
  lockConstanciaPair,
  revokeConstancia,
  type RevokeReason,
  writeConstanciaAudit as writeAudit,
} from './repo';
import { attendanceSummary, issueConstancia, verifyUrl } from './service';
import type { Subscriber } from '../lifecycle/events';
import { constanciaRevokedEmail } from '../mail/catalogue/constancia-revoked';
import { enqueueEmail } from '../mail/outbox';
import type { MailSettings } from '../mail/settings';

/**
 * The job looks for constancias to issue this often by default (`CONSTANCIA_INTERVAL_MS`): well
 * within the promised 10 minutes.
 */
export const CONSTANCIA_JOB_INTERVAL_MS = 2 * 60_000;
/**
 * Events whose last day closed more than this many days ago are no longer looked at by the job
 * (an evaluation passed later than that is issued by hand).
 */
export const CONSTANCIA_AUTO_DAYS = 90;

/** When the job may issue an event's constancias: its last day's attendance window closed. */
export function autoIssueFrom(endsAt: Date): Date {
  return new Date(endsAt.getTime() + HEARTBEAT_TOLERANCE_MINUTES * 60_000);
}

/** Tells the member their constancia was revoked and why (outbox, in the revoking transaction). */
export async function tellRevoked(
  tx: Queryable,
  mail: MailSettings,
  c: {
    folio: string;
    userId: string;
    certificateName: string;
    eventName: string;
    revokeReason: Exclude<RevokeReason, 'reemision'>;
    revokeNote: string | null;
  },
) {
  const contact = await findUserContact(tx, c.userId);
  if (!contact) return;
  await enqueueEmail(tx, {
    ...constanciaRevokedEmail(mail, {
      to: contact.email,
      name: c.certificateName,
      eventName: c.eventName,
      folio: c.folio,
      reason: c.revokeReason,
      note: c.revokeNote,
      verifyUrl: verifyUrl(mail.publicUrl, c.folio),
    }),
    dedupeKey: `constancia-revoked:${c.folio}`,
  });
}

export interface ConstanciaPair {
  userId: string;
  productId: string;
}

/**
 * Revokes each pair's valid constancia when a day it certifies no longer counts: refunded
 * (`reembolso`), cancelled or moved to someone else (`cancelacion`), or still held but no
 * longer counting after a correction (`asistencia`). Runs in the caller's transaction; the
 * member is told, the audit log records it (`actorId` null: the system). Answers the folios
 * revoked.
 */
export async function reconcileConstancias(
  tx: Queryable,
  mail: MailSettings,
  pairs: readonly ConstanciaPair[],
  now: Date,
  actor: { id: string | null; note: string | null } = { id: null, note: null },
): Promise<string[]> {
  const revoked: string[] = [];
  const seen = new Set<string>();
  for (const { userId, productId } of pairs) {
    const key = `${userId}:${productId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await lockConstanciaPair(tx, userId, productId);
    const c = await findValidConstancia(tx, userId, productId);
    if (!c || c.productDayIds.length === 0) continue;
    const summary = await attendanceSummary(tx, userId, productId, now);
    const counted = new Set(summary.days.filter((d) => d.attended).map((d) => d.productDayId));
    const lost = c.productDayIds.filter((id) => !counted.has(id));
    if (lost.length === 0) continue;
    const statuses = await findDayStatuses(tx, userId, lost);
    const stillPaid = new Set(statuses.filter((s) => s.status === 'pagado').map((s) => s.productDayId));
    const gone = lost.filter((id) => !stillPaid.has(id));
    const reason: Exclude<RevokeReason, 'reemision' | 'manual'> =
      gone.length === 0
        ? 'asistencia'
        : statuses.some((s) => gone.includes(s.productDayId) && s.status === 'reembolsado')
          ? 'reembolso'
          : 'cancelacion';
    const note = reason === 'asistencia' ? actor.note : null;
    if (!(await revokeConstancia(tx, c.folio, now, reason, note))) continue;
    await tellRevoked(tx, mail, { ...c, revokeReason: reason, revokeNote: note });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'event.constancia_revoke',
      entity: 'event',
      entityId: productId,
      details: { folio: c.folio, userId, reason, days: lost },
    });
    revoked.push(c.folio);
  }
  return revoked;
}

/** The people and events an order's days belong to (any status: ended ones too). */
async function pairsOfOrder(tx: Queryable, orderId: string): Promise<ConstanciaPair[]> {
  const rows = await tx
    .selectDistinct({ userId: orderDays.userId, productId: orderDays.productId })
    .from(orderDays)
    .where(and(eq(orderDays.orderId, orderId), isNotNull(orderDays.userId)));
  return rows.flatMap((r) => (r.userId ? [{ userId: r.userId, productId: r.productId }] : []));
}

/**
 * Follows the lifecycle: days refunded, cancelled, transferred or given to someone else revoke
 * the constancias that certified them, in the transaction that ended them.
 */
export function constanciaSubscriber(mail: MailSettings): Subscriber {
  const follow = async (tx: Tx, orderId: string, extra: ConstanciaPair[] = []) => {
    const pairs = [...(await pairsOfOrder(tx, orderId)), ...extra];
    await reconcileConstancias(tx, mail, pairs, new Date());
  };
  return {
    name: 'constancias',
    on: {
      'days.cancelled': (tx, { orderId }) => follow(tx, orderId),
      'order.ended': (tx, { orderId }) => follow(tx, orderId),
      'days.transferred': (tx, { fromOrderId }) => follow(tx, fromOrderId),
      'places.assigned': async (tx, { orderId, people }) => {
        const products = await pairsOfOrder(tx, orderId);
        const previous = people.flatMap((p) =>
          p.previous ? products.map((o) => ({ userId: p.previous!.userId, productId: o.productId })) : [],
        );
        await follow(tx, orderId, previous);
      },
    },
  };
}

/**
 * Who the job should look at: holders of a paid day of an event with automatic constancias
 * whose last day closed (`autoIssueFrom`) within CONSTANCIA_AUTO_DAYS, with a professional
 * profile and some attendance (a check-in, time watched or a correction that counts), without
 * a valid constancia, and whose latest constancia was not revoked by hand (staff decided).
 */
async function findCandidates(db: Queryable, now: Date) {
  const closedBefore = new Date(now.getTime() - HEARTBEAT_TOLERANCE_MINUTES * 60_000);
  const oldest = new Date(closedBefore.getTime() - CONSTANCIA_AUTO_DAYS * 86_400_000);
  const c = constancias;
  return db
    .selectDistinct({
      userId: orderDays.userId,
      productId: orderDays.productId,
      eventName: products.name,
      endsAt: products.endsAt,
    })
    .from(orderDays)
    .innerJoin(products, eq(products.id, orderDays.productId))
    .innerJoin(professionalProfiles, eq(professionalProfiles.userId, orderDays.userId))
    .where(
      and(
        eq(orderDays.status, 'pagado'),
        isNotNull(orderDays.userId),
        eq(products.autoConstancias, true),
        lte(products.endsAt, closedBefore),
        gt(products.endsAt, oldest),
        sql`(EXISTS (SELECT 1 FROM ${checkins} WHERE ${checkins.userId} = ${orderDays.userId} AND ${checkins.productDayId} = ${orderDays.productDayId})
          OR EXISTS (SELECT 1 FROM ${streamWatch} WHERE ${streamWatch.userId} = ${orderDays.userId} AND ${streamWatch.productDayId} = ${orderDays.productDayId} AND ${streamWatch.seconds} > 0)
          OR EXISTS (SELECT 1 FROM ${attendanceCorrections} WHERE ${attendanceCorrections.userId} = ${orderDays.userId} AND ${attendanceCorrections.productDayId} = ${orderDays.productDayId} AND ${attendanceCorrections.counts}))`,
        sql`NOT EXISTS (SELECT 1 FROM ${c} WHERE ${c.userId} = ${orderDays.userId} AND ${c.productId} = ${orderDays.productId} AND ${c.revokedAt} IS NULL)`,
        sql`coalesce((SELECT ${c.revokeReason} FROM ${c} WHERE ${c.userId} = ${orderDays.userId} AND ${c.productId} = ${orderDays.productId} ORDER BY ${c.issuedAt} DESC LIMIT 1), '') <> 'manual'`,
      ),
    )
    .orderBy(products.endsAt, orderDays.userId);
}

export interface ConstanciaJobDeps {
  db: Db;
  storage: FileStorage;
  mail: MailSettings;
  log: { warn(obj: object, msg: string): void };
}

/**
 * One run of the constancias job: issues and e-mails each candidate's constancia (audited with
 * the system as actor). Safe with several replicas at once: the issuing transaction takes the
 * person's lock and checks again, so a second replica finds it issued and adds nothing.
 * Someone who does not qualify yet (evaluation pending, too little attendance) is skipped and
 * looked at again next run.
 */
export async function runConstanciaJob(
  deps: ConstanciaJobDeps,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<{ issued: number; skipped: number; failed: number }> {
  const counts = { issued: 0, skipped: 0, failed: 0 };
  for (const found of await findCandidates(deps.db, now)) {
    if (signal?.aborted) break;
    const cand = { ...found, userId: found.userId! };
    try {
      // Candidates have no valid constancia: the latest one, if any, is the revoked one it replaces.
      const replacesFolio = (await findLatestConstancia(deps.db, cand.userId, cand.productId))?.folio ?? null;
      await issueConstancia(deps.db, deps.storage, deps.mail, {
        userId: cand.userId,
        productId: cand.productId,
        eventName: cand.eventName,
        now,
        issuedBy: null,
        replacesFolio,
        audit: (tx, folio) =>
          writeAudit(tx, {
            actorId: null,
            action: 'event.constancia_issue',
            entity: 'event',
            entityId: cand.productId,
            details: { folio, userId: cand.userId, replaces: replacesFolio, automatic: true },
          }),
      });
      counts.issued += 1;
    } catch (err) {
      if (err instanceof AppError && (err.code === 'bad_request' || err.code === 'conflict')) {
        counts.skipped += 1;
      } else {
        counts.failed += 1;
        deps.log.warn({ err, userId: cand.userId, productId: cand.productId }, 'constancia no emitida');
      }
    }
  }
  return counts;
}
