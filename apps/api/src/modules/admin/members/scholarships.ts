// Scholarships of one member (docs/fees.md → Scholarships): granted by an admin for every
// event or for one event, revoked the same way; each change is audited. The price reads them
// through the pricing module (a becado member pays the step's scholarship price).

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminScholarship } from '@store/shared/schemas/admin/participant-types';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client';
import { products, scholarships, users } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { writeAudit } from '../audit/repo';

async function memberEmail(db: Queryable, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', ADMIN_MSG.memberNotFound);
  return row.email;
}

export async function memberScholarships(db: Queryable, userId: string): Promise<AdminScholarship[]> {
  await memberEmail(db, userId);
  const rows = await db
    .select({
      id: scholarships.id,
      productId: scholarships.productId,
      productName: products.name,
      createdAt: scholarships.createdAt,
    })
    .from(scholarships)
    .leftJoin(products, eq(products.id, scholarships.productId))
    .where(eq(scholarships.userId, userId))
    .orderBy(asc(scholarships.createdAt), asc(scholarships.id));
  return rows.map((r) => ({
    _id: r.id,
    productId: r.productId,
    productName: r.productId ? (r.productName ?? '') : null,
    createdAt: r.createdAt.getTime(),
  }));
}

export async function grantScholarship(
  db: Db,
  actorId: string,
  userId: string,
  productId: string | null,
): Promise<AdminScholarship[]> {
  try {
    await db.transaction(async (tx) => {
      const email = await memberEmail(tx, userId);
      let productName: string | null = null;
      if (productId) {
        const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
        if (!p) throw new AppError('not_found', ADMIN_MSG.scholarshipEventNotFound);
        productName = p.name;
      }
      const [row] = await tx
        .insert(scholarships)
        .values({ userId, productId, grantedBy: actorId })
        .returning({ id: scholarships.id });
      await writeAudit(tx, {
        actorId,
        action: 'member.scholarship_grant',
        entity: 'member',
        entityId: userId,
        details: { email, scholarshipId: row!.id, productId, productName },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_MSG.scholarshipExists);
    throw err;
  }
  return memberScholarships(db, userId);
}

export async function revokeScholarship(
  db: Db,
  actorId: string,
  userId: string,
  scholarshipId: string,
): Promise<AdminScholarship[]> {
  await db.transaction(async (tx) => {
    const email = await memberEmail(tx, userId);
    const [row] = await tx
      .delete(scholarships)
      .where(and(eq(scholarships.id, scholarshipId), eq(scholarships.userId, userId)))
      .returning({ productId: scholarships.productId });
    if (!row) throw new AppError('not_found', ADMIN_MSG.scholarshipNotFound);
    await writeAudit(tx, {
      actorId,
      action: 'member.scholarship_revoke',
      entity: 'member',
      entityId: userId,
      details: { email, scholarshipId, productId: row.productId },
    });
  });
  return memberScholarships(db, userId);
}
