import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { becomesReady, freePort, type ServerProcess, startServerProcess } from './support/server-processes';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(condition: () => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `WORKERS=2 npm run serve`: one primary, two server processes on one port, a crashed one replaced. */
describe('WORKERS', () => {
  let database: ScratchDatabase;
  let primary: ServerProcess | null = null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'workers-'));

  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await primary?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs N server processes on one port, starts a crashed one again and stops them all', async () => {
    const started = startServerProcess(
      await freePort(),
      { DATABASE_URL: database.url, DATA_DIR: dataDir, WORKERS: '2' },
      'server/start.ts',
    );
    primary = started;
    expect(await becomesReady(started), started.output()).toBe(true);
    const listening = (): number =>
      started.lines.filter((line) => line.message === 'portal listening').length;
    await until(() => listening() === 2, 'two workers listening');
    const workerPids = started.lines
      .filter((line) => line.message === 'worker started')
      .map((line) => Number(line.pid));
    expect(workerPids).toHaveLength(2);
    expect(workerPids.every(isRunning)).toBe(true);
    expect(started.lines.filter((line) => line.message === 'demo data seeded')).toHaveLength(1);

    process.kill(workerPids[0] ?? 0, 'SIGKILL');
    await until(() => listening() === 3, 'a new worker listening');
    expect(started.lines.find((line) => line.message === 'worker exited: starting another')).toMatchObject({
      pid: workerPids[0],
      signal: 'SIGKILL',
    });
    expect((await fetch(`http://127.0.0.1:${started.port}/readyz`)).status).toBe(200);

    const workersNow = started.lines
      .filter((line) => line.message === 'worker started')
      .map((line) => Number(line.pid))
      .filter(isRunning);
    expect(workersNow).toHaveLength(2);
    expect(await started.stop()).toBe(0);
    expect(workersNow.some(isRunning)).toBe(false);
    expect(started.lines.filter((line) => line.message === 'stopped').length).toBeGreaterThanOrEqual(3);
  }, 200_000);

  it('refuses to start on the embedded database, which belongs to one process', async () => {
    const refused = startServerProcess(
      await freePort(),
      { DATA_DIR: dataDir, WORKERS: '2' },
      'server/start.ts',
    );
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('Refusing to start: WORKERS needs DATABASE_URL');
  }, 60_000);
});
