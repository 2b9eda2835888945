import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '../../server/db/schema';
import { DEMO_SIGNING_PIN } from '../../server/db/seed/signing';
import { json, lastCode, prepare } from '../../server/test/fixtures/signing';
import { pdfsig } from '../../server/test/pdfsig';
import { SignSyncReply } from '../../src/contract';
import { createTestContext, type TestContext } from '../support/test-app';

/**
 * Backups that restore: the real `npm run backup` and `npm run restore` on a database of
 * the test's own, wiped in between: a fresh PGlite folder, and a fresh PostgreSQL database (not the shared
 * `test` database) when DATABASE_URL is set.
 */
interface Target {
  name: string;
  /** What the server would be started with, for the commands and for the test's own app. */
  env: Record<string, string>;
  location: string;
  setUp(): Promise<void>;
  wipe(): Promise<void>;
  /** True when the wiped database holds nothing at all: what a restore that did nothing would leave. */
  isEmpty(): Promise<boolean>;
  /**
   * PostgreSQL: puts in the empty database an object the archive creates too, so the restore stops half-way;
   * resolves to what takes it away.
   */
  addConflict?(): Promise<() => Promise<void>>;
  tearDown(): Promise<void>;
}

const folder = mkdtempSync(path.join(tmpdir(), 'backup-restore-'));

function pgliteTarget(): Target {
  const dataDir = path.join(folder, 'data');
  return {
    name: 'pglite',
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    location: dataDir,
    setUp: async () => undefined,
    wipe: async () => rmSync(dataDir, { recursive: true, force: true }),
    isEmpty: async () => !existsSync(dataDir),
    tearDown: async () => undefined,
  };
}

function postgresTarget(adminUrl: string): Target {
  const name = `backup_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  // A pool's connection may still be closing after close() resolved: wait for it rather than kill it (a
  // killed idle connection is an unhandled error in the pool that owned it).
  const drop = async (): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await admin(`drop database if exists ${name}${attempt < 50 ? '' : ' with (force)'}`);
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  return {
    name: 'postgresql',
    env: { DATABASE_URL: url.toString() },
    location: url.toString(),
    setUp: () => admin(`create database ${name}`),
    wipe: async () => {
      await drop();
      await admin(`create database ${name}`);
    },
    isEmpty: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      const { rows } = await client
        .query<{ count: number }>(
          `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
        )
        .finally(() => client.end());
      return rows[0]?.count === 0;
    },
    addConflict: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client
        .query(`create function public.audit_log_append_only() returns int language sql as 'select 1'`)
        .finally(() => client.end());
      return async () => {
        const again = new pg.Client({ connectionString: url.toString() });
        await again.connect();
        await again.query('drop function public.audit_log_append_only()').finally(() => again.end());
      };
    },
    tearDown: drop,
  };
}

const targets: Target[] = [
  pgliteTarget(),
  ...(process.env.DATABASE_URL ? [postgresTarget(process.env.DATABASE_URL)] : []),
];

/**
 * `npm run <script> -- …args` as an operator types it, with the server's database settings. A command still
 * running after two minutes has hung: its whole process group is killed (no orphan outlives the test).
 */
function npmRun(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const hung = setTimeout(() => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group has already gone
    }
  }, 120_000);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(hung);
      resolve({ code, stdout, stderr });
    }),
  );
}

interface Snapshot {
  dossier: unknown;
  history: unknown;
  signedPdf: Uint8Array;
}

/** What the patient sees: his dossier, his treatment history, and the consent PDF he signed. */
async function snapshot(ctx: TestContext, patientId: number, signedId: number): Promise<Snapshot> {
  const read = async (url: string): Promise<Response> => {
    const response = await ctx.call(url, 'mario.rossi');
    expect(response.status, url).toBe(200);
    return response;
  };
  return {
    history: await (await read(`/api/trackingPatientHistory/${patientId}`)).json(),
    dossier: await (await read(`/api/documents?patientId=${patientId}&max=5000`)).json(),
    signedPdf: new Uint8Array(await (await read(`/api/signedDocuments/${signedId}`)).arrayBuffer()),
  };
}

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each(targets)('backup and restore on $name', (target) => {
  beforeAll(() => target.setUp());
  afterAll(() => target.tearDown());

  it('brings back the dossier, the treatment history and a signed consent that pdfsig verifies', async () => {
    // 1. The demo data, a physician's access (treatment history), and a consent signed with PIN and SMS code.
    const ctx = await createTestContext(target.location, {}, {}, { ownDatabase: true });
    const { documentIds, user, patientId } = await prepare(ctx, 'mario.rossi');
    expect((await ctx.call(`/api/patients/${patientId}`, 'dott.ferrari')).status).toBe(200);
    expect(
      (await ctx.call('/api/sign/otp', 'mario.rossi', json('POST', { documentIds, pin: DEMO_SIGNING_PIN })))
        .status,
    ).toBe(200);
    const body = { documentIds, pin: DEMO_SIGNING_PIN, otp: await lastCode(ctx, user) };
    const signed = await ctx.call('/api/sign/sync', 'mario.rossi', json('PUT', body));
    expect(signed.status).toBe(200);
    const signedId = v.parse(SignSyncReply, await signed.json()).signedDocumentIds[0] ?? 0;
    const before = await snapshot(ctx, patientId, signedId);
    expect(pdfsig(before.signedPdf)).toContain('Signature is Valid.');
    expect((before.history as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await ctx.close();

    // 2. Back up, with the real command.
    const file = path.join(folder, `${target.name}.backup`);
    const backup = await npmRun('backup', [file], target.env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('mode 0600');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // 3. Wipe.
    await target.wipe();
    expect(await target.isEmpty()).toBe(true);

    // A restore that fails half-way changes nothing (and does not hang when psql stops before pg_restore).
    if (target.addConflict) {
      const removeConflict = await target.addConflict();
      const failed = await npmRun('restore', [file], target.env);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/rolled back: ERROR: .*already exists/);
      await removeConflict();
      expect(await target.isEmpty()).toBe(true);
    }

    // 4. Restore, with the real command.
    const restore = await npmRun('restore', [file], target.env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/Restored .* 50 patients, \d+ documents, \d+ signed documents\./);

    // 5. Everything is back, read through the API as the patient reads it; nothing is seeded again.
    const restored = await createTestContext(target.location, {}, {}, { ownDatabase: true, seed: false });
    try {
      const after = await snapshot(restored, patientId, signedId);
      expect(after.dossier).toEqual(before.dossier);
      expect(after.history).toEqual(before.history);
      expect(Buffer.from(after.signedPdf).equals(Buffer.from(before.signedPdf))).toBe(true);
      const report = pdfsig(after.signedPdf);
      expect(report).toContain('Signature is Valid.');
      expect(report).toContain('Total document signed');
      expect(report).toContain('Signer Certificate Common Name: Mario Rossi');
      const [consent] = await restored.db
        .select()
        .from(consents)
        .where(eq(consents.signedDocumentId, signedId));
      expect(consent).toMatchObject({ patientId, medium: 'digital' });
    } finally {
      await restored.close();
    }

    // A database that is not empty is replaced only when asked to.
    const refused = await npmRun('restore', [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Restore failed: .*--force/);
    const forced = await npmRun('restore', [file, '--force'], target.env);
    expect(forced.code, forced.stderr).toBe(0);
    const summary = (stdout: string): string => stdout.replace(/ in [\d.]+ s:/, ':');
    expect(summary(forced.stdout)).toBe(summary(restore.stdout));
  }, 240_000);
});
