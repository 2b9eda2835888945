import path from 'node:path';
import { loadConfig } from '../../server/config';

/** The database the server would open with this environment: DATABASE_URL, else PGlite under DATA_DIR. */
export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** A refusal or a failure the operator can act on: printed as one line, no stack. */
export class BackupError extends Error {}

export function configuredTarget(env: NodeJS.ProcessEnv = process.env): BackupTarget {
  const config = loadConfig(env);
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

/** `backups/dossier-postgres-20261127T172500Z.dump` or `backups/dossier-pglite-….tar.gz`. */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const extension = target.kind === 'postgres' ? 'dump' : 'tar.gz';
  return path.join('backups', `dossier-${target.kind}-${stamp}.${extension}`);
}

/** What kind of backup a file holds, from its first bytes: pg_dump's custom format or PGlite's tarball. */
export function backupKindOf(firstBytes: Uint8Array): BackupTarget['kind'] | null {
  if (Buffer.from(firstBytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  if (firstBytes[0] === 0x1f && firstBytes[1] === 0x8b) return 'pglite';
  return null;
}

/** The target in words for the messages: the database name or the folder, never a password. */
export function describeTarget(target: BackupTarget): string {
  if (target.kind === 'pglite') return `PGlite in ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL database "${decodeURIComponent(url.pathname.slice(1))}" on ${url.host}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a restored database holds, printed so the operator sees at once that it is the right one. */
export interface RestoreSummary {
  patients: number;
  documents: number;
  signedDocuments: number;
}

export const summarySql = `select (select count(*) from patients)::int as patients,
  (select count(*) from documents)::int as documents,
  (select count(*) from signed_documents)::int as "signedDocuments"`;
