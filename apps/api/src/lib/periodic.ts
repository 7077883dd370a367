// The one loop every background job runs on (jobs.ts lists them): a run now and then every
// `intervalMs` after each run ends (never two runs at once); its timer does not keep the
// process alive. stop() aborts the run's signal (a job checks it between units of work) and
// waits for the run: with `graceMs`, at most that long, so a run stuck on a slow network call
// cannot hold a shutdown (what it claimed keeps its lease and is taken again later).
import { withinGrace } from './within-grace';

export interface PeriodicJob {
  /** Resolves true when the run in progress finished, false when it was abandoned after graceMs. */
  stop(graceMs?: number): Promise<boolean>;
}

export function startPeriodic(
  run: (signal: AbortSignal) => Promise<unknown>,
  intervalMs: number,
): PeriodicJob {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = run(abort.signal).finally(() => {
      if (!abort.signal.aborted) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
    });
  };
  tick();
  return {
    async stop(graceMs?: number) {
      abort.abort();
      if (timer) clearTimeout(timer);
      if (graceMs !== undefined) return withinGrace(running, graceMs);
      await running.catch(() => undefined);
      return true;
    },
  };
}
