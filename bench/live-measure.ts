/**
 * bench:live's figures: the server processes' memory and CPU from /proc, and the time one change takes to
 * reach every open stream, published through the real path (publishLive: pg_notify on the schema's
 * channel, which every process LISTENs to) as one transaction naming every account.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Database } from '../server/db/client';
import { publishLive } from '../server/services/live/publish';
import type { LiveStream } from './live-streams';
import { percentile } from './load';

const ticksPerSecond = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** VmRSS of a process, in MB. */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
}

/** utime + stime of a process, in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis start at field 3 (state); utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` readings of the process's RSS, a second apart, each right after a full collection (`collect`):
 * the memory the process holds, not the garbage it happens to carry; the readings' range is the spread.
 */
export async function rssReadings(
  pid: number,
  count: number,
  collect: () => Promise<void>,
): Promise<number[]> {
  const readings: number[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0) await sleep(1000);
    await collect();
    // The pages a collection frees leave the RSS a moment later (V8 releases them off the main thread).
    await sleep(300);
    readings.push(rssMb(pid));
  }
  return readings;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // An even count (two pairs of loads): the mean of the middle two, not the upper one.
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
export const spread = (values: readonly number[], digits = 1): string =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** CPU ms per second of each process over `seconds`, read every second (median and range of the seconds). */
export async function cpuAtRest(pids: readonly number[], seconds: number): Promise<number[][]> {
  const perSecond = pids.map(() => [] as number[]);
  let last = pids.map(cpuMs);
  for (let second = 0; second < seconds; second++) {
    await sleep(1000);
    const now = pids.map(cpuMs);
    now.forEach((value, index) => {
      perSecond[index]?.push(value - (last[index] ?? 0));
    });
    last = now;
  }
  return perSecond;
}

export interface FanOut {
  /** ms from the publish to each stream's receipt; missing streams are not in it. */
  latencies: number[];
  missed: number;
  /** Share of all streams that got the change within 2 s. */
  within2s: number;
  publishMs: number;
}

/** Ids per NOTIFY: PostgreSQL's payload limit is 8,000 bytes, and 1,000 ids of up to 6 digits fit. */
const IDS_PER_NOTICE = 1000;

/**
 * One change for every account: a transaction of notices naming them all (what a survey card sent to a
 * project's participants publishes), then waits until every stream has it or `timeoutMs` passed.
 */
export async function fanOut(
  db: Database,
  streams: readonly LiveStream[],
  timeoutMs: number,
): Promise<FanOut> {
  const before = streams.map((stream) => stream.changes.length);
  const userIds = [...new Set(streams.map((stream) => stream.userId))];
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (let start = 0; start < userIds.length; start += IDS_PER_NOTICE)
      await publishLive(tx, { topics: ['surveys'], userIds: userIds.slice(start, start + IDS_PER_NOTICE) });
  });
  const publishMs = performance.now() - started;
  const arrived = (): number =>
    streams.filter((stream, index) => stream.changes.length > (before[index] ?? 0)).length;
  while (arrived() < streams.length && performance.now() - started < timeoutMs) await sleep(50);
  const latencies = streams.flatMap((stream, index) => {
    const at = stream.changes[before[index] ?? 0];
    return at === undefined ? [] : [at - started];
  });
  latencies.sort((a, b) => a - b);
  const within = latencies.filter((ms) => ms <= 2000).length;
  return {
    latencies,
    missed: streams.length - latencies.length,
    within2s: within / Math.max(1, streams.length),
    publishMs,
  };
}

export function fanOutLine(round: FanOut): string {
  const { latencies } = round;
  const at = (p: number): string => `${percentile(latencies, p).toFixed(0).padStart(6)} ms`;
  return `p50 ${at(50)}  p99 ${at(99)}  max ${(latencies.at(-1) ?? 0).toFixed(0).padStart(6)} ms  within 2 s ${(100 * round.within2s).toFixed(2)} %  missed ${round.missed}  (publish ${round.publishMs.toFixed(0)} ms)`;
}
