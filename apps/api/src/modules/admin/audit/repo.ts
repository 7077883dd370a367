// The audit log of admin changes (who, when, what): written in the same transaction as the
// change it records, read by the order detail and the audit page.

import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminAuditEntry } from '@store/shared/schemas/admin/audit';
import type { Queryable } from '../../../db/client';
import { auditLog, users } from '../../../db/schema';

export interface AuditInput {
  /** null: the store itself (a job or a lifecycle subscriber), shown as «Sistema». */
  actorId: string | null;
  /** dotted verb, e.g. 'order.cancel' (labels in AUDIT_ACTION_LABELS). */
  action: string;
  /** `site`: the association's own settings (its default constancia signatures). */
  entity: 'event' | 'coupon' | 'member' | 'order' | 'upload' | 'demo' | 'site';
  entityId: string | null;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Queryable, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details ?? {},
  });
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  page: number;
  pageSize: number;
}

export async function listAudit(
  db: Queryable,
  filter: AuditFilter,
): Promise<{ entries: AdminAuditEntry[]; total: number }> {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  const cond = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [totalRow] = await db.select({ n: count() }).from(auditLog).where(cond);
  return {
    entries: rows.map((r) => ({
      _id: r.entry.id,
      date: r.entry.createdAt.getTime(),
      action: r.entry.action,
      entity: r.entry.entity,
      entityId: r.entry.entityId,
      details: r.entry.details,
      actor:
        r.entry.actorId && r.actorEmail !== null
          ? { _id: r.entry.actorId, name: r.actorName ?? '', email: r.actorEmail }
          : null,
    })),
    total: totalRow?.n ?? 0,
  };
}
