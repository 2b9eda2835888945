import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { becomesReady, freePort, type ServerProcess, startServerProcess } from './support/server-processes';

/**
 * Replicas as a deployment starts them (Kubernetes, systemd units, a compose file): all at the same
 * moment, on an empty PostgreSQL database. Each must come up, migrations and demo data made once.
 */
describe('three server processes started together on an empty database', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'start-together-'));

  beforeAll(async () => {
    database = await createScratchDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('all come up, and the demo data is seeded once', async () => {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    servers = ports.map((port) =>
      startServerProcess(port, {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SIGNING_SECRET: 'same-everywhere',
      }),
    );
    const ready = await Promise.all(servers.map((server) => becomesReady(server)));
    const report = servers.map(
      (server, index) => `${server.port}: ${ready[index] ? 'ready' : server.output()}`,
    );
    expect(ready.filter(Boolean).length, report.join('\n\n')).toBe(3);
    // One process seeded; the others found its data.
    const seeded = servers.filter((server) =>
      server.lines.some((line) => line.message === 'demo data seeded'),
    );
    expect(seeded).toHaveLength(1);
    // Each answers with the same identity provider signing key.
    const jwks = await Promise.all(
      servers.map(async (server) => (await fetch(`http://127.0.0.1:${server.port}/idp/jwks`)).json()),
    );
    expect((jwks[0] as { keys: unknown[] }).keys).toHaveLength(1);
    expect(new Set(jwks.map((set) => JSON.stringify(set))).size).toBe(1);
    const exitCodes = await Promise.all(servers.map((server) => server.stop()));
    expect(exitCodes, servers.map((server) => server.output()).join('\n')).toEqual([0, 0, 0]);
  }, 200_000);
});
