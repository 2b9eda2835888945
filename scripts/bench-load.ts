/** Closed-loop load: `connections` fetch loops, each keeping one request in flight, and the figures. */

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  rate: number;
  failures: number;
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
  headers: HeadersInit,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const durations: number[] = [];
  let failures = 0;
  const runFor = async (duration: number, record: boolean): Promise<void> => {
    const deadline = performance.now() + duration * 1000;
    const loop = async (): Promise<void> => {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (!response.ok) failures += record ? 1 : 0;
          else if (record) durations.push(performance.now() - started);
        } catch {
          failures += record ? 1 : 0;
        }
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
  };
  await runFor(1, false);
  const started = performance.now();
  await runFor(seconds, true);
  const rate = durations.length / ((performance.now() - started) / 1000);
  report(label, durations, `  ${rate.toFixed(0).padStart(6)} req/s  ${failures} failed`);
  return {
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    rate,
    failures,
  };
}
