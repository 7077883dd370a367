// Removing the demo data ("Eliminar datos de demostración"), in one transaction: the demo
// accounts' orders and constancias go (seats and coupon uses given back, the PDFs deleted
// after the commit), then the demo accounts;
// a demo event or coupon that a real customer's order holds is archived or deactivated
// instead of deleted, so nobody loses what they bought; the rest is deleted. Audited.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminDemoDataRemoveResponse } from '@store/shared/schemas/admin/demo-data';
import type { Db } from '../../../db/client';
import type { FileStorage } from '../../../lib/storage/storage';
import { AppError } from '../../../lib/errors';
import { writeAudit } from '../audit/repo';
import { countDemoData } from '../../../db/demo-data';
import { deleteOrdersOf } from '../../lifecycle';
import {
  deleteConstanciasOf,
  deleteDemoUsers,
  demoUserIds,
  removeDemoCoupons,
  removeDemoProducts,
} from './repo';

export async function removeDemoData(
  db: Db,
  storage: Pick<FileStorage, 'delete'>,
  actorId: string,
): Promise<Omit<AdminDemoDataRemoveResponse, 'success' | 'message'>> {
  let files: string[] = [];
  const removed = await db.transaction(async (tx) => {
    const before = await countDemoData(tx);
    if (before.products + before.coupons + before.users === 0) {
      throw new AppError('conflict', ADMIN_MSG.demoDataNone);
    }
    const userIds = await demoUserIds(tx);
    files = await deleteConstanciasOf(tx, userIds);
    const deletedOrders = await deleteOrdersOf(tx, userIds);
    const productsResult = await removeDemoProducts(tx);
    const couponsResult = await removeDemoCoupons(tx);
    const deletedUsers = await deleteDemoUsers(tx, userIds);
    const result = {
      deletedProducts: productsResult.deleted,
      archivedProducts: productsResult.archived,
      deletedCoupons: couponsResult.deleted,
      deactivatedCoupons: couponsResult.deactivated,
      deletedUsers,
      deletedOrders,
    };
    await writeAudit(tx, { actorId, action: 'demo.remove', entity: 'demo', entityId: null, details: result });
    return result;
  });
  // A PDF left behind is only a file nobody links to: the removal stands either way.
  await Promise.all(files.map((key) => storage.delete(key).catch(() => undefined)));
  return removed;
}
