// How a shutdown waits on work that may hang on the network (a request in flight, a job's run):
// at most `graceMs`, then it goes on without it.

/** True when `work` settled (resolved or rejected) within `graceMs`, false when it was given up. */
export async function withinGrace(work: Promise<unknown>, graceMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
