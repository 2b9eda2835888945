import { describe, expect, it } from 'vitest';
import { deliveryTime } from './schedule';

describe('deliveryTime', () => {
  it('is at once for instant notifications', () => {
    const at = new Date('2026-11-24T21:13:00Z');
    expect(deliveryTime('INSTANT', at)).toEqual(at);
  });

  it('groups daily ones at the next 08:00 in Rome, in winter and summer time', () => {
    // 24 Nov 2026 is a Tuesday; Rome is UTC+1 in winter, UTC+2 in summer.
    expect(deliveryTime('DAILY', new Date('2026-11-24T06:59:00Z')).toISOString()).toBe(
      '2026-11-24T07:00:00.000Z',
    );
    expect(deliveryTime('DAILY', new Date('2026-11-24T07:00:00Z')).toISOString()).toBe(
      '2026-11-25T07:00:00.000Z',
    );
    expect(deliveryTime('DAILY', new Date('2026-07-01T10:00:00Z')).toISOString()).toBe(
      '2026-07-02T06:00:00.000Z',
    );
    // The night summer time ends (25 Oct 2026) still leaves at 08:00 local.
    expect(deliveryTime('DAILY', new Date('2026-10-24T12:00:00Z')).toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
  });

  it('sends weekly digests on Monday morning and biweekly ones every other Monday', () => {
    const tuesday = new Date('2026-11-24T10:00:00Z');
    expect(deliveryTime('WEEKLY', tuesday).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    const biweekly = deliveryTime('BIWEEKLY', tuesday);
    const following = deliveryTime('BIWEEKLY', biweekly);
    expect(new Date(biweekly).getUTCDay()).toBe(1);
    expect(following.getTime() - biweekly.getTime()).toBe(14 * 86_400_000);
    expect(['2026-11-30T07:00:00.000Z', '2026-12-07T07:00:00.000Z']).toContain(biweekly.toISOString());
  });
});
