// Background loop: pending orders whose payment window (expiresAt) closed are cancelled,
// giving back their seats and coupon uses. Payments set expiresAt when they create a
// pending order; cash orders have none and wait for the association.

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { expirePendingOrders } from './service';

export interface OrderExpiry {
  stop(): Promise<void>;
}

export function startOrderExpiry(
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  intervalMs = 60_000,
): OrderExpiry {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = expirePendingOrders(db)
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'órdenes pendientes vencidas canceladas');
      })
      .catch((err: unknown) => log.error({ err }, 'error al vencer órdenes pendientes'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
