import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../bench/server';

export { freePort };

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** The JSON log lines so far. */
  lines: Record<string, unknown>[];
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
}

/** Variables of the machine that would change what is tested. */
const MACHINE_SPECIFIC = ['HOST', 'PUBLIC_URL', 'DEMO_MODE', 'DATABASE_URL', 'TRUST_PROXY', 'WORKERS'];

/** `tsx <entry>` as an operator starts it, on its own port. */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  entry = 'server/main.ts',
): ServerProcess {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), [entry], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !MACHINE_SPECIFIC.includes(name))),
      PORT: String(port),
      STATIC_DIR: path.resolve('no-static-files-here'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  let output = '';
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts)
      if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    child,
    lines,
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Waits until the process answers `/readyz` with 200 (true) or exits (false). Generous: three processes
 * starting at once on a loaded 2-core machine take a while to migrate and seed.
 */
export async function becomesReady(server: ServerProcess, timeoutMs = 150_000): Promise<boolean> {
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/readyz`)).status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
