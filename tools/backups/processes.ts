import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { BackupError } from './target';

/** A PostgreSQL client program: from PG_BIN when set (e.g. /usr/lib/postgresql/16/bin), else from PATH. */
export function pgProgram(name: 'pg_dump' | 'pg_restore' | 'psql'): string {
  return process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;
}

/**
 * A connection URL libpq takes, with the password moved to PGPASSWORD: on the command line it would
 * be visible to every user of the machine (`ps`).
 */
export function libpqConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export interface Finished {
  code: number | null;
  stderr: string;
}

/** Resolves when the process exits, with its exit code and what it wrote on stderr. */
export function finished(child: ChildProcess, program: string): Promise<Finished> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} not found: install the PostgreSQL client tools (Debian: postgresql-client) or set PG_BIN.`,
            )
          : error,
      ),
    );
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

/** Runs a program to its end and returns its stdout; a non-zero exit is a BackupError with its stderr. */
export async function output(program: string, args: string[], env = process.env): Promise<string> {
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const { code, stderr } = await finished(child, program);
  if (code !== 0) throw new BackupError(`${path.basename(program)} failed: ${stderr || `exit code ${code}`}`);
  return stdout;
}

/** The major version in `pg_dump (PostgreSQL) 15.20 (Debian …)` or `15.20 (Debian …)`. */
export function majorVersion(text: string): number | null {
  const match = text.match(/(\d+)(?:\.\d+)?/);
  return match ? Number(match[1]) : null;
}
