/**
 * `work`, or a rejection once `ms` have passed without its answer: a probe of the database (the readiness
 * ping, a metrics scrape) must say "no" in time instead of hanging. `work` itself goes on; its late answer
 * or failure is dropped (the race has already handled it).
 */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
