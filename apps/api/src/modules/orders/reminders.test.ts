// Reminders 24 h and 1 h before each bought day, with a moved clock: each goes out once
// (dedupe key in the outbox, so a restart or a second instance queues nothing new), only
// for days still held, and a day found late gets only the reminder of its window.

import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct, mexicoCityTime } from '../../../test/factories';
import { addToCart, createUser, placeOrder, post } from '../../../test/store-helpers';
import { queueDayReminders } from './reminders';

const HOUR = 3_600_000;
const STREAM = 'https://www.youtube.com/watch?v=recordatori';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function claimedDay(daysAhead: number) {
  const user = await createUser(ctx);
  const startsAt = mexicoCityTime(daysAhead, '09:00');
  const { product } = await createProduct(ctx.database.db, {
    price: 0,
    days: [{ label: 'Día 1', streamUrl: STREAM, startsAt, endsAt: mexicoCityTime(daysAhead, '18:00') }],
  });
  await addToCart(ctx, user, product.id, 'Día 1');
  const res = await placeOrder(ctx, user, [{ productId: product.id }]);
  return { user, startsAt, orderId: res.json().orderId as string, name: product.name };
}

async function remindersFor(name: string) {
  return ctx.database.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.subject, `Recordatorio: ${name}%`));
}

describe('day reminders', () => {
  it('24 h and 1 h before, each once, never with the stream link', async () => {
    const { startsAt, name } = await claimedDay(60);
    const at = (ms: number) => new Date(startsAt.getTime() + ms);
    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-30 * HOUR));
    expect(await remindersFor(name)).toHaveLength(0);

    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-23 * HOUR));
    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-22 * HOUR));
    let sent = await remindersFor(name);
    expect(sent.map((m) => m.subject)).toEqual([`Recordatorio: ${name} empieza mañana`]);
    expect(sent[0]!.dedupeKey).toMatch(/^recordatorio:24h:/);

    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-2 * HOUR));
    expect(await remindersFor(name)).toHaveLength(1);
    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-50 * 60_000));
    // A restart (or a second instance) running the same sweep queues nothing new.
    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(-40 * 60_000));
    sent = await remindersFor(name);
    expect(sent.map((m) => m.subject).sort()).toEqual([
      `Recordatorio: ${name} empieza en una hora`,
      `Recordatorio: ${name} empieza mañana`,
    ]);
    for (const m of sent) {
      expect(m.html + m.text).not.toContain('recordatori');
      expect(m.text).toContain('/orders');
    }
    await queueDayReminders(ctx.database.db, ctx.app.mailSettings, at(60_000));
    expect(await remindersFor(name)).toHaveLength(2);
  });

  it('a day found late gets only the reminder of its window; a cancelled day none', async () => {
    const late = await claimedDay(61);
    await queueDayReminders(
      ctx.database.db,
      ctx.app.mailSettings,
      new Date(late.startsAt.getTime() - 30 * 60_000),
    );
    expect((await remindersFor(late.name)).map((m) => m.subject)).toEqual([
      `Recordatorio: ${late.name} empieza en una hora`,
    ]);

    const gone = await claimedDay(62);
    const res = await post(ctx, '/api/order/cancel', gone.user.token, { orderId: gone.orderId });
    expect(res.statusCode).toBe(200);
    await queueDayReminders(
      ctx.database.db,
      ctx.app.mailSettings,
      new Date(gone.startsAt.getTime() - 23 * HOUR),
    );
    await queueDayReminders(
      ctx.database.db,
      ctx.app.mailSettings,
      new Date(gone.startsAt.getTime() - 30 * 60_000),
    );
    expect(await remindersFor(gone.name)).toHaveLength(0);
  });
});
