/**
 * Latency at a given offered rate (open loop), beside bench/api.ts's closed loop: with 50 connections
 * each waiting for its answer, the mean latency is 50 / rate whatever the server does, so a p99 under
 * 50 ms needs over 1,000 req/s. Here requests leave on a schedule (`rate` per second over `connections`
 * connections) and each latency counts from its scheduled start, so a server falling behind shows it
 * (no coordinated omission).
 */
import { percentile } from './load';

export interface PacedResult {
  p50: number;
  p95: number;
  p99: number;
  sent: number;
  failures: number;
}

export async function paced(
  url: string,
  headers: () => HeadersInit,
  rate: number,
  connections: number,
  seconds: number,
): Promise<PacedResult> {
  const total = Math.round(rate * seconds);
  const durations: number[] = [];
  let failures = 0;
  const started = performance.now();
  const connection = async (index: number): Promise<void> => {
    for (let request = index; request < total; request += connections) {
      const due = started + (request * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const response = await fetch(url, { headers: headers() });
        await response.arrayBuffer();
        if (response.ok) durations.push(performance.now() - due);
        else failures++;
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  durations.sort((a, b) => a - b);
  return {
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    p99: percentile(durations, 99),
    sent: total,
    failures,
  };
}
