/**
 * The portal as an operator runs it: its own process (`server/main.ts` under tsx) on a free port, demo mode and
 * demo data on (logins exist; SMS codes are read at /dev/sms.json), bearer tokens (OIDC_DPOP=false, a
 * supported configuration) so a test's requests need no proof each. Its log lines and stderr are kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitUntilReady } from '../../../bench/server';

export interface PortalProcess {
  base: string;
  child: ChildProcess;
  /** The structured log lines (JSON on stdout). */
  lines: Record<string, unknown>[];
  stderr(): string;
  /** The exit code (null for a signal), once it exits. */
  exited: Promise<number | null>;
  /** Resolves when /readyz answers 200; rejects if the process exits first or after `ms`. */
  ready(ms?: number): Promise<void>;
  stop(): Promise<number | null>;
}

export async function spawnPortal(env: Record<string, string>): Promise<PortalProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Node itself with tsx's loader, not the tsx command (which runs Node as its own child): a SIGKILL
  // then reaches the server, as it would in production.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DEMO_MODE: 'true',
      SEED_DEMO_DATA: 'true',
      OIDC_DPOP: 'false',
      OIDC_ISSUER: '',
      LOG_LEVEL: 'info',
      STATIC_DIR: path.join(tmpdir(), 'portal-no-static'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // a line that is not the logger's
      }
    }
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  return {
    base,
    child,
    lines,
    stderr: () => stderr,
    exited,
    async ready(ms = 120_000) {
      await waitUntilReady(base, child, ms).catch((error: Error) => {
        throw new Error(`${error.message}: ${stderr.slice(-2000)}`);
      });
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      return exited;
    },
  };
}
