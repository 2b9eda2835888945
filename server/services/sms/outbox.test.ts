import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../../tests/support/databases';
import type { DatabaseHandle } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import {
  dispatchQueuedSms,
  maskPhone,
  recentSms,
  recordOnlySender,
  type SmsMessage,
  sendSms,
} from './outbox';

const T0 = new Date('2026-11-22T10:00:00Z');
const minutes = (n: number): Date => new Date(T0.getTime() + n * 60_000);

describe.each(databaseTargets)('SMS outbox on $name', ({ location }) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(location);
    const send = (to: string, body: string, now: Date) =>
      sendSms(database.db, recordOnlySender, { userId: null, to, body, purpose: 'test', now });
    await send('+39 333 0000001', 'old', minutes(-90));
    await send('+39 333 0000001', 'first', minutes(-30));
    await send('+39 333 0000002', 'other', minutes(-20));
    await send('+39 333 0000001', 'newest', minutes(-1));
  });
  afterAll(() => database.close());

  it('lists the messages of the last hour, newest first, all marked sent by the record-only sender', async () => {
    const rows = await recentSms(database.db, { withinMs: 3_600_000, now: T0 });
    expect(rows.map((row) => row.body)).toEqual(['newest', 'other', 'first']);
    expect(rows.every((row) => row.status === 'SENT' && row.sentAt !== null)).toBe(true);
  });

  it('filters by phone', async () => {
    const rows = await recentSms(database.db, { withinMs: 3_600_000, to: '+39 333 0000002', now: T0 });
    expect(rows.map((row) => row.body)).toEqual(['other']);
  });
});

describe.each(databaseTargets)(
  'SMS written in a transaction, dispatched after it, on $name',
  ({ location }) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openTestDatabase(location);
    });
    afterAll(() => database.close());

    const queue = (body: string, to = '+39 333 0000009') =>
      database.db.transaction(async (tx) => {
        await tx.insert(smsOutbox).values({ toPhone: to, body, purpose: 'GUEST_CREDENTIALS' });
      });
    const statusOf = async (body: string) =>
      (await database.db.select().from(smsOutbox).where(eq(smsOutbox.body, body)))[0]?.status;

    it('hands queued messages to the gateway once, oldest first, and marks them sent', async () => {
      await queue('first');
      await queue('second');
      const delivered: SmsMessage[] = [];
      const gateway = { name: 'capture', send: async (message: SmsMessage) => void delivered.push(message) };
      expect(await dispatchQueuedSms(database.db, gateway)).toBe(2);
      expect(delivered.map((message) => message.body)).toEqual(['first', 'second']);
      expect(await statusOf('first')).toBe('SENT');
      expect(await dispatchQueuedSms(database.db, gateway)).toBe(0);
      expect(delivered).toHaveLength(2);
    });

    it('marks a message the gateway refuses as failed and goes on with the next', async () => {
      await queue('refused', '+39 000');
      await queue('accepted');
      const gateway = {
        name: 'picky',
        send: async (message: SmsMessage) => {
          if (message.to === '+39 000') throw new Error('unknown number');
        },
      };
      expect(await dispatchQueuedSms(database.db, gateway)).toBe(1);
      expect(await statusOf('refused')).toBe('FAILED');
      expect(await statusOf('accepted')).toBe('SENT');
    });
  },
);

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('+39 333 123 4567')).toBe('***4567');
    expect(maskPhone('123')).toBe('****');
  });
});
