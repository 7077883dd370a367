// Prometheus metrics (prom-client), only when METRICS_TOKEN or METRICS_PORT is set: requests
// by route template, method and status with their latency; the process (event-loop lag, heap,
// CPU: prom-client's defaults); the database pool; the business queues, read at each scrape.
// Every metric, and the alert to set on it, is listed in docs/operations.md#metrics.

import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readBusinessQueues, type BusinessQueues } from './business-queues';

/** A scrape reads the queues once for all their gauges. */
const QUEUES_FRESH_MS = 1000;

export function createMetrics(app: FastifyInstance): Registry | null {
  const { config } = app;
  if (!config.METRICS_TOKEN && !config.METRICS_PORT) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Respuestas HTTP por plantilla de ruta, método y estado',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Tiempo de respuesta HTTP por plantilla de ruta, método y estado',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The template (/api/order/:id), never the path: one series per route, not per id.
    // Paths no route matches (SPA pages, missing files) share one label.
    const labels = {
      route: req.routeOptions.url ?? 'unmatched',
      method: req.method,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'store_db_pool_connections',
    help: 'Pool de PostgreSQL: conexiones total, idle (libres), in_use (en uso) y waiting (peticiones esperando una); sin pool en PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = app.db.poolStats();
      if (!stats) return;
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
      this.set({ state: 'in_use' }, stats.total - stats.idle);
    },
  });

  new Gauge({
    name: 'store_checkout_line',
    help: 'Fila de compra de este proceso (docs/on-sale.md): running (en curso), waiting (en la fila), capacity; y desde el arranque admitted, queued (tuvieron que esperar), left (se fueron de la fila) y finished (respondidas)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      for (const [state, n] of Object.entries(app.checkoutLine.figures())) this.set({ state }, n);
    },
  });

  let read: { at: number; promise: Promise<BusinessQueues | null> } | null = null;
  const queues = () => {
    if (!read || Date.now() - read.at > QUEUES_FRESH_MS) {
      read = {
        at: Date.now(),
        promise: readBusinessQueues(app.db.db).catch((err: unknown) => {
          app.log.warn({ err }, 'métricas: no se pudieron leer las colas de la base de datos');
          return null;
        }),
      };
    }
    return read.promise;
  };
  new Gauge({
    name: 'store_database_up',
    help: '1 si la última lectura de las colas en la base de datos funcionó, 0 si falló',
    registers: [registry],
    async collect() {
      this.set((await queues()) ? 1 : 0);
    },
  });
  const queueGauge = (
    name: string,
    help: string,
    value: (q: BusinessQueues) => number | Record<string, number>,
    label?: string,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: label ? [label] : [],
      registers: [registry],
      async collect() {
        const q = await queues();
        if (!q) return;
        const v = value(q);
        if (typeof v === 'number') this.set(v);
        else for (const [key, n] of Object.entries(v)) this.set({ [label!]: key }, n);
      },
    });
  queueGauge(
    'store_orders',
    'Órdenes por estado (pendiente = apartados sin pagar)',
    (q) => q.orders,
    'status',
  );
  queueGauge(
    'store_payments_waiting',
    'Órdenes que esperan el pago en efectivo en OXXO o una transferencia SPEI',
    (q) => q.paymentsWaiting,
    'method',
  );
  queueGauge(
    'store_payments_waiting_pesos',
    'Pesos que esperan pagarse en efectivo en OXXO o por transferencia SPEI',
    (q) => q.paymentsWaitingPesos,
    'method',
  );
  queueGauge(
    'store_orders_pending_overdue',
    'Apartados sin pagar vencidos hace más de 5 minutos (la expiración no está corriendo)',
    (q) => q.ordersOverdue,
  );
  queueGauge(
    'store_email_outbox',
    'Correos en la bandeja de salida: pending (por enviar) y failed (agotaron los intentos)',
    (q) => ({ pending: q.emailsPending, failed: q.emailsFailed }),
    'status',
  );
  queueGauge(
    'store_email_oldest_due_seconds',
    'Segundos que lleva esperando el correo pendiente más antiguo que ya debía salir',
    (q) => q.oldestEmailDueSeconds,
  );
  queueGauge(
    'store_cfdi_pending',
    'Facturas y notas de crédito esperando al PAC',
    (q) => ({ invoice: q.invoicesPending, credit_note: q.creditNotesPending }),
    'kind',
  );
  queueGauge(
    'store_cfdi_failed',
    'Facturas y notas de crédito en error, esperando a una persona',
    (q) => ({ invoice: q.invoicesFailed, credit_note: q.creditNotesFailed }),
    'kind',
  );
  queueGauge(
    'store_refunds',
    'Reembolsos pedidos a PayPal: pendiente y fallido',
    (q) => ({ pendiente: q.refundsPending, fallido: q.refundsFailed }),
    'status',
  );
  queueGauge(
    'store_waitlist_offers_open',
    'Ofertas de lugar de la lista de espera abiertas',
    (q) => q.waitlistOffersOpen,
  );
  return registry;
}
