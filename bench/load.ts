/** Closed-loop load: `connections` fetch loops, each keeping one request in flight, and the figures. */

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  rate: number;
  failures: number;
  /** Answers 503 (the in-flight cap or the request timeout shed them), counted apart from failures. */
  shed: number;
  /** Successful requests in the measured window. */
  requests: number;
}

/** Called right before and after the measured window (after the warm-up), e.g. to read CPU counters. */
export interface LoadHooks {
  before?: () => void | Promise<void>;
  after?: () => void | Promise<void>;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const ms = (value: number): string => `${value.toFixed(2).padStart(8)} ms`;

export function report(label: string, durations: number[], extra = ''): void {
  durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} p50 ${ms(percentile(durations, 50))}  p95 ${ms(percentile(durations, 95))}  p99 ${ms(percentile(durations, 99))}${extra}`,
  );
}

/** One second of warm-up, then `seconds` measured; only successful requests count in the latencies. */
export async function load(
  label: string,
  url: string,
  /** Fixed headers, or a function giving each request its own (a fresh DPoP proof, maybe signed now). */
  headers: HeadersInit | (() => HeadersInit | Promise<HeadersInit>),
  connections: number,
  seconds: number,
  hooks: LoadHooks = {},
): Promise<LoadResult> {
  const durations: number[] = [];
  let failures = 0;
  let shed = 0;
  const runFor = async (duration: number, record: boolean): Promise<void> => {
    const deadline = performance.now() + duration * 1000;
    const loop = async (): Promise<void> => {
      while (performance.now() < deadline) {
        // The proof is signed before the clock starts: the client's signing is not the server's latency.
        const requestHeaders = typeof headers === 'function' ? await headers() : headers;
        const started = performance.now();
        try {
          const response = await fetch(url, { headers: requestHeaders });
          await response.arrayBuffer();
          if (response.status === 503) shed += record ? 1 : 0;
          else if (!response.ok) failures += record ? 1 : 0;
          else if (record) durations.push(performance.now() - started);
        } catch {
          failures += record ? 1 : 0;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
  };
  await runFor(1, false);
  await hooks.before?.();
  const started = performance.now();
  await runFor(seconds, true);
  const rate = durations.length / ((performance.now() - started) / 1000);
  await hooks.after?.();
  report(label, durations, `  ${rate.toFixed(0).padStart(6)} req/s  ${failures} failed  ${shed} shed (503)`);
  return {
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    rate,
    failures,
    shed,
    requests: durations.length,
  };
}

/**
 * One `/healthz` at a time while `work` runs: what an orchestrator's liveness probe sees under load
 * (at 200 connections it took a median 33 s before the load shedding).
 */
export async function probeHealthDuring<T>(base: string, work: Promise<T>): Promise<T> {
  const durations: number[] = [];
  let done = false;
  let failures = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(60_000) });
        await response.arrayBuffer();
        if (response.ok) durations.push(performance.now() - started);
        else failures++;
      } catch {
        failures++;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await work;
  done = true;
  await probing;
  report(
    '  GET /healthz meanwhile (one at a time)',
    durations,
    `  ${durations.length} probes  ${failures} failed`,
  );
  return result;
}
