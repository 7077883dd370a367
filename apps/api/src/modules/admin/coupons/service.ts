// Coupon rules for the back office: codes are unique (stored uppercase), fixed amounts are
// kept in centavos, the use limit never drops below the uses already counted, and a coupon
// is deactivated rather than deleted (orders keep pointing at it).

import { toCentavos, toPesos } from '@store/shared/domain/money';
import { ADMIN_MSG, adminCouponLimitBelowUsed } from '@store/shared/admin-messages';
import type { AdminCoupon, AdminCouponData, CouponState } from '@store/shared/schemas/admin/coupons';
import type { Db, Queryable } from '../../../db/client';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { writeAudit } from '../audit/repo';
import {
  countExistingProducts,
  findCoupon,
  findCouponByCode,
  insertCoupon,
  listCoupons,
  lockCoupon,
  updateCoupon,
  type CouponRow,
  type NewCouponRow,
} from './repo';

export function couponState(row: CouponRow, now = new Date()): CouponState {
  if (!row.active) return 'inactivo';
  if (row.validUntil && row.validUntil <= now) return 'expirado';
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return 'agotado';
  if (row.validFrom && row.validFrom > now) return 'programado';
  return 'vigente';
}

export function toAdminCoupon(row: CouponRow, now = new Date()): AdminCoupon {
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType,
    discountValue: row.discountType === 'fixed' ? toPesos(row.discountValue) : row.discountValue,
    productIds: row.productIds,
    userTypes: row.userTypes,
    validFrom: row.validFrom?.getTime() ?? null,
    validUntil: row.validUntil?.getTime() ?? null,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    usedCount: row.usedCount,
    active: row.active,
    state: couponState(row, now),
    createdAt: row.createdAt.getTime(),
  };
}

async function toRow(db: Queryable, data: AdminCouponData): Promise<Omit<NewCouponRow, 'id'>> {
  const productIds = [...new Set(data.productIds)];
  if ((await countExistingProducts(db, productIds)) !== productIds.length) {
    throw new AppError('bad_request', ADMIN_MSG.couponProductInvalid);
  }
  return {
    code: data.code,
    description: data.description,
    discountType: data.discountType,
    discountValue: data.discountType === 'fixed' ? toCentavos(data.discountValue) : data.discountValue,
    productIds,
    userTypes: [...new Set(data.userTypes)],
    validFrom: data.validFrom ? new Date(data.validFrom) : null,
    validUntil: data.validUntil ? new Date(data.validUntil) : null,
    maxUses: data.maxUses,
    maxUsesPerUser: data.maxUsesPerUser,
    active: data.active,
  };
}

/** Values the audit log keeps (the money as the admin typed it). */
function auditValues(row: Omit<NewCouponRow, 'id'>) {
  return {
    code: row.code,
    discountType: row.discountType,
    discountValue: row.discountType === 'fixed' ? toPesos(row.discountValue) : row.discountValue,
    productIds: row.productIds,
    userTypes: row.userTypes,
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerUser: row.maxUsesPerUser,
    active: row.active,
  };
}

export async function listAdminCoupons(db: Db): Promise<AdminCoupon[]> {
  const now = new Date();
  return (await listCoupons(db)).map((r) => toAdminCoupon(r, now));
}

export async function createCoupon(db: Db, actorId: string, data: AdminCouponData): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const values = await toRow(tx, data);
      if (await findCouponByCode(tx, values.code)) throw new AppError('conflict', ADMIN_MSG.couponCodeTaken);
      const row = await insertCoupon(tx, values);
      await writeAudit(tx, {
        actorId,
        action: 'coupon.create',
        entity: 'coupon',
        entityId: row.id,
        details: auditValues(values),
      });
      return toAdminCoupon(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_MSG.couponCodeTaken);
    throw err;
  }
}

export async function updateCouponById(
  db: Db,
  actorId: string,
  id: string,
  data: AdminCouponData,
): Promise<AdminCoupon> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockCoupon(tx, id);
      if (!current) throw new AppError('not_found', ADMIN_MSG.couponNotFound);
      const values = await toRow(tx, data);
      if (values.code !== current.code) {
        const other = await findCouponByCode(tx, values.code);
        if (other && other.id !== id) throw new AppError('conflict', ADMIN_MSG.couponCodeTaken);
      }
      if (values.maxUses !== null && values.maxUses !== undefined && values.maxUses < current.usedCount) {
        throw new AppError('conflict', adminCouponLimitBelowUsed(current.usedCount));
      }
      const row = await updateCoupon(tx, id, values);
      await writeAudit(tx, {
        actorId,
        action: 'coupon.update',
        entity: 'coupon',
        entityId: id,
        details: { before: auditValues(current), after: auditValues(values) },
      });
      return toAdminCoupon(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', ADMIN_MSG.couponCodeTaken);
    throw err;
  }
}

export async function setCouponActive(
  db: Db,
  actorId: string,
  id: string,
  active: boolean,
): Promise<AdminCoupon> {
  return db.transaction(async (tx) => {
    const current = await lockCoupon(tx, id);
    if (!current) throw new AppError('not_found', ADMIN_MSG.couponNotFound);
    if (current.active === active) return toAdminCoupon(current);
    const row = await updateCoupon(tx, id, { active });
    await writeAudit(tx, {
      actorId,
      action: active ? 'coupon.activate' : 'coupon.deactivate',
      entity: 'coupon',
      entityId: id,
      details: { code: current.code },
    });
    return toAdminCoupon(row);
  });
}

export async function getAdminCoupon(db: Db, id: string): Promise<AdminCoupon> {
  const row = await findCoupon(db, id);
  if (!row) throw new AppError('not_found', ADMIN_MSG.couponNotFound);
  return toAdminCoupon(row);
}
