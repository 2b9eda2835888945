import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Logger } from './logger';

/**
 * WORKERS: how many server processes one machine runs (`auto`: one per core). Unset or 1: the server
 * runs in this process, as without the setting. Throws on anything else, so a typo stops the start.
 */
export function workerCount(value: string | undefined, cores = availableParallelism()): number {
  const setting = value?.trim() ?? '';
  if (setting === '') return 1;
  if (setting === 'auto') return cores;
  if (!/^\d+$/.test(setting) || Number(setting) < 1)
    throw new Error(`WORKERS: a number of processes or "auto", not ${value}`);
  return Number(setting);
}

/** A worker that keeps dying is not started for ever: after this many exits within a minute the primary stops. */
const MAX_EXITS_PER_MINUTE = 5;
const RESTART_DELAY_MS = 1000;

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** How long the workers may drain on SIGTERM before they are killed (their own grace, plus a margin). */
  shutdownGraceMs: number;
}

/**
 * The primary of `WORKERS=N`: forks the workers, which share the listening port (node:cluster hands
 * connections out in turn), and starts a crashed one again. SIGTERM and SIGINT reach every worker, which
 * drains as a single process does; the primary exits when they all have.
 */
export function runPrimary({ workers, logger, shutdownGraceMs }: PrimaryOptions): void {
  let stopping = false;
  const recentExits: number[] = [];
  const fork = (): void => {
    const worker = cluster.fork();
    logger.info('worker started', { pid: worker.process.pid });
  };
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info('stopped');
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    recentExits.push(now);
    while ((recentExits[0] ?? now) < now - 60_000) recentExits.shift();
    if (recentExits.length > MAX_EXITS_PER_MINUTE) {
      logger.error('workers keep exiting: stopping', { pid: worker.process.pid, code, signal });
      stop(1);
      return;
    }
    logger.warn('worker exited: starting another', { pid: worker.process.pid, code, signal });
    setTimeout(fork, RESTART_DELAY_MS);
  });
  const stop = (exitCode: number): void => {
    stopping = true;
    const running = Object.values(cluster.workers ?? {});
    if (running.length === 0) process.exit(exitCode);
    for (const worker of running) worker?.process.kill('SIGTERM');
    setTimeout(() => {
      logger.error('workers still running after the grace: killed');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownGraceMs + 5000).unref();
  };
  const onSignal = (signal: string) => (): void => {
    if (stopping) return;
    logger.info('shutting down', { signal, workers: Object.keys(cluster.workers ?? {}).length });
    stop(0);
  };
  process.on('SIGTERM', onSignal('SIGTERM'));
  process.on('SIGINT', onSignal('SIGINT'));
  logger.info('starting workers', { workers });
  for (let index = 0; index < workers; index++) fork();
}
