import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChange } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { messageCalls } from '../test/fixtures/messages';
import { readLive } from '../test/live';

const topicsOf = (data: string): string[] => v.parse(LiveChange, JSON.parse(data)).topics;

describe.each(databaseTargets)('messages on the live channel on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof messageCalls>;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = messageCalls(ctx);
  });
  afterAll(() => ctx.close());

  it('tells the recipient of a new message and the sender when it is read, and nobody else', async () => {
    const ferrari = readLive(await ctx.call('/api/live', 'dott.ferrari'));
    const mario = readLive(await ctx.call('/api/live', 'mario.rossi'));
    const giulia = readLive(await ctx.call('/api/live', 'giulia.bianchi'));
    await Promise.all([ferrari.next('ready'), mario.next('ready'), giulia.next('ready')]);

    const sent = await calls.sent('mario.rossi', {
      to: [await calls.userId('dott.ferrari')],
      subject: 'Dolore al petto',
    });
    const forFerrari = await ferrari.next('change');
    expect(topicsOf(forFerrari.data)).toEqual(['messages']);
    expect(forFerrari.data).not.toContain('Dolore');
    await mario.next('change'); // the sender's sent box

    await calls.open('dott.ferrari', sent.id);
    expect(topicsOf((await mario.next('change')).data)).toEqual(['messages']); // the read receipt
    await expect(giulia.next('change', 300)).rejects.toThrow(/no "change"/);
    for (const live of [ferrari, mario, giulia]) live.close();
  });
});

describe.each(databaseTargets.filter((target) => target.name === 'postgresql'))(
  'messages across two server processes on $name',
  ({ location }) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(location);
    });
    afterAll(() => ctx.close());

    it('a message sent through one instance reaches a client of the other, which then reads it', async () => {
      const other = await ctx.secondInstance();
      try {
        const calls = messageCalls(ctx);
        const ferrari = readLive(await other.call('/api/live', 'dott.ferrari'));
        await ferrari.next('ready');
        const sent = await calls.sent('mario.rossi', { to: [await calls.userId('dott.ferrari')] });
        expect(topicsOf((await ferrari.next('change')).data)).toEqual(['messages']);
        const inbox = messageCalls({ call: other.call, db: ctx.db });
        expect((await inbox.box('dott.ferrari', 'receivedList')).messages[0]?.id).toBe(sent.id);
        expect(await inbox.unread('dott.ferrari')).toBe(1);
        ferrari.close();
      } finally {
        await other.close();
      }
    });
  },
);
