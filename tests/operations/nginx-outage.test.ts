import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningNginx, startNginx } from './support/nginx';
import { freePort } from './support/server-processes';

/**
 * deploy/nginx.conf while the database is away: every process answers 503 DB_UNAVAILABLE. The proxy must
 * pass that reply on (the portal shows its message and retries after Retry-After), and must not count the
 * 503s as failed processes: with nginx's default max_fails it marked all of them down for 10 s and
 * answered its own 502 page, during the outage and for 10 s after the database was back.
 * The upstreams are stand-ins that answer as the portal does in both states (the real processes'
 * outage is tests/operations/postgres-restart.test.ts).
 */
describe('nginx in front of processes whose database is away', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-nginx-outage-'));
  let databaseAway = true;
  let upstreams: Server[] = [];
  let nginx: RunningNginx;

  const portalStandIn = (): Server =>
    createServer((_req, res) => {
      if (databaseAway) {
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '2' });
        res.end(JSON.stringify({ status: 503, code: 'DB_UNAVAILABLE', message: 'database unavailable' }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ status: 'ready' }));
    });

  beforeAll(async () => {
    const [listenPort, ...ports] = await Promise.all([freePort(), freePort(), freePort()]);
    upstreams = ports.map((port) => portalStandIn().listen(port, '127.0.0.1'));
    nginx = await startNginx(folder, listenPort ?? 0, ports);
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(upstreams.map((server) => new Promise((resolve) => server.close(resolve))));
    rmSync(folder, { recursive: true, force: true });
  });

  it("passes the portal's 503 on during the outage and serves at once when the database is back", async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await fetch(`${nginx.origin}/api/documents`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.json()).toMatchObject({ code: 'DB_UNAVAILABLE' });
    }
    databaseAway = false;
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await fetch(`${nginx.origin}/api/documents`)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});
