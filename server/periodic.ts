/**
 * A job each server process runs every `intervalMs`: one pass at a time (a slow pass delays the next
 * instead of overlapping it), a failed pass reported and the next one tried, and `stop` waiting for the
 * pass under way so a shutdown does not cut it off. Work that must happen once across processes takes
 * its own lock in PostgreSQL inside `pass`.
 */
export function startPeriodic(options: {
  intervalMs: number;
  pass: () => Promise<void>;
  onError: (error: Error) => void;
}): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(options.pass).catch(options.onError);
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
