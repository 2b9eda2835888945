import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChange } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { users } from '../db/schema';
import { LIVE_STREAMS_PER_USER } from '../services/live/hub';
import { noticePayloads, publishLive } from '../services/live/publish';
import { makePdf } from '../services/uploads/test-pdfs';
import { uploadCalls } from '../test/fixtures/uploads';
import { readLive } from '../test/live';

const topicsOf = (data: string): string[] => v.parse(LiveChange, JSON.parse(data)).topics;

describe.each(databaseTargets)('the live channel on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof uploadCalls>;
  let pdf: Uint8Array;
  const open = (user: string, init: RequestInit = {}) => ctx.call('/api/live', user, init);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = uploadCalls(ctx);
    pdf = await makePdf('Visita cardiologica');
  });
  afterAll(() => ctx.close());

  it('needs a token, and answers an event stream that starts with ready', async () => {
    expect((await ctx.call('/api/live', null)).status).toBe(401);
    const response = await open('mario.rossi');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    const live = readLive(response);
    await live.next('ready');
    live.close();
  });

  it('tells the physician of a new upload and the patient of its review, with topics only', async () => {
    const physician = readLive(await open('dott.ferrari'));
    const patient = readLive(await open('mario.rossi'));
    const guest = readLive(await open('ospite'));
    await Promise.all([physician.next('ready'), patient.next('ready'), guest.next('ready')]);

    const upload = await calls.created('mario.rossi', { bytes: pdf });
    const forPhysician = await physician.next('change');
    expect(topicsOf(forPhysician.data)).toEqual(['uploadedDocuments']);
    expect(forPhysician.data).not.toContain('Visita');

    expect((await calls.validate('dott.ferrari', upload.id)).status).toBe(200);
    expect(topicsOf((await patient.next('change')).data)).toEqual(['uploadedDocuments', 'documents']);
    // The count the event points at has moved: the patient has a review to see.
    expect(await calls.notifications('mario.rossi')).toBeGreaterThan(0);
    await expect(guest.next('change', 300)).rejects.toThrow(/no "change"/);
    for (const live of [physician, patient, guest]) live.close();
  });

  it('keeps at most LIVE_STREAMS_PER_USER streams per user, closing the oldest, under 25 at once', async () => {
    const before = ctx.live.streamCount;
    const streams = await Promise.all(Array.from({ length: 25 }, () => open('giulia.bianchi')));
    const readers = streams.map(readLive);
    const endedEarly = await Promise.all(
      readers.map((reader) =>
        Promise.race([reader.ended.then(() => true), new Promise((r) => setTimeout(() => r(false), 1000))]),
      ),
    );
    expect(endedEarly.filter((ended) => !ended)).toHaveLength(LIVE_STREAMS_PER_USER);
    expect(ctx.live.streamCount - before).toBe(LIVE_STREAMS_PER_USER);
    for (const reader of readers) reader.close();
  });

  it('ends the stream when the token expires', async () => {
    const token = await ctx.tokenFor('mario.rossi', { expiresInSeconds: 2 });
    const live = readLive(
      await ctx.app.request('/api/live', { headers: { Authorization: `Bearer ${token}` } }),
    );
    await live.next('ready');
    await expect(live.ended).resolves.toBeUndefined();
  });

  it('ignores a malformed notice and delivers the next one', async () => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'luca.verdi'));
    const live = readLive(await open('luca.verdi'));
    await live.next('ready');
    await ctx.db.execute(`select pg_notify('live_' || current_schema(), '{"topics":["nope"]}')`);
    await publishLive(ctx.db, { topics: ['messages'], userIds: [row?.id ?? 0] });
    expect(topicsOf((await live.next('change')).data)).toEqual(['messages']);
    live.close();
  });

  it('reaches every user of a notice naming 2,000 of them (NOTIFY refuses 8,000 bytes), in one transaction', async () => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'luca.verdi'));
    const live = readLive(await open('luca.verdi'));
    await live.next('ready');
    // Others first: this user's id is in the last payload, so only a whole delivery reaches them.
    const others = Array.from({ length: 1_999 }, (_, index) => 1_000_000_000 + index);
    await ctx.db.transaction((tx) =>
      publishLive(tx, { topics: ['surveys'], userIds: [...others, row?.id ?? 0], roles: ['ADM'] }),
    );
    expect(topicsOf((await live.next('change')).data)).toEqual(['surveys']);
    live.close();
    const payloads = noticePayloads({ topics: ['surveys'], userIds: others, roles: ['ADM'] });
    expect(payloads.length).toBe(4);
    expect(Math.max(...payloads.map((payload) => Buffer.byteLength(payload)))).toBeLessThan(8_000);
    expect(payloads.filter((payload) => payload.includes('"roles"'))).toHaveLength(1);
  });
});

describe.each(databaseTargets.filter((target) => target.name === 'postgresql'))(
  'the live channel across two server processes on $name',
  ({ location }) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(location);
    });
    afterAll(() => ctx.close());

    it('a review made through one instance reaches a stream open on the other', async () => {
      const other = await ctx.secondInstance();
      try {
        const patient = readLive(await other.call('/api/live', 'mario.rossi'));
        await patient.next('ready');
        const calls = uploadCalls(ctx);
        const upload = await calls.created('mario.rossi', { bytes: await makePdf('Esame') });
        expect((await calls.reject('dott.ferrari', upload.id, 'Documento illeggibile')).status).toBe(200);
        expect(topicsOf((await patient.next('change')).data)).toContain('uploadedDocuments');
        patient.close();
      } finally {
        await other.close();
      }
    });
  },
);
