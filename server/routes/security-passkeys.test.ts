import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasskeyList, PasskeyOptionsReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { base32Decode, hotp, totpStep } from '../auth/totp';
import { smsOutbox, users } from '../db/schema';
import { DEMO_TOTP_SECRET } from '../db/seed/demo-accounts';
import { SoftAuthenticator } from '../services/security/passkeys/soft-authenticator';

const key = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
const ORIGIN = 'http://localhost';

describe.each(databaseTargets)('the passkeys API on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  const json = (method: string, body?: unknown) => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const list = async (username: string) =>
    v.parse(PasskeyList, await (await ctx.call('/api/security/passkeys', username)).json());

  it('adds a passkey only after a fresh factor, then lists, renames and removes it', async () => {
    expect(await list('dott.ferrari')).toEqual({ passkeys: [], stepUp: ['totp'] });
    // Without a proof, and with a wrong code: no challenge.
    expect(
      (await ctx.call('/api/security/passkeys/registrationOptions', 'dott.ferrari', json('POST', {}))).status,
    ).toBe(403);
    const code = hotp(key, totpStep(new Date()) + 1);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await ctx.call(
      '/api/security/passkeys/registrationOptions',
      'dott.ferrari',
      json('POST', { stepUp: { method: 'totp', code: wrong } }),
    );
    expect(refused.status).toBe(400);
    const opened = await ctx.call(
      '/api/security/passkeys/registrationOptions',
      'dott.ferrari',
      json('POST', { stepUp: { method: 'totp', code } }),
    );
    expect(opened.status).toBe(200);
    const { options } = v.parse(PasskeyOptionsReply, await opened.json());
    const authenticator = new SoftAuthenticator(ORIGIN);
    const response = authenticator.register(options as never);
    const added = await ctx.call(
      '/api/security/passkeys',
      'dott.ferrari',
      json('POST', { response, name: '  Telefono  ' }),
    );
    expect(added.status).toBe(201);
    const after = await list('dott.ferrari');
    expect(after.passkeys.map((p) => p.name)).toEqual(['Telefono']);
    expect(after.stepUp).toEqual(['totp', 'passkey']);
    const id = after.passkeys[0]?.id;

    // The passkey itself is now a fresh factor for the next one.
    const stepUp = v.parse(
      PasskeyOptionsReply,
      await (await ctx.call('/api/security/passkeys/stepUpOptions', 'dott.ferrari', json('POST'))).json(),
    );
    const proof = { method: 'passkey', response: authenticator.assert(stepUp.options as never) };
    const again = await ctx.call(
      '/api/security/passkeys/registrationOptions',
      'dott.ferrari',
      json('POST', { stepUp: proof }),
    );
    expect(again.status).toBe(200);
    // …once: the same assertion is refused the second time.
    const replay = await ctx.call(
      '/api/security/passkeys/registrationOptions',
      'dott.ferrari',
      json('POST', { stepUp: proof }),
    );
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { code: string }).code).toBe('PASSKEY_REFUSED');

    // Someone else can neither rename nor remove it.
    expect(
      (await ctx.call(`/api/security/passkeys/${id}`, 'mario.rossi', json('PATCH', { name: 'Mio' }))).status,
    ).toBe(404);
    expect((await ctx.call(`/api/security/passkeys/${id}`, 'mario.rossi', json('DELETE'))).status).toBe(404);
    expect(
      (
        await ctx.call(
          `/api/security/passkeys/${id}`,
          'dott.ferrari',
          json('PATCH', { name: 'Pixel di Anna' }),
        )
      ).status,
    ).toBe(200);
    expect((await list('dott.ferrari')).passkeys[0]?.name).toBe('Pixel di Anna');
    expect((await ctx.call(`/api/security/passkeys/${id}`, 'dott.ferrari', json('DELETE'))).status).toBe(200);
    expect((await list('dott.ferrari')).passkeys).toEqual([]);
  });

  it("opens a patient's registration after the SMS code, not with a wrong one", async () => {
    const sent = await ctx.call('/api/security/stepUpCode', 'giulia.bianchi', json('POST', {}));
    expect(sent.status).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.username, 'giulia.bianchi'));
    const [latest] = await ctx.db
      .select({ body: smsOutbox.body })
      .from(smsOutbox)
      .where(eq(smsOutbox.userId, user?.id ?? 0))
      .orderBy(desc(smsOutbox.id));
    const code = latest?.body.match(/^(\d{6}) /)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const options = (stepUp: unknown) =>
      ctx.call('/api/security/passkeys/registrationOptions', 'giulia.bianchi', json('POST', { stepUp }));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await options({ method: 'sms', code: wrong })).status).toBe(400);
    const opened = await options({ method: 'sms', code });
    expect(opened.status).toBe(200);
    expect(v.parse(PasskeyOptionsReply, await opened.json()).options.challenge).not.toBe('');
  });

  it('answers bad input with 400 and the field', async () => {
    const empty = await ctx.call('/api/security/passkeys/1', 'dott.ferrari', json('PATCH', { name: '   ' }));
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('name');
    expect((await ctx.call('/api/security/passkeys/abc', 'dott.ferrari', json('DELETE'))).status).toBe(400);
    const junk = await ctx.call(
      '/api/security/passkeys',
      'dott.ferrari',
      json('POST', { response: { id: '!!' }, name: 'x' }),
    );
    expect(junk.status).toBe(400);
    // A patient without a passkey confirms with an SMS code; no passkey to assert with yet.
    expect((await list('mario.rossi')).stepUp).toEqual(['sms']);
    expect((await ctx.call('/api/security/passkeys/stepUpOptions', 'mario.rossi', json('POST'))).status).toBe(
      409,
    );
  });
});
