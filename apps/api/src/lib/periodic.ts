// A background job run now and then every `intervalMs` after each run ends (never two runs at
// once); its timer does not keep the process alive, and stop() waits for a run in progress.
export interface PeriodicJob {
  stop(): Promise<void>;
}

export function startPeriodic(run: () => Promise<unknown>, intervalMs: number): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = run().finally(() => {
      if (!stopped) {
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      }
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
