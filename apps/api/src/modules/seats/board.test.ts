import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { productDays } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { SEAT_BOARD_MS, SeatBoard, seatsMayBeFree, seatsTakenNow } from './board';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function limitedDay(capacity: number) {
  const { product, days } = await createProduct(ctx.database.db, {
    days: [{ label: 'Taller', seatCapacity: capacity }],
  });
  const take = (n: number) =>
    ctx.database.db.update(productDays).set({ seatsTaken: n }).where(eq(productDays.id, days[0]!.id));
  return { key: { productId: product.id, label: 'Taller' }, id: days[0]!.id, take };
}

describe('the seat board', () => {
  it('says full only from what it read, and reads again near the end of a day', async () => {
    let now = 0;
    let filled = 0;
    const board = new SeatBoard(
      ctx.database.db,
      () => filled++,
      () => now,
    );
    try {
      const day = await limitedDay(50);
      await board.refresh();
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(false);
      await day.take(50); // sold elsewhere: the board does not know yet
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(false);
      // A checkout far from the end does not make it read…
      await day.take(5);
      await board.refresh();
      await day.take(50);
      board.readIfNearlyFull([day.key], 40); // 45 seats were free at the last read: no read
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(false);
      await board.refresh();
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(true);
      expect(filled).toBe(1);
      expect(() => board.refuseSoldOut([day.key])).toThrow(MSG.seatsSoldOut);
      // A seat given back in this process: never "full" for the next second, whatever a read says.
      seatsMayBeFree([day.id]);
      await board.refresh();
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(false);
      now += SEAT_BOARD_MS;
      await board.refresh();
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(true);
    } finally {
      board.close();
    }
  });

  it('reads again at once when a checkout took a seat of a nearly full day', async () => {
    let filled = 0;
    const board = new SeatBoard(ctx.database.db, () => filled++);
    try {
      const day = await limitedDay(10);
      await day.take(9);
      await board.refresh();
      const before = filled; // other tests' full days, seen at the first read
      await day.take(10);
      board.readIfNearlyFull([day.key]);
      for (let i = 0; i < 50 && !board.soldOut(day.key.productId, 'Taller'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(true);
      expect(filled).toBe(before + 1);
    } finally {
      board.close();
    }
  });

  it('knows at once when a checkout of this process took the last seat', async () => {
    let filled = 0;
    const board = new SeatBoard(ctx.database.db, () => filled++);
    try {
      const day = await limitedDay(3);
      await day.take(2);
      await board.refresh();
      const before = filled;
      seatsTakenNow(new Map([[day.id, 2]])); // older than what it read: nothing changes
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(false);
      seatsTakenNow(new Map([[day.id, 3]]));
      expect(board.soldOut(day.key.productId, 'Taller')).toBe(true);
      expect(filled).toBe(before + 1);
    } finally {
      board.close();
    }
  });
});
