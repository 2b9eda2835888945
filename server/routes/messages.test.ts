import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT, type UserMessageState } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { guests, messages, projects, users } from '../db/schema';
import { makePdf, pdfOfSize } from '../services/uploads/test-pdfs';
import { messageCalls } from '../test/fixtures/messages';

describe.each(databaseTargets)('messages on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof messageCalls>;
  let mario: number;
  let luca: number;
  const id: Record<string, number> = {};
  const status = async (response: Promise<Response>): Promise<[number, unknown]> => {
    const reply = await response;
    const body = (await reply.json()) as { code?: string; fields?: unknown };
    return [reply.status, body.fields ?? body.code];
  };
  const setGuestRights = (rights: string[]) =>
    ctx.db
      .update(guests)
      .set({ rights })
      .where(eq(guests.guestUserId, id.ospite ?? -1));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = messageCalls(ctx);
    for (const name of [
      'mario.rossi',
      'giulia.bianchi',
      'luca.verdi',
      'dott.ferrari',
      'dott.conti',
      'operatore',
      'admin',
      'ospite',
    ])
      id[name] = await calls.userId(name);
    const patientOf = async (name: string) =>
      (await ctx.db.select({ p: users.patientId }).from(users).where(eq(users.username, name)))[0]?.p ?? -1;
    mario = await patientOf('mario.rossi');
    luca = await patientOf('luca.verdi');
  });
  afterAll(() => ctx.close());

  it('offers a patient their care team, and staff the patient and their colleagues', async () => {
    const marios = await calls.recipients('mario.rossi');
    expect(marios).toContain('Dott.ssa Anna Ferrari');
    expect(marios).not.toContain('Paolo Esposito'); // an operator runs CUORE but is no physician
    expect(marios).not.toContain('Giulia Bianchi');
    const ferraris = await calls.recipients('dott.ferrari', `?patientId=${mario}`);
    expect(ferraris).toEqual(expect.arrayContaining(['Mario Rossi', 'Dott. Marco Conti', 'Paolo Esposito']));
    expect(ferraris).not.toContain('Dott.ssa Anna Ferrari');
    expect(ferraris).not.toContain('Giulia Bianchi');
    expect(ferraris).not.toContain('Sara Rossi'); // Mario's guest holds no messaging right
    expect(await calls.recipients('dott.ferrari')).not.toContain('Mario Rossi');
    const [cuore] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.code, 'CUORE'));
    expect(await calls.recipients('dott.ferrari', `?projectId=${cuore?.id}`)).toEqual(['Paolo Esposito']);
    expect(await calls.recipients('mario.rossi', `?projectId=${cuore?.id}`)).toEqual([
      'Dott.ssa Anna Ferrari',
    ]);
  });

  it('refuses a patient someone else’s care team, and staff a patient without the dossier consent', async () => {
    expect((await ctx.call(`/api/messages/recipientList?patientId=${luca}`, 'mario.rossi')).status).toBe(404);
    expect(await status(ctx.call(`/api/messages/recipientList?patientId=${luca}`, 'dott.ferrari'))).toEqual([
      403,
      'DOSSIER_NOT_AUTHORIZED',
    ]);
    expect((await ctx.call('/api/messages/recipientList?patientId=abc', 'dott.ferrari')).status).toBe(400);
    expect((await ctx.call('/api/messages/receivedList', null)).status).toBe(401);
  });

  it('lets a guest write only with the messaging right', async () => {
    await setGuestRights(['dossier', 'chat']);
    for (const path of ['/api/messages/recipientList', '/api/messages/receivedList', '/api/userMessage'])
      expect((await ctx.call(path, 'ospite')).status, path).toBe(403);
    expect((await calls.send('ospite', { to: [id['dott.ferrari'] ?? 0] })).status).toBe(403);
    await setGuestRights(['dossier', 'messaging']);
    expect(await calls.recipients('ospite')).toContain('Dott.ssa Anna Ferrari');
    expect(await calls.recipients('dott.ferrari', `?patientId=${mario}`)).toContain('Sara Rossi');
    const sent = await calls.sent('ospite', { to: [id['dott.ferrari'] ?? 0], subject: 'Per Mario' });
    expect(sent.patientId).toBe(mario);
    await setGuestRights(['dossier', 'chat']);
    expect((await ctx.call(`/api/messages/${sent.id}`, 'ospite')).status).toBe(403);
  });

  it('delivers, counts as unread, marks read when opened (the read receipt) and threads the answer', async () => {
    const ferrari = id['dott.ferrari'] ?? 0;
    const before = await calls.unread('dott.ferrari');
    const sent = await calls.sent('mario.rossi', { to: [ferrari, ferrari], subject: 'Pressione alta' });
    expect(sent.recipients).toEqual([{ id: ferrari, displayName: 'Dott.ssa Anna Ferrari', readAt: null }]);
    expect(await calls.unread('dott.ferrari')).toBe(before + 1);
    const inbox = await calls.box('dott.ferrari', 'receivedList');
    expect(inbox.messages[0]).toMatchObject({ id: sent.id, subject: 'Pressione alta', readAt: null });

    const opened = await calls.open('dott.ferrari', sent.id);
    expect(opened.readAt).not.toBeNull();
    expect(opened.body).toContain('controllo');
    expect(await calls.unread('dott.ferrari')).toBe(before);
    const outbox = await calls.box('mario.rossi', 'sentList');
    expect(outbox.messages.find((m) => m.id === sent.id)?.recipients[0]?.readAt).not.toBeNull();

    const answer = await calls.sent('dott.ferrari', {
      to: [id['mario.rossi'] ?? 0],
      subject: 'Re: Pressione alta',
      body: 'Venga martedì',
      replyToId: sent.id,
    });
    expect(await calls.unread('mario.rossi')).toBe(1);
    const thread = await calls.open('mario.rossi', answer.id);
    expect(thread.thread.map((m) => m.id)).toEqual([sent.id, answer.id]);
    expect(thread.replyToId).toBe(sent.id);
    expect(await calls.unread('mario.rossi')).toBe(0);
  });

  it('keeps a message to those on it (404 for anyone else) and lets a recipient mark it unread', async () => {
    const colleague = await calls.sent('dott.ferrari', { to: [id['dott.conti'] ?? 0], subject: 'Consulto' });
    expect((await ctx.call(`/api/messages/${colleague.id}`, 'mario.rossi')).status).toBe(404);
    expect((await ctx.call('/api/messages/999999', 'mario.rossi')).status).toBe(404);
    // A reply cannot pull in someone the thread does not hold and the caller may not write to.
    expect(
      (await calls.send('mario.rossi', { to: [id['dott.conti'] ?? 0], replyToId: colleague.id })).status,
    ).toBe(404);
    await calls.open('dott.conti', colleague.id);
    const put = (user: string, read: boolean) =>
      ctx.call(`/api/userMessage/${colleague.id}`, user, {
        method: 'PUT',
        body: JSON.stringify({ read }),
        headers: { 'Content-Type': 'application/json' },
      });
    const unread = await put('dott.conti', false);
    expect(unread.status).toBe(200);
    const state = (await unread.json()) as UserMessageState;
    expect(state.unread).toBe(1);
    expect(state.received).toBeGreaterThanOrEqual(1);
    expect((await put('dott.ferrari', true)).status).toBe(404); // the sender has no read state
    expect(
      (
        await ctx.call(`/api/userMessage/${colleague.id}`, 'dott.conti', {
          method: 'PUT',
          body: '{}',
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('enforces recipients, subject, body and the number of recipients with the field in error', async () => {
    const ferrari = id['dott.ferrari'] ?? 0;
    expect(await status(calls.send('mario.rossi', { to: [id['giulia.bianchi'] ?? 0] }))).toEqual([
      400,
      [{ field: 'recipientIds', code: 'invalid' }],
    ]);
    expect(await status(calls.send('mario.rossi', { to: [] }))).toEqual([
      400,
      [{ field: 'recipientIds', code: 'required' }],
    ]);
    expect(await status(calls.send('mario.rossi', { to: [ferrari], subject: 'x'.repeat(151) }))).toEqual([
      400,
      [{ field: 'subject', code: 'tooLong' }],
    ]);
    expect(await status(calls.send('mario.rossi', { to: [ferrari], body: '   ' }))).toEqual([
      400,
      [{ field: 'body', code: 'required' }],
    ]);
    expect(await status(calls.send('mario.rossi', { to: [ferrari], body: 'x'.repeat(5001) }))).toEqual([
      400,
      [{ field: 'body', code: 'tooLong' }],
    ]);
    const many = Array.from({ length: 11 }, (_, index) => index + 1);
    expect(await status(calls.send('dott.ferrari', { to: many }))).toEqual([
      400,
      [{ field: 'recipientIds', code: 'tooLong' }],
    ]);
    const json = await ctx.call('/api/messages', 'mario.rossi', {
      method: 'POST',
      body: JSON.stringify({ recipientIds: [ferrari] }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('checks an attachment as uploads are, and serves it to those on the message', async () => {
    const ferrari = id['dott.ferrari'] ?? 0;
    const fake = new TextEncoder().encode('<html>not a pdf</html>');
    expect(await status(calls.send('mario.rossi', { to: [ferrari], file: { bytes: fake } }))).toEqual([
      400,
      [{ field: 'file', code: 'invalid' }],
    ]);
    const big = await calls.send('mario.rossi', {
      to: [ferrari],
      file: { bytes: await pdfOfSize(2 * 1024 * 1024 + 10) },
    });
    expect(big.status).toBe(413);
    const pdf = await makePdf('Esame del sangue');
    const sent = await calls.sent('mario.rossi', {
      to: [ferrari],
      file: { bytes: pdf, name: '../esame<1>.pdf' },
    });
    expect(sent.attachment).toEqual({ name: 'esame1.pdf', byteSize: pdf.length });
    const file = await ctx.call(`/api/messages/${sent.id}/attachment`, 'dott.ferrari');
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect((await ctx.call(`/api/messages/${sent.id}/attachment`, 'dott.conti')).status).toBe(404);
  });

  it('lists newest first, at most 100 a page', async () => {
    const inbox = await calls.box('dott.ferrari', 'receivedList');
    const dates = inbox.messages.map((m) => m.dateCreated);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await ctx.call('/api/messages/receivedList?max=101', 'dott.ferrari')).status).toBe(400);
  });

  it(`lets ${MESSAGE_RATE_LIMIT} of 25 parallel sends through and refuses the rest (429)`, async () => {
    const replies = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        calls.send('admin', { to: [id['dott.conti'] ?? 0], subject: `Avviso ${index}` }),
      ),
    );
    const codes = replies.map((reply) => reply.status).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(MESSAGE_RATE_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(25 - MESSAGE_RATE_LIMIT);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.senderUserId, id.admin ?? 0)));
    expect(row?.n).toBe(MESSAGE_RATE_LIMIT);
  });
});
