import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT, MessagePatientList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { messages, notificationOutbox, users } from '../db/schema';
import { messageCalls } from '../test/fixtures/messages';

/** Staff write first to a patient whose dossier they may open, never to another. */
describe.each(databaseTargets)('staff writing first to a patient on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof messageCalls>;
  const id: Record<string, number> = {};
  const patient: Record<string, number> = {};
  const found = async (user: string, query: string): Promise<string[]> => {
    const reply = await ctx.call(`/api/messages/patients${query}`, user);
    expect(reply.status).toBe(200);
    return v.parse(MessagePatientList, await reply.json()).patients.map((each) => each.displayName);
  };
  const count = async (where = sql`true`): Promise<number> =>
    (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where))[0]?.n ?? 0;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = messageCalls(ctx);
    for (const name of ['mario.rossi', 'luca.verdi', 'dott.ferrari', 'dott.conti', 'operatore']) {
      const [row] = await ctx.db
        .select({ id: users.id, patientId: users.patientId })
        .from(users)
        .where(eq(users.username, name));
      id[name] = row?.id ?? -1;
      patient[name] = row?.patientId ?? -1;
    }
  });
  afterAll(() => ctx.close());

  it('finds the patients whose dossier the caller may open, by surname, name or fiscal code', async () => {
    expect(await found('dott.ferrari', '?q=ross')).toContain('Mario Rossi');
    expect(await found('dott.ferrari', '?q=mario%20ro')).toContain('Mario Rossi');
    expect(await found('dott.ferrari', '?q=rssmra')).toContain('Mario Rossi');
    // Luca Verdi gave no dossier consent: not offered, as his dossier does not open.
    expect(await found('dott.ferrari', '?q=verdi')).toEqual([]);
    // Without a text: the patients of her projects (Mario is invited to Diabete Insieme).
    expect(await found('dott.ferrari', '')).toContain('Mario Rossi');
    const short = await ctx.call('/api/messages/patients?q=r', 'dott.ferrari');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ fields: [{ field: 'q', code: 'tooShort' }] });
    expect((await ctx.call('/api/messages/patients?q=ross', 'mario.rossi')).status).toBe(403);
  });

  it('delivers a first message to the patient, who sees it and gets a push without its content', async () => {
    const mario = id['mario.rossi'] ?? 0;
    const optIn = await ctx.call('/api/notify/preferences', 'mario.rossi', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        enabled: true,
        frequency: 'INSTANT',
        events: ['MESSAGE_NEW'],
        important: [],
        reminderDays: [],
      }),
    });
    expect(optIn.status).toBe(200);
    const sent = await calls.sent('dott.ferrari', {
      to: [mario],
      subject: 'Esito della glicemia',
      body: 'Buongiorno, i valori sono nella norma.',
      patientId: patient['mario.rossi'],
    });
    expect(sent.patientId).toBe(patient['mario.rossi']);
    const inbox = await calls.box('mario.rossi', 'receivedList');
    expect(inbox.messages[0]).toMatchObject({ id: sent.id, subject: 'Esito della glicemia', readAt: null });
    const outbox = await ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, mario));
    expect(outbox.map((row) => [row.event, row.link])).toEqual([['MESSAGE_NEW', '/messages']]);
    // A colleague who never opted in gets no push (preferences are respected).
    await calls.sent('dott.ferrari', { to: [id['dott.conti'] ?? 0], subject: 'Consulto' });
    const conti = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.userId, id['dott.conti'] ?? 0));
    expect(conti).toEqual([]);
  });

  it('refuses a patient the caller may not open, with the gate’s error and nothing about them', async () => {
    const luca = id['luca.verdi'] ?? 0;
    const before = await count();
    const refused = await calls.send('dott.ferrari', { to: [luca], patientId: patient['luca.verdi'] });
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'DOSSIER_NOT_AUTHORIZED' });
    expect(text).not.toMatch(/verdi|luca/i);
    // Naming no patient, or another one, does not open a way to him either.
    expect((await calls.send('dott.ferrari', { to: [luca] })).status).toBe(400);
    expect((await calls.send('dott.ferrari', { to: [luca], patientId: patient['mario.rossi'] })).status).toBe(
      400,
    );
    const parallel = await Promise.all(
      Array.from({ length: 25 }, () =>
        calls.send('operatore', { to: [luca], patientId: patient['luca.verdi'] }),
      ),
    );
    expect(parallel.map((reply) => reply.status)).toEqual(Array(25).fill(403));
    expect(await count()).toBe(before);
  });

  it(`lets ${MESSAGE_RATE_LIMIT} of 25 parallel first messages to a patient through, 429 for the rest`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        calls.send('dott.conti', {
          to: [id['mario.rossi'] ?? 0],
          subject: `Promemoria ${index}`,
          patientId: patient['mario.rossi'],
        }),
      ),
    );
    const codes = replies.map((reply) => reply.status);
    expect(codes.filter((code) => code === 201)).toHaveLength(MESSAGE_RATE_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(25 - MESSAGE_RATE_LIMIT);
    expect(await count(eq(messages.senderUserId, id['dott.conti'] ?? 0))).toBe(MESSAGE_RATE_LIMIT);
  });
});
