import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process: start, persistence across a restart, SIGTERM drain. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
const port = 18_000 + Math.floor(Math.random() * 1000);

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
}

async function start(): Promise<Started> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, lines };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become ready');
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code));
    started.child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds once, keeps its data across a restart and drains on SIGTERM', async () => {
    const first = await start();
    expect(first.lines.some((line) => line.message === 'demo data seeded')).toBe(true);
    const discovery = await fetch(`http://127.0.0.1:${port}/idp/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`http://localhost:${port}/idp`);
    expect((await fetch(`http://127.0.0.1:${port}/api/me`)).status).toBe(401);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/idp/.well-known/openid-configuration`);
    const exitCode = stop(first);
    expect((await inFlight).status).toBe(200);
    expect(await exitCode).toBe(0);
    expect(first.lines.some((line) => line.message === 'stopped')).toBe(true);

    const second = await start();
    expect(second.lines.some((line) => line.message === 'demo data seeded')).toBe(false);
    expect(await stop(second)).toBe(0);
  }, 120_000);
});
