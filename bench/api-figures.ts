/** The figures of bench/api.ts over its rounds: medians, ranges and ratios between servers. */
import type { LoadResult } from './load';

export interface Figures extends LoadResult {
  /** ms of the server process's CPU per successful request. */
  serverCpu: number;
  /** ms of the database backends' CPU per successful request (null when /proc is not readable). */
  postgresCpu: number | null;
}

/** One round: each server's figures by its label. */
export type Round = Map<string, Figures>;

/** Median and range of one figure over the rounds. */
export function spread(values: number[], digits = 2): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(middle)] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return `${median.toFixed(digits)} (${(sorted[0] ?? 0).toFixed(digits)}–${(sorted.at(-1) ?? 0).toFixed(digits)})`;
}

const figure = (round: Round, label: string): Figures => {
  const found = round.get(label);
  if (!found) throw new Error(`no figures for ${label}`);
  return found;
};

/** `a` against `b` in one round: share of the rate, and multiples of the CPU. */
export function ratioLine(round: Round, a: string, b: string): string {
  const [x, y] = [figure(round, a), figure(round, b)];
  return `${a}/${b}: ${((100 * x.rate) / y.rate).toFixed(0)} % of the req/s, ${(x.serverCpu / y.serverCpu).toFixed(2)} × the server CPU`;
}

/**
 * Medians over the rounds, each label's and each pair's (`pairs`: [a, b] as a against b). Closed loop:
 * each connection waits for its answer, so the mean latency is connections / rate whatever the server
 * does; a p99 under 50 ms at 50 connections would need well over 1,000 req/s.
 */
export function summarize(rounds: Round[], labels: string[], pairs: [string, string][]): void {
  const of = (pick: (round: Round) => number, digits = 2) => spread(rounds.map(pick), digits);
  console.log(`  median (range) of ${rounds.length} rounds:`);
  for (const label of labels) {
    const side = (round: Round) => figure(round, label);
    console.log(
      `    ${label.padEnd(9)} ${of((r) => side(r).rate, 0)} req/s, p99 ${of((r) => side(r).p99, 0)} ms, server CPU ${of((r) => side(r).serverCpu)} ms/request, PostgreSQL CPU ${of((r) => side(r).postgresCpu ?? 0)} ms/request`,
    );
  }
  for (const [a, b] of pairs) {
    const x = (round: Round) => figure(round, a);
    const y = (round: Round) => figure(round, b);
    console.log(
      `    ${a}/${b}: ${of((r) => (100 * x(r).rate) / y(r).rate, 0)} % of the req/s, ${of((r) => x(r).serverCpu / y(r).serverCpu)} × the server CPU, ${of((r) => (x(r).postgresCpu ?? 0) / (y(r).postgresCpu ?? 1))} × the PostgreSQL CPU`,
    );
  }
}
