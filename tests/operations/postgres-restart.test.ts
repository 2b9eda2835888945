import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveTopic } from '../../src/contract';
import { readLive } from './support/live-reader';
import { PatientSession, smallPdf } from './support/portal-calls';
import { type PortalProcess, spawnPortal } from './support/portal-process';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres';

/** One request of the background load: when it left, how long it took, what came back. */
interface Sample {
  startedAt: number;
  ms: number;
  status: number;
  code: string;
  retryAfter: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sample(session: PatientSession, path: string): Promise<Sample> {
  const startedAt = Date.now();
  try {
    const response = await session.call(path);
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    return {
      startedAt,
      ms: Date.now() - startedAt,
      status: response.status,
      code: body.code ?? '',
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    // No answer at all (the process died, or the request hung past its timeout).
    return { startedAt, ms: Date.now() - startedAt, status: 0, code: String(error), retryAfter: null };
  }
}

/** A patient using the portal: reads in a loop from a few tabs until stopped. */
function backgroundLoad(session: PatientSession, tabs: number) {
  const samples: Sample[] = [];
  let running = true;
  const paths = ['/api/notifications', '/api/me', '/api/messages/receivedList'];
  const loops = Array.from({ length: tabs }, async (_, tab) => {
    for (let turn = 0; running; turn++) {
      samples.push(await sample(session, paths[(tab + turn) % paths.length] ?? '/api/me'));
      await sleep(50);
    }
  });
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('a PostgreSQL restart and outage under a running portal', () => {
  let cluster: PrivatePostgres;
  let portal: PortalProcess;
  let session: PatientSession;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    portal = await spawnPortal({ DATABASE_URL: cluster.url(), DATA_DIR: '' });
    await portal.ready();
    session = await PatientSession.signIn(portal.base, 'mario.rossi');
  }, 180_000);
  afterAll(async () => {
    await portal?.stop();
    await cluster?.remove();
  });

  it('stays up, answers 503 DB_UNAVAILABLE at once while away, and serves every kind of request again within 5 s', async () => {
    const recipient = await session.firstRecipient();
    const { patientId } = await session.me();
    const live = readLive(await session.call('/api/live', { signal: new AbortController().signal }));
    const load = backgroundLoad(session, 4);
    try {
      await sleep(500);
      // 1. A restart with requests in flight (an operator's restart, a minor update).
      await cluster.restart();
      await sleep(300);
      // 2. An outage of a few seconds (a failover): the database refuses connections.
      await cluster.stop();
      const downAt = Date.now();
      const during = [
        await sample(session, '/api/notifications'),
        await sample(session, '/api/messages/receivedList'),
      ];
      const write = await session.sendMessage(recipient, 'Durante il guasto');
      const ready = await fetch(`${portal.base}/readyz`);
      // The identity provider's login start, which reads the browser's session.
      const login = await fetch(
        `${portal.base}/idp/auth?client_id=portal&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${portal.base}/postAuth`)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
        { redirect: 'manual', headers: { Cookie: '_session=abc' } },
      );
      await sleep(Math.max(0, 3000 - (Date.now() - downAt)));
      expect(portal.child.exitCode, portal.stderr()).toBeNull();
      for (const each of during) {
        expect(each).toMatchObject({
          status: 503,
          code: 'DB_UNAVAILABLE',
          retryAfter: expect.stringMatching(/^\d+$/),
        });
        // Not a hang: the request timeout (30 s) would be far past this.
        expect(each.ms).toBeLessThan(3000);
      }
      expect(write).toMatchObject({ status: 503, code: 'DB_UNAVAILABLE' });
      expect(ready.status).toBe(503);
      expect({ status: login.status, retryAfter: login.headers.get('retry-after') }).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
      });

      // 3. The database comes back: every kind of request works within 5 s, without a restart.
      await cluster.start();
      const backAt = Date.now();
      const kinds = {
        read: async () => (await sample(session, '/api/notifications')).status === 200,
        message: async () => (await session.sendMessage(recipient, 'Dopo il ritorno')).status === 201,
        upload: async () =>
          (await session.upload(await smallPdf('dopo'), 'Referto dopo il ritorno')).status === 201,
        signature: async () =>
          (
            await session.signConsent(patientId, 'CONS_DOSSIER', {
              informationRead: true,
              sensitiveData: 'exclude',
            })
          ).status === 200,
        login: async () =>
          Boolean(await PatientSession.signIn(portal.base, 'giulia.bianchi').catch(() => null)),
        readyz: async () => (await fetch(`${portal.base}/readyz`)).status === 200,
      };
      const recoveredAt: Record<string, number> = {};
      while (Object.keys(recoveredAt).length < Object.keys(kinds).length && Date.now() - backAt < 5000) {
        // Side by side, as many users would; a kind counts when a request of it sent within 5 s works.
        await Promise.all(
          Object.entries(kinds)
            .filter(([kind]) => recoveredAt[kind] === undefined)
            .map(async ([kind, works]) => {
              // When the request that worked was sent: a signature's own seconds are not the outage's.
              const sentAt = Date.now() - backAt;
              if (await works()) recoveredAt[kind] = sentAt;
            }),
        );
        await sleep(100);
      }
      expect(Object.keys(recoveredAt).sort()).toEqual(Object.keys(kinds).sort());
      // The open stream was told to refetch everything: notices sent while LISTEN was down are lost.
      const deadline = Date.now() + 5000;
      const resync = () =>
        live.events.find(
          (event) =>
            event.at >= backAt &&
            event.event === 'change' &&
            JSON.parse(event.data).topics.length === LiveTopic.options.length,
        );
      while (!resync() && Date.now() < deadline) await sleep(100);
      const resyncedAt = resync()?.at;
      expect(resyncedAt).toBeDefined();
      // The load runs on past the 5 s: from then on, every request succeeds.
      await sleep(Math.max(0, backAt + 6500 - Date.now()));
      await load.stop();
      const afterReturn = load.samples.filter((each) => each.startedAt >= backAt + 5000);
      expect(afterReturn.length).toBeGreaterThan(0);
      expect(afterReturn.filter((each) => each.status !== 200)).toEqual([]);
      // Every failure was the outage's reply, at once, never a 500 or a hang.
      const failed = load.samples.filter((each) => each.status !== 200);
      expect(
        failed.filter((each) => each.status !== 503 || each.code !== 'DB_UNAVAILABLE' || each.ms >= 3000),
      ).toEqual([]);
      const seconds = Math.max(...Object.values(recoveredAt)) / 1000;
      console.info(
        `PostgreSQL restart + 3 s outage: ${load.samples.length} background requests, ${failed.length} failed (503 DB_UNAVAILABLE, slowest ${Math.max(0, ...failed.map((each) => each.ms))} ms); every kind of request worked when sent ${seconds.toFixed(2)} s after PostgreSQL was back (${JSON.stringify(recoveredAt)}); the live stream's resync ${((resyncedAt ?? 0) - backAt) / 1000} s after`,
      );

      // The outbox dispatcher resumed: what the writes after the return queued leaves the outbox.
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      try {
        const pending = async () =>
          Number(
            (
              await admin.query(
                `select count(*) from notification_outbox where status = 'PENDING' and due_at <= now()`,
              )
            ).rows[0].count,
          );
        const until = Date.now() + 15_000;
        while ((await pending()) > 0 && Date.now() < until) await sleep(250);
        expect(await pending()).toBe(0);
      } finally {
        await admin.end();
      }
      expect(portal.child.exitCode).toBeNull();
    } finally {
      await load.stop();
      live.close();
    }
  }, 120_000);
});
