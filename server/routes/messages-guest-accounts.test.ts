import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageDetail, MessageList, Notifications, UserMessageState } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { guests, patients, users } from '../db/schema';
import { messageCalls, messageForm } from '../test/fixtures/messages';

const SMS_AMR = ['pwd', 'sms', 'mfa'];

/** A guest of two patients has one account per patient: each account's boxes hold that patient's messages. */
describe.each(databaseTargets)("a guest's messages per account on $name", ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof messageCalls>;
  const token: Record<'mario' | 'second', string> = { mario: '', second: '' };
  let aboutMario = 0;
  let marioId = 0;

  const send = async (account: keyof typeof token, path: string): Promise<Response> =>
    ctx.app.request(path, { headers: { Authorization: `Bearer ${token[account]}` } });
  const received = async (account: keyof typeof token): Promise<number[]> =>
    v
      .parse(MessageList, await (await send(account, '/api/messages/receivedList')).json())
      .messages.map((message) => message.id);
  const unread = async (account: keyof typeof token): Promise<number> =>
    v.parse(Notifications, await (await send(account, '/api/notifications')).json()).messages;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = messageCalls(ctx);
    const ids = (
      await ctx.db.select({ id: patients.mepiId }).from(patients).orderBy(asc(patients.mepiId))
    ).map((row) => row.id);
    const [mario, second] = [ids[0] ?? 0, ids[3] ?? 0];
    marioId = mario;
    const [marta] = await ctx.db.select().from(users).where(eq(users.username, 'marta.colombo'));
    const grantOf = async (patientId: number): Promise<number> => {
      const [grant] = await ctx.db
        .update(guests)
        .set({ rights: ['dossier', 'messaging'] })
        .where(and(eq(guests.guestUserId, marta?.id ?? 0), eq(guests.patientId, patientId)))
        .returning({ id: guests.id });
      return grant?.id ?? 0;
    };
    token.mario = await ctx.tokenForSubject(`demo-marta.colombo#g${await grantOf(mario)}`, { amr: SMS_AMR });
    token.second = await ctx.tokenForSubject(`demo-marta.colombo#g${await grantOf(second)}`, {
      amr: SMS_AMR,
    });
    aboutMario = (
      await calls.sent('dott.ferrari', {
        to: [marta?.id ?? 0],
        subject: 'Per la signora Colombo',
        patientId: mario,
      })
    ).id;
  });
  afterAll(() => ctx.close());

  it("shows a message about Mario in Mario's account only", async () => {
    expect(await received('mario')).toContain(aboutMario);
    expect(await unread('mario')).toBe(1);
    expect(await received('second')).not.toContain(aboutMario);
    expect(await unread('second')).toBe(0);
    const state = v.parse(UserMessageState, await (await send('second', '/api/userMessage')).json());
    expect(state).toMatchObject({ unread: 0, received: 0 });
  });

  it("keeps what the guest sends in the active account's sent box, about that account's patient only", async () => {
    const ferrari = await calls.userId('dott.ferrari');
    const post = (account: keyof typeof token, query = '') =>
      ctx.app.request(`/api/messages${query}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token[account]}` },
        body: messageForm({ to: [ferrari], subject: 'Dalla figlia di Mario' }),
      });
    const reply = await post('mario');
    expect(reply.status).toBe(201);
    const sent = v.parse(MessageDetail, await reply.json());
    expect(sent.patientId).toBe(marioId);
    const box = async (account: keyof typeof token): Promise<number[]> =>
      v
        .parse(MessageList, await (await send(account, '/api/messages/sentList')).json())
        .messages.map((message) => message.id);
    expect(await box('mario')).toContain(sent.id);
    expect(await box('second')).not.toContain(sent.id);
    // The other account cannot name Mario to write about him, nor read his recipients.
    expect((await post('second', `?patientId=${marioId}`)).status).toBe(403);
    expect((await send('second', `/api/messages/recipientList?patientId=${marioId}`)).status).toBe(403);
    expect(v.parse(UserMessageState, await (await send('second', '/api/userMessage')).json()).sent).toBe(0);
  });

  it('answers 404 to the other account, as for a message that does not exist, and keeps it unread', async () => {
    const response = await send('second', `/api/messages/${aboutMario}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Colombo');
    expect((await send('second', `/api/messages/${aboutMario}/attachment`)).status).toBe(404);
    expect(await unread('mario')).toBe(1);
    expect((await send('mario', `/api/messages/${aboutMario}`)).status).toBe(200);
    expect(await unread('mario')).toBe(0);
  });
});
