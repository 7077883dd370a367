// Every core of the machine for one store on PostgreSQL: with WORKERS above 1 the process
// started (`node apps/api/dist/server.js`) becomes a small primary that runs WORKERS copies
// of the server with Node's cluster module and serves nothing itself. `npm start` sets
// WORKERS to the number of cores when DATABASE_URL is set (scripts/start.mjs); unset, one
// process. The
// workers share the listening port (the primary hands each new connection to the next
// worker). Each worker is a whole replica: it migrates and seeds under the advisory lock
// (the first one does the work, the others find nothing to do), follows the change
// notifications, and runs the background jobs, which are safe in several processes (rows
// claimed with FOR UPDATE SKIP LOCKED and a lease, reminders with dedupe keys;
// docs/operations.md). Only the first worker opens METRICS_PORT.
//
// One process only: the embedded database (PGlite lives inside the process and two
// processes on one folder corrupt it) and the PayPal simulator (its state is in memory).

import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';

/** How many server processes this configuration runs. */
export function workerCount(
  config: Pick<Config, 'DATABASE_URL' | 'PAYPAL_SIMULATOR' | 'STRIPE_SIMULATOR' | 'WORKERS'>,
): number {
  // A simulator runs beside one process only (each worker would start its own).
  if (!config.DATABASE_URL || config.PAYPAL_SIMULATOR || config.STRIPE_SIMULATOR) return 1;
  return config.WORKERS ?? 1;
}

/**
 * In the process started first, with more than one worker to run: starts the workers, keeps
 * them running (one that dies after it served is replaced; one that dies before it ever
 * listened stops the whole store, with its exit code: a wrong setting would only die again),
 * passes SIGINT/SIGTERM on and exits when they have all stopped. Returns true there; false
 * in a worker or when one process is enough (the caller then serves).
 */
export function runAsClusterPrimary(config: Config): boolean {
  if (!cluster.isPrimary) return false;
  const count = workerCount(config);
  if (count <= 1) {
    if (config.WORKERS && config.WORKERS > 1) {
      console.log(
        config.DATABASE_URL
          ? '  WORKERS se ignora con el simulador de PayPal: un solo proceso.'
          : '  WORKERS se ignora con la base de datos embebida (PGlite): un solo proceso.',
      );
    }
    return false;
  }

  let stopping = false;
  let exitCode = 0;
  const slots = new Map<Worker, number>();
  const start = (slot: number) => {
    // Only the first worker opens the metrics port (the others would share it and each
    // scrape would see one worker at random).
    const worker = cluster.fork(slot === 0 ? {} : { METRICS_PORT: '' });
    slots.set(worker, slot);
    let listened = false;
    worker.once('listening', () => (listened = true));
    worker.once('exit', (code, signal) => {
      slots.delete(worker);
      if (!stopping && listened) {
        console.error(`El proceso ${worker.process.pid} terminó (${signal ?? code}); se inicia otro.`);
        setTimeout(() => start(slot), 1000);
      } else if (!stopping) {
        console.error(
          `El proceso ${worker.process.pid} terminó al iniciar (${signal ?? code}); se detiene la tienda.`,
        );
        exitCode = code || 1;
        stop('SIGTERM');
      }
      if (slots.size === 0 && stopping) process.exit(exitCode);
    });
  };
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of slots.keys()) worker.process.kill(signal);
    if (slots.size === 0) process.exit(exitCode);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`  ${count} procesos de la tienda (WORKERS) con PostgreSQL.`);
  for (let slot = 0; slot < count; slot++) start(slot);
  return true;
}
