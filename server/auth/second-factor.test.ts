import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/client';
import { totpFactors, users } from '../db/schema';
import { LOGIN_WINDOW_MS } from './rate-limit';
import {
  enrolmentSecret,
  factorState,
  MAX_TOTP_FAILURES,
  storeConfirmedFactor,
  verifyTotp,
} from './second-factor';
import { base32Decode, hotp, totpStep } from './totp';

const KEY = Buffer.from('12345678901234567890');
const AT = new Date(1_800_000_000_000);
const codeAt = (at: Date, offset = 0): string => hotp(KEY, totpStep(at) + offset);

describe.each(databaseTargets)('authenticator factors on $name', ({ location }) => {
  let handle: DatabaseHandle;
  let next = 0;
  async function staffUser(enrolled = true): Promise<number> {
    next += 1;
    const [row] = await handle.db
      .insert(users)
      .values({ subject: `s-${next}`, username: `staff-${next}`, userType: 'PHY', displayName: 'Staff' })
      .returning({ id: users.id });
    const userId = row?.id ?? 0;
    if (enrolled) await storeConfirmedFactor(handle.db, { userId, secret: KEY, now: AT });
    return userId;
  }

  beforeAll(async () => {
    handle = await openTestDatabase(location);
  });
  afterAll(async () => handle?.close());

  it('takes each code once: a replay, or an older step after a newer one, is refused', async () => {
    const userId = await staffUser();
    const check = (code: string, now = AT) => verifyTotp(handle.db, { userId, code, enrolling: false, now });
    expect(await check(codeAt(AT))).toBe('ok');
    expect(await check(codeAt(AT))).toBe('replayed');
    expect(await check(codeAt(AT, -1))).toBe('replayed');
    expect(await check(codeAt(AT, 1))).toBe('ok');
    const later = new Date(AT.getTime() + 60_000);
    expect(await check(codeAt(AT, 1), later)).toBe('replayed');
    expect(await check(codeAt(later), later)).toBe('ok');
    // The enrolment's check does not accept a confirmed factor's codes, nor the reverse.
    expect(await verifyTotp(handle.db, { userId, code: codeAt(AT, 3), enrolling: true, now: AT })).toBe(
      'none',
    );
  });

  it('evaluates at most five of 30 parallel guesses, then refuses even the right code until the window ends', async () => {
    const userId = await staffUser();
    const right = codeAt(AT);
    const guesses = Array.from({ length: 30 }, (_, index) => String(index).padStart(6, '9')).filter(
      (guess) => guess !== right && guess !== codeAt(AT, -1) && guess !== codeAt(AT, 1),
    );
    const outcomes = await Promise.all(
      guesses.map((code) => verifyTotp(handle.db, { userId, code, enrolling: false, now: AT })),
    );
    expect(outcomes.filter((outcome) => outcome === 'wrong')).toHaveLength(MAX_TOTP_FAILURES);
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(
      guesses.length - MAX_TOTP_FAILURES,
    );
    expect(await verifyTotp(handle.db, { userId, code: right, enrolling: false, now: AT })).toBe('locked');

    const after = new Date(AT.getTime() + LOGIN_WINDOW_MS + 1000);
    expect(await verifyTotp(handle.db, { userId, code: codeAt(after), enrolling: false, now: after })).toBe(
      'ok',
    );
  });

  it('lets 25 parallel copies of the right code in once', async () => {
    const userId = await staffUser();
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () =>
        verifyTotp(handle.db, { userId, code: codeAt(AT), enrolling: false, now: AT }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1);
  });

  it('keeps one enrolment key until it is confirmed, and never replaces a confirmed one', async () => {
    const userId = await staffUser(false);
    expect(await factorState(handle.db, userId)).toBe('none');
    const secret = (await enrolmentSecret(handle.db, userId)) ?? '';
    expect(await factorState(handle.db, userId)).toBe('enrolling');
    expect(await enrolmentSecret(handle.db, userId)).toBe(secret);
    const key = base32Decode(secret) ?? Buffer.alloc(0);
    const confirm = (code: string) => verifyTotp(handle.db, { userId, code, enrolling: true, now: AT });
    expect(
      await verifyTotp(handle.db, { userId, code: hotp(key, totpStep(AT)), enrolling: false, now: AT }),
    ).toBe('none');
    expect(await confirm(hotp(key, totpStep(AT)))).toBe('ok');
    expect(await factorState(handle.db, userId)).toBe('enrolled');
    expect(await enrolmentSecret(handle.db, userId)).toBeNull();
    const rows = await handle.db.select().from(totpFactors);
    expect(rows.every((row) => !Buffer.from(row.encryptedSecret).includes(key))).toBe(true);
  });
});
