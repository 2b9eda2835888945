import { and, eq, like } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dispute, DisputeQueue, MyDisputes } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { accessDisputes, auditLog, notificationOutbox, type UserRow, users } from '../db/schema';
import { recordAccess } from '../services/audit';

describe.each(databaseTargets)('access disputes on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: UserRow;
  let ferrari: UserRow;
  const send = (path: string, username: string, body: unknown, method = 'POST') =>
    ctx.call(`/api${path}`, username, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const user = async (username: string) => {
    const [row] = await ctx.db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`seeded ${username} missing`);
    return row;
  };
  /** A new row of Mario's trail: a document the reader opened. */
  const accessBy = async (reader: UserRow) => {
    await recordAccess(ctx.db, {
      user: reader,
      patientId: mario.patientId ?? 0,
      activity: 'DOCUMENT_VIEW',
      accessTitle: reader.id === mario.id ? 'SELF' : 'DOSSIER_CONSENT',
      outcome: 'ALLOWED',
    });
    const [last] = await ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(auditLog.id)
      .limit(1)
      .offset((await ctx.db.$count(auditLog)) - 1);
    return last?.id ?? 0;
  };
  const trail = (activity: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, mario.patientId ?? 0), eq(auditLog.activity, activity)));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    [mario, ferrari] = await Promise.all([user('mario.rossi'), user('dott.ferrari')]);
  });
  afterAll(() => ctx.close());

  it('takes a report of an access in the own history, once, with its comment, in the trail', async () => {
    const auditId = await accessBy(ferrari);
    const made = await send('/disputes', 'mario.rossi', {
      auditId,
      comment: '  Non conosco questo medico  ',
    });
    expect(made.status).toBe(201);
    expect(v.parse(Dispute, await made.json())).toMatchObject({
      auditId,
      state: 'OPEN',
      comment: 'Non conosco questo medico',
      answer: null,
    });
    expect((await send('/disputes', 'mario.rossi', { auditId })).status).toBe(409);
    const mine = v.parse(MyDisputes, await (await ctx.call('/api/disputes/mine', 'mario.rossi')).json());
    expect(mine.disputes.map((dispute) => dispute.auditId)).toContain(auditId);
    expect((await trail('DISPUTE_WRITE')).filter((row) => row.outcome === 'ALLOWED')).toHaveLength(1);
  });

  it('makes 25 parallel reports of one row one report', async () => {
    const auditId = await accessBy(ferrari);
    const replies = await Promise.all(
      Array.from({ length: 25 }, () => send('/disputes', 'mario.rossi', { auditId })),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(24);
    expect(await ctx.db.$count(accessDisputes, eq(accessDisputes.auditId, auditId))).toBe(1);
  });

  it("refuses another patient's row (audited), the own access, a missing row and bad bodies", async () => {
    const auditId = await accessBy(ferrari);
    expect((await send('/disputes', 'giulia.bianchi', { auditId })).status).toBe(403);
    expect((await trail('DISPUTE_WRITE')).some((row) => row.outcome === 'DENIED')).toBe(true);
    const own = await send('/disputes', 'mario.rossi', { auditId: await accessBy(mario) });
    expect(own.status).toBe(400);
    expect((await own.json()).fields).toEqual([{ field: 'auditId', code: 'invalid' }]);
    expect((await send('/disputes', 'mario.rossi', { auditId: 99_999_999 })).status).toBe(404);
    const long = await send('/disputes', 'mario.rossi', { auditId, comment: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify((await long.json()).fields)).toContain('comment');
    const noId = await send('/disputes', 'mario.rossi', { auditId: 'one' });
    expect(noId.status).toBe(400);
    expect(JSON.stringify((await noId.json()).fields)).toContain('auditId');
    const huge = await send('/disputes', 'mario.rossi', { auditId, comment: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
  });

  it('is answered and closed by the privacy officer only; the patient sees state and answer', async () => {
    const auditId = await accessBy(ferrari);
    const made = v.parse(Dispute, await (await send('/disputes', 'mario.rossi', { auditId })).json());
    expect((await ctx.call('/api/disputes/queue', 'dott.ferrari')).status).toBe(403);
    const queue = v.parse(DisputeQueue, await (await ctx.call('/api/disputes/queue', 'admin')).json());
    const item = queue.items.find((entry) => entry.id === made.id);
    expect(item).toMatchObject({
      patientId: mario.patientId,
      // Named in the officer's language, as the history names them.
      access: {
        userName: ferrari.displayName,
        userRole: 'Medico',
        activity: 'Visualizzazione di un documento',
      },
    });
    const english = v.parse(
      DisputeQueue,
      await (await ctx.call('/api/disputes/queue', 'admin', { language: 'en-US' })).json(),
    );
    expect(english.items.find((entry) => entry.id === made.id)?.access).toMatchObject({
      userRole: 'Physician',
      activity: 'Document viewed',
    });
    expect((await trail('DISPUTE_READ')).length).toBeGreaterThan(0);
    const empty = await send(
      `/disputes/${made.id}/answer`,
      'admin',
      { state: 'JUSTIFIED', answer: ' ' },
      'PUT',
    );
    expect(empty.status).toBe(400);
    expect((await empty.json()).fields).toEqual([{ field: 'answer', code: 'required' }]);
    const wrongState = await send(
      `/disputes/${made.id}/answer`,
      'admin',
      { state: 'OPEN', answer: 'x' },
      'PUT',
    );
    expect(wrongState.status).toBe(400);
    const answer = 'Visita in pronto soccorso del 12 marzo.';
    expect(
      (await send(`/disputes/${made.id}/answer`, 'dott.ferrari', { state: 'JUSTIFIED', answer }, 'PUT'))
        .status,
    ).toBe(403);
    const closed = await send(`/disputes/${made.id}/answer`, 'admin', { state: 'JUSTIFIED', answer }, 'PUT');
    expect(closed.status).toBe(200);
    expect(
      (await send(`/disputes/${made.id}/answer`, 'admin', { state: 'VIOLATION', answer }, 'PUT')).status,
    ).toBe(409);
    expect(
      (await send('/disputes/99999/answer', 'admin', { state: 'VIOLATION', answer }, 'PUT')).status,
    ).toBe(404);
    const mine = v.parse(MyDisputes, await (await ctx.call('/api/disputes/mine', 'mario.rossi')).json());
    expect(mine.disputes.find((dispute) => dispute.id === made.id)).toMatchObject({
      state: 'JUSTIFIED',
      answer,
    });
    const queueAfter = v.parse(DisputeQueue, await (await ctx.call('/api/disputes/queue', 'admin')).json());
    expect(queueAfter.items.some((entry) => entry.id === made.id)).toBe(false);
    const answered = await trail('DISPUTE_ANSWER');
    expect(answered.some((row) => row.detail === `dispute ${made.id} JUSTIFIED`)).toBe(true);
    const told = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, mario.id), like(notificationOutbox.event, 'ACCESS_DISPUTE%')));
    expect(told).toHaveLength(1);
  });
});
