import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientSession, smallPdf, type Written } from './support/portal-calls';
import { type PortalProcess, spawnPortal } from './support/portal-process';
import { type PrivatePostgres, startPrivatePostgres } from './support/private-postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DOSSIER_ANSWERS = { informationRead: true, sensitiveData: 'exclude' };

type Kind = 'message' | 'upload' | 'signature';
/** Where each kind of write lands. */
const TABLES: Record<Kind, string> = {
  message: 'messages',
  upload: 'uploaded_documents',
  signature: 'signed_documents',
};

/**
 * A patient writing without pause (messages, uploads, signed consents) until stopped.
 * Keeps the id of every write the portal acknowledged (a 2xx reply received).
 */
function writeBurst(session: PatientSession, recipient: number, patientId: number, pdf: Uint8Array) {
  const acknowledged: Record<Kind, number[]> = { message: [], upload: [], signature: [] };
  /** Replies that were not acknowledgements, by kind, status and code (what the outage looked like). */
  const refused: Record<string, number> = {};
  let attempted = 0;
  let running = true;
  const write: Record<Kind, (turn: number) => Promise<Written>> = {
    message: (turn) => session.sendMessage(recipient, `Raffica ${turn}`),
    upload: (turn) => session.upload(pdf, `Referto ${turn}`),
    signature: () => session.signConsent(patientId, 'CONS_DOSSIER', DOSSIER_ANSWERS),
  };
  // One loop for messages and signatures, whose own limits (messages per hour, one signature code at a
  // time) would refuse a second one; two for uploads.
  const loops = (['message', 'upload', 'upload', 'signature'] as const).map(async (kind) => {
    for (let turn = 0; running; turn++) {
      attempted++;
      const reply: Written = await write[kind](turn).catch((error: Error) => ({
        status: 0,
        code: error.cause instanceof Error ? error.cause.message : error.message,
      }));
      if (reply.status >= 200 && reply.status < 300 && reply.id) acknowledged[kind].push(reply.id);
      else {
        const key = `${kind} ${reply.status || 'no reply:'} ${reply.code ?? ''}`.trim();
        refused[key] = (refused[key] ?? 0) + 1;
      }
      // A refused write (the database away) is retried a little later, as the portal would.
      if (reply.status === 0 || reply.status >= 300) await sleep(100);
    }
  });
  return {
    acknowledged,
    refused,
    attempted: () => attempted,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** How many of the acknowledged ids of each kind are in the database. */
async function found(url: string, acknowledged: Record<Kind, number[]>): Promise<Record<Kind, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = { message: 0, upload: 0, signature: 0 };
    for (const kind of Object.keys(TABLES) as Kind[]) {
      const { rows } = await client.query(
        `select count(*)::int as n from ${TABLES[kind]} where id = any($1)`,
        [acknowledged[kind]],
      );
      counts[kind] = rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

const sizes = (acknowledged: Record<Kind, number[]>) => ({
  message: acknowledged.message.length,
  upload: acknowledged.upload.length,
  signature: acknowledged.signature.length,
});

describe('kill -9 during a burst of writes', () => {
  let cluster: PrivatePostgres;
  let portal: PortalProcess;
  let session: PatientSession;
  let recipient: number;
  let patientId: number;
  let pdf: Uint8Array;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    portal = await spawnPortal({ DATABASE_URL: cluster.url(), DATA_DIR: '' });
    await portal.ready();
    session = await PatientSession.signIn(portal.base, 'mario.rossi');
    recipient = await session.firstRecipient();
    ({ patientId } = await session.me());
    pdf = await smallPdf('Referto della raffica');
  }, 180_000);
  afterAll(async () => {
    await portal?.stop();
    await cluster?.remove();
  });

  it('of the server loses no acknowledged write', async () => {
    const burst = writeBurst(session, recipient, patientId, pdf);
    await sleep(2500);
    portal.child.kill('SIGKILL');
    expect(await portal.exited).toBeNull();
    await burst.stop();
    portal = await spawnPortal({ DATABASE_URL: cluster.url(), DATA_DIR: '' });
    await portal.ready();
    const acknowledged = sizes(burst.acknowledged);
    const after = await found(cluster.url(), burst.acknowledged);
    console.info(
      `kill -9 of the server: ${burst.attempted()} writes attempted, acknowledged ${JSON.stringify(acknowledged)}, found after restart ${JSON.stringify(after)}; refused ${JSON.stringify(burst.refused)}`,
    );
    expect(acknowledged.message + acknowledged.upload + acknowledged.signature).toBeGreaterThan(0);
    expect(after).toEqual(acknowledged);
  }, 120_000);

  it('of PostgreSQL loses no acknowledged write, and the portal carries on without a restart', async () => {
    session = await PatientSession.signIn(portal.base, 'mario.rossi');
    const burst = writeBurst(session, recipient, patientId, pdf);
    await sleep(2500);
    await cluster.kill();
    await sleep(1000);
    // Crash recovery from the WAL.
    await cluster.start();
    const backAt = Date.now();
    const before = sizes(burst.acknowledged);
    // Writes go on after the return, on the same process.
    while (Date.now() - backAt < 3000) await sleep(100);
    await burst.stop();
    expect(portal.child.exitCode).toBeNull();
    const acknowledged = sizes(burst.acknowledged);
    const after = await found(cluster.url(), burst.acknowledged);
    console.info(
      `kill -9 of PostgreSQL: ${burst.attempted()} writes attempted, acknowledged ${JSON.stringify(acknowledged)} (${JSON.stringify(before)} before the return), found after recovery ${JSON.stringify(after)}; refused ${JSON.stringify(burst.refused)}`,
    );
    const total = (counts: Record<Kind, number>) => counts.message + counts.upload + counts.signature;
    expect(total(acknowledged)).toBeGreaterThan(total(before));
    expect(after).toEqual(acknowledged);
  }, 120_000);
});
