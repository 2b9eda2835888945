import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real server process: start, persistence across a restart, SIGTERM drain. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-data-'));
const port = 18_000 + Math.floor(Math.random() * 1000);

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
}

function spawnServer(env: Record<string, string> = {}): Started & { stderr: () => string } {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    env: {
      // The machine's own HOST, PUBLIC_URL or DEMO_MODE would change what is tested.
      ...Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !['HOST', 'PUBLIC_URL', 'DEMO_MODE'].includes(name)),
      ),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: path.join(dataDir, 'no-static'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, lines, stderr: () => stderr };
}

async function start(): Promise<Started> {
  const { child, lines } = spawnServer();
  // Generous: on a loaded machine opening and seeding PGlite alone can take a minute.
  const deadline = Date.now() + 150_000;
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
  }, 400_000);

  it('binds 127.0.0.1 by default and limits bodies before the API or the IdP reads them', async () => {
    const started = await start();
    try {
      // The listening line may still be in the pipe when /readyz answers.
      for (
        let wait = 0;
        wait < 50 && !started.lines.some((line) => line.message === 'portal listening');
        wait++
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(started.lines.find((line) => line.message === 'portal listening')).toMatchObject({
        address: '127.0.0.1',
      });
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((face) => face && face.family === 'IPv4' && !face.internal);
      if (outside) await expect(fetch(`http://${outside.address}:${port}/healthz`)).rejects.toThrow();

      const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
      const idp = await fetch(`http://127.0.0.1:${port}/idp/token`, {
        method: 'POST',
        headers: form,
        body: `grant_type=${'x'.repeat(1024 * 1024)}`,
      });
      expect(idp.status).toBe(413);
      const api = await fetch(`http://127.0.0.1:${port}/api/pinReset/requestOtp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identifier: 'x'.repeat(100 * 1024) }),
      });
      expect(api.status).toBe(413);
      expect(await api.json()).toMatchObject({ status: 413, code: 'REQUEST_TOO_LARGE' });
    } finally {
      await stop(started);
    }
  }, 400_000);

  it('refuses to start in demo mode when PUBLIC_URL is not localhost', async () => {
    const refused = spawnServer({ PUBLIC_URL: 'https://dossier.example.org' });
    const exitCode = await new Promise<number | null>((resolve) => refused.child.once('exit', resolve));
    expect(exitCode).toBe(1);
    expect(refused.stderr()).toContain(
      'Refusing to start: DEMO_MODE is on and PUBLIC_URL (https://dossier.example.org)',
    );
    expect(refused.lines.some((line) => line.message === 'portal listening')).toBe(false);
  }, 150_000);
});
