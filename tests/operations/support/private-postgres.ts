/**
 * A PostgreSQL cluster of a test's own: `initdb` in a temp folder, on a free port, started, restarted,
 * stopped or killed by the test (the machine's shared server on 5432 is never touched). As root the
 * binaries run as the `postgres` user, which they require. PG_BIN overrides where the binaries are.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../bench/server';

export { freePort };

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:port/database */
  url(database?: string): string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are ended, new ones refused until start. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`, as an operator's restart or a minor update. */
  restart(): Promise<void>;
  /** SIGKILL to the postmaster, as a crash; start() then recovers from the WAL. */
  kill(): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  /** Stops it if running and removes its folder. */
  remove(): Promise<void>;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0])
    throw new Error('no PostgreSQL server binaries (apt-get install postgresql, or set PG_BIN)');
  return path.join(root, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/**
 * Runs a PostgreSQL binary, as the postgres user when this process is root (initdb refuses root).
 * Asynchronous: the test's requests keep flowing while pg_ctl waits.
 */
async function run(bin: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  await promisify(execFile)(command, commandArgs, { encoding: 'utf8' });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const folder = mkdtempSync(path.join(tmpdir(), 'private-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(folder, uid, gid);
  }
  const data = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const port = await freePort();
  await run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '-N',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=60',
    '-c shared_buffers=16MB',
  ].join(' ');
  const pgCtl = (action: string, extra: string[] = []): Promise<void> =>
    run(path.join(bin, 'pg_ctl'), [
      action,
      '-D',
      data,
      '-l',
      logFile,
      '-o',
      options,
      '-w',
      '-t',
      '30',
      ...extra,
    ]);
  const postmasterPid = (): number | null => {
    try {
      return Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  };
  let running = false;
  const cluster: PrivatePostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await pgCtl('start');
      running = true;
    },
    async stop() {
      await pgCtl('stop', ['-m', 'fast']);
      running = false;
    },
    async restart() {
      await pgCtl('restart', ['-m', 'fast']);
      running = true;
    },
    async kill() {
      const pid = postmasterPid();
      if (pid === null) throw new Error('postmaster.pid not found');
      const children = (): number[] => {
        try {
          return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
            .split('\n')
            .filter(Boolean)
            .map(Number);
        } catch {
          return [];
        }
      };
      const backends = children();
      process.kill(pid, 'SIGKILL');
      // The backends notice their postmaster's death and exit; a new postmaster refuses to start while
      // one of them still holds the old shared memory.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && [pid, ...backends].some(isAlive))
        await new Promise((resolve) => setTimeout(resolve, 50));
      running = false;
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async remove() {
      if (running) await pgCtl('stop', ['-m', 'immediate']).catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
