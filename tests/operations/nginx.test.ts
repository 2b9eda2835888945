import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SIGNING_PIN } from '../../server/db/seed/signing';
import { type RunningNginx, startNginx } from './support/nginx';
import { logIn, type PortalSession, signatureCode, upstreamOf } from './support/portal-client';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { becomesReady, freePort, type ServerProcess, startServerProcess } from './support/server-processes';

/**
 * Three portal processes behind a real nginx with deploy/nginx.conf: round-robin, no sticky sessions.
 * Each step of a login, of a signing ceremony and of a live event lands on another process than the
 * one before; SIGTERM of a process ends its live streams cleanly and the reconnection goes elsewhere.
 */
describe('three processes behind nginx', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  let nginx: RunningNginx;
  let origin = '';
  /** Which process answered each response (nginx's X-Upstream), in order. */
  const served: { url: string; upstream: string }[] = [];
  const realFetch = globalThis.fetch.bind(globalThis);
  const processesOf = (urls: RegExp): Set<string> =>
    new Set(served.filter(({ url }) => urls.test(url)).map(({ upstream }) => upstream));

  beforeAll(async () => {
    database = await createScratchDatabase();
    const [listenPort, ...ports] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    origin = `http://127.0.0.1:${listenPort}`;
    servers = ports.map((port) =>
      startServerProcess(port, {
        DATABASE_URL: database.url,
        DATA_DIR: path.join(folder, 'unused-data'),
        PUBLIC_URL: origin,
        TRUST_PROXY: '127.0.0.1',
        SIGNING_SECRET: 'the same secret on every process',
      }),
    );
    const ready = await Promise.all(servers.map((server) => becomesReady(server)));
    expect(ready, servers.map((server) => server.output()).join('\n')).toEqual([true, true, true]);
    nginx = await startNginx(folder, listenPort ?? 0, ports);
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (response.headers.has('x-upstream')) served.push({ url, upstream: upstreamOf(response) });
      return response;
    });
  }, 200_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(servers.map((server) => server.stop()));
    await nginx?.stop();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  let mario: PortalSession;
  let ferrari: PortalSession;

  it('logs a patient and a physician in across the processes, and each process takes their tokens', async () => {
    mario = await logIn(origin, 'mario.rossi');
    ferrari = await logIn(origin, 'dott.ferrari');
    // The authorization request, login form, SMS or authenticator code, resume and token: all three processes.
    expect(processesOf(/\/idp\//).size).toBe(3);
    for (const user of [mario, ferrari]) {
      const answers = await Promise.all([user.call('me'), user.call('me'), user.call('me')]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map(upstreamOf)).size).toBe(3);
    }
  }, 120_000);

  it('signs a consent with each step of the ceremony on another process', async () => {
    const luca = await logIn(origin, 'luca.verdi');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ patient_id: number }>(
      "select patient_id from users where username = 'luca.verdi'",
    );
    await client.end();
    const patientId = rows[0]?.patient_id;
    // Without the dossier consent the patient cannot enter yet.
    expect((await luca.call('me')).status).toBe(403);

    const prepared = await luca.call(`patients/${patientId}/prepareConsensus`, {
      method: 'POST',
      body: JSON.stringify({
        consents: [
          {
            consentCode: 'CONS_DOSSIER',
            action: 'give',
            jsonData: { informationRead: true, sensitiveData: 'exclude' },
          },
        ],
        signer: { type: 'self' },
      }),
    });
    expect(prepared.status).toBe(200);
    const { documentIds } = (await prepared.json()) as { documentIds: number[] };
    const otp = await luca.call('sign/otp', {
      method: 'POST',
      body: JSON.stringify({ documentIds, pin: DEMO_SIGNING_PIN }),
    });
    expect(otp.status).toBe(200);
    const signed = await luca.call('sign/sync', {
      method: 'PUT',
      body: JSON.stringify({
        documentIds,
        pin: DEMO_SIGNING_PIN,
        otp: await signatureCode(origin, 'luca.verdi'),
      }),
    });
    expect(signed.status, await signed.clone().text()).toBe(200);
    expect(await signed.json()).toMatchObject({ status: 'SIGNED', ceremonyKind: 'consent' });
    expect(new Set([prepared, otp, signed].map(upstreamOf)).size).toBeGreaterThanOrEqual(2);
    // Given: the patient enters, on any process.
    const after = await Promise.all([luca.call('me'), luca.call('me'), luca.call('me')]);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
  }, 120_000);

  it('carries a live event from the process that wrote it to the one holding the stream', async () => {
    const patientId = await patientOf(mario);
    const stream = await mario.openLive();
    await stream.next('ready');
    const requested = await ferrari.call(`conferences/request/${patientId}`, { method: 'POST' });
    expect(requested.status).toBe(201);
    expect(upstreamOf(requested)).not.toBe(stream.upstream);
    expect(JSON.parse((await stream.next('change')).data)).toEqual({ topics: ['conferences'] });
    stream.close();
  }, 60_000);

  it('ends the streams of a process on SIGTERM; the reconnection lands on another and hears events', async () => {
    const stream = await ferrari.openLive();
    await stream.next('ready');
    const holder = servers.find((server) => `127.0.0.1:${server.port}` === stream.upstream);
    if (!holder) throw new Error(`no process at ${stream.upstream}`);
    const exitCode = holder.stop();
    // A clean end (not a broken connection): the portal reconnects at once, with no error shown.
    expect(await stream.ended).toBe('clean');
    // At once, while the process still drains: three reconnections, so one comes at its turn in the rotation.
    const reconnected = [await ferrari.openLive(), await ferrari.openLive(), await ferrari.openLive()];
    for (const again of reconnected) {
      await again.next('ready');
      expect(again.upstream).not.toBe(stream.upstream);
    }
    expect(await exitCode).toBe(0);

    const listed = await mario.call('conferences?scope=active');
    const { conferences } = (await listed.json()) as { conferences: { id: number }[] };
    const rejected = await mario.call(`conferences/${conferences[0]?.id}/reject`, {
      method: 'PUT',
      body: JSON.stringify({ message: 'Sono in viaggio' }),
    });
    expect(rejected.status).toBe(204);
    for (const again of reconnected) {
      expect(JSON.parse((await again.next('change')).data)).toEqual({ topics: ['conferences'] });
      again.close();
    }
    // The two processes left serve everything; the stopped one is never tried for long.
    const answers = await Promise.all(Array.from({ length: 6 }, () => mario.call('me')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
  }, 60_000);
});

async function patientOf(user: PortalSession): Promise<number> {
  const me = (await (await user.call('me')).json()) as { patientId: number };
  return me.patientId;
}
