import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../../tests/support/databases';
import type { DatabaseHandle } from '../../db/client';
import { maskPhone, recentSms, recordOnlySender, sendSms } from './outbox';

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

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('+39 333 123 4567')).toBe('***4567');
    expect(maskPhone('123')).toBe('****');
  });
});
