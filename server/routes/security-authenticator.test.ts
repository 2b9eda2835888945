import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticatorPending } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { verifyTotp } from '../auth/second-factor';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { securityEvents, totpFactors, totpReenrolments, users } from '../db/schema';
import { DEMO_TOTP_SECRET } from '../db/seed/demo-accounts';
import { decodeQrSvg } from '../test/qr-decode';

const OLD_KEY = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
const stepNow = (): number => totpStep(new Date());
const oldCode = (offset = 0): string => hotp(OLD_KEY, stepNow() + offset);
const other = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe.each(databaseTargets)('re-enrolling the authenticator on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  const post = (path: string, username: string, body: unknown, language = 'it-IT') =>
    ctx.call(`/api/security/authenticator/${path}`, username, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      language,
    });
  const start = (username: string, code: string, language?: string) =>
    post('start', username, { stepUp: { method: 'totp', code } }, language);
  const idOf = async (username: string): Promise<number> =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;
  const factorOf = async (username: string) =>
    (
      await ctx.db
        .select()
        .from(totpFactors)
        .where(eq(totpFactors.userId, await idOf(username)))
    )[0];

  it('is for staff only, and says when the authenticator was set up', async () => {
    expect((await ctx.call('/api/security/authenticator', 'mario.rossi')).status).toBe(403);
    expect((await start('mario.rossi', '123456')).status).toBe(403);
    const status = await ctx.call('/api/security/authenticator', 'operatore');
    expect(status.status).toBe(200);
    expect((await status.json()) as object).toMatchObject({ enrolledAt: expect.any(String) });
    const bad = await post('start', 'operatore', { stepUp: { method: 'totp', code: '12' } });
    expect(bad.status).toBe(400);
  });

  it('keeps the old key until the new one is confirmed; a wrong first code changes nothing', async () => {
    const refused = await start('operatore', other(oldCode()));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_STEP_UP_WRONG' });
    const userId = await idOf('operatore');
    expect(
      await ctx.db.select().from(totpReenrolments).where(eq(totpReenrolments.userId, userId)),
    ).toHaveLength(0);

    const started = await start('operatore', oldCode(-1), 'en-GB');
    expect(started.status).toBe(200);
    const pending = v.parse(AuthenticatorPending, await started.json());
    expect(pending.uri).toContain(`secret=${pending.secret}`);
    expect(pending.qrSvg).toContain('aria-label="QR code to add this account to the authenticator app"');
    expect(decodeQrSvg(pending.qrSvg)).toBe(pending.uri);
    const before = await factorOf('operatore');
    // The old key still signs in while the new one waits.
    expect(await verifyTotp(ctx.db, { userId, code: oldCode(0), enrolling: false })).toBe('ok');

    const newKey = base32Decode(pending.secret) ?? Buffer.alloc(0);
    const wrong = await post('confirm', 'operatore', { code: other(hotp(newKey, stepNow())) });
    expect(wrong.status).toBe(400);
    expect(
      Buffer.from((await factorOf('operatore'))?.encryptedSecret ?? []).equals(
        Buffer.from(before?.encryptedSecret ?? []),
      ),
    ).toBe(true);

    const code = hotp(newKey, stepNow());
    const confirmed = await post('confirm', 'operatore', { code });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ enrolledAt: expect.any(String) });
    // Now the old key's codes are wrong, the confirming code cannot be used again, the next one works.
    expect(await verifyTotp(ctx.db, { userId, code: oldCode(1), enrolling: false })).toBe('wrong');
    expect(await verifyTotp(ctx.db, { userId, code, enrolling: false })).toBe('replayed');
    expect(await verifyTotp(ctx.db, { userId, code: hotp(newKey, stepNow() + 1), enrolling: false })).toBe(
      'ok',
    );
    const events = await ctx.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));
    expect(events.map((event) => event.event)).toEqual(['AUTHENTICATOR_REPLACED']);
    // Nothing is left waiting: a second confirmation has nothing to confirm.
    const again = await post('confirm', 'operatore', { code: hotp(newKey, stepNow() - 1) });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([
      409,
      'AUTHENTICATOR_ENROLMENT_EXPIRED',
    ]);
  });

  it('compares 5 of 30 parallel wrong first codes, and the old key stays', async () => {
    const started = v.parse(AuthenticatorPending, await (await start('dott.conti', oldCode())).json());
    const newKey = base32Decode(started.secret) ?? Buffer.alloc(0);
    const near = new Set([-1, 0, 1].map((offset) => hotp(newKey, stepNow() + offset)));
    const guesses = Array.from({ length: 40 }, (_, index) => String(index).padStart(6, '7'))
      .filter((guess) => !near.has(guess))
      .slice(0, 30);
    const before = await factorOf('dott.conti');
    const answers = await Promise.all(guesses.map((code) => post('confirm', 'dott.conti', { code })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    // Even the right code is refused now; the old key is the key.
    expect((await post('confirm', 'dott.conti', { code: hotp(newKey, stepNow()) })).status).toBe(429);
    expect(
      Buffer.from((await factorOf('dott.conti'))?.encryptedSecret ?? []).equals(
        Buffer.from(before?.encryptedSecret ?? []),
      ),
    ).toBe(true);
  });

  it('replaces the key once when the right first code comes 30 times at once', async () => {
    const started = v.parse(AuthenticatorPending, await (await start('admin', oldCode())).json());
    const code = hotp(base32Decode(started.secret) ?? Buffer.alloc(0), stepNow());
    const answers = await Promise.all(Array.from({ length: 30 }, () => post('confirm', 'admin', { code })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => [200, 409, 429].includes(status))).toBe(true);
    const userId = await idOf('admin');
    const events = await ctx.db.select().from(securityEvents).where(eq(securityEvents.userId, userId));
    expect(events).toHaveLength(1);
  });
});
