import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, openTestDatabase } from '../../../../tests/support/databases';
import type { DatabaseHandle } from '../../../db/client';
import { passkeyChallenges, passkeys, users } from '../../../db/schema';
import { HttpError } from '../../../http-error';
import { createMemoryLogger } from '../../../logger';
import { assertionOptions, verifyAssertion } from './assert';
import { hasPasskey, listPasskeys, removePasskey } from './manage';
import { registerPasskey, registrationOptions } from './register';
import { relyingPartyOf } from './relying-party';
import { SoftAuthenticator } from './soft-authenticator';

/** The options a test asked for exist (a null here is a failure of the test's own setup). */
function need<T>(value: T | null): T {
  if (value === null) throw new Error('no options');
  return value;
}

const rp = relyingPartyOf({ publicUrl: 'https://portale.example.it', applicationTitle: 'Dossier' });

describe.each(databaseTargets)('passkeys on $name', ({ location }) => {
  let database: DatabaseHandle;
  const logger = createMemoryLogger();
  let mario = { id: 0, username: 'pk.mario', displayName: 'Mario' };
  let anna = { id: 0, username: 'pk.anna', displayName: 'Anna' };

  beforeAll(async () => {
    database = await openTestDatabase(location);
    const rows = await database.db
      .insert(users)
      .values([
        { subject: 'pk-mario', username: 'pk.mario', userType: 'PAT', displayName: 'Mario' },
        { subject: 'pk-anna', username: 'pk.anna', userType: 'PAT', displayName: 'Anna' },
      ])
      .returning({ id: users.id });
    mario = { ...mario, id: rows[0]?.id ?? 0 };
    anna = { ...anna, id: rows[1]?.id ?? 0 };
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(passkeys);
    await database.db.delete(passkeyChallenges);
    logger.lines.length = 0;
  });

  async function registered(user = mario): Promise<SoftAuthenticator> {
    const authenticator = new SoftAuthenticator(rp.origin);
    const options = await registrationOptions(database.db, rp, user);
    await registerPasskey(
      database.db,
      { rp, logger },
      {
        user,
        response: authenticator.register(options),
        name: 'Telefono',
      },
    );
    return authenticator;
  }

  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof HttpError) return error.code;
      throw error;
    }
    return 'accepted';
  };

  it('registers a discoverable, user-verified credential under a random user handle', async () => {
    const options = await registrationOptions(database.db, rp, mario);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.rp.id).toBe('portale.example.it');
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    const authenticator = new SoftAuthenticator(rp.origin);
    await registerPasskey(
      database.db,
      { rp, logger },
      { user: mario, response: authenticator.register(options), name: 'Pixel' },
    );
    expect((await listPasskeys(database.db, mario.id)).map((row) => row.name)).toEqual(['Pixel']);
    const [row] = await database.db.select().from(passkeys);
    expect(row?.userHandle).toBe(options.user.id);
    expect(row?.credentialId).toBe(authenticator.id);
    // A second passkey gets the same handle and excludes the first.
    const next = await registrationOptions(database.db, rp, mario);
    expect(next.user.id).toBe(options.user.id);
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it('refuses a registration without user verification, from another origin, or with a spent challenge', async () => {
    const noUv = new SoftAuthenticator(rp.origin);
    const options1 = await registrationOptions(database.db, rp, mario);
    expect(
      await refusal(
        registerPasskey(
          database.db,
          { rp, logger },
          { user: mario, response: noUv.register(options1, { uv: false }), name: 'x' },
        ),
      ),
    ).toBe('PASSKEY_REFUSED');
    const options2 = await registrationOptions(database.db, rp, mario);
    const phish = new SoftAuthenticator('https://portale.example.it.evil.test');
    expect(
      await refusal(
        registerPasskey(
          database.db,
          { rp, logger },
          { user: mario, response: phish.register(options2), name: 'x' },
        ),
      ),
    ).toBe('PASSKEY_REFUSED');
    const options3 = await registrationOptions(database.db, rp, mario);
    const good = new SoftAuthenticator(rp.origin);
    const response = good.register(options3);
    await registerPasskey(database.db, { rp, logger }, { user: mario, response, name: 'a' });
    expect(
      await refusal(registerPasskey(database.db, { rp, logger }, { user: mario, response, name: 'b' })),
    ).toBe('PASSKEY_REFUSED');
    // Another user cannot answer mario's challenge.
    const options4 = await registrationOptions(database.db, rp, mario);
    const other = new SoftAuthenticator(rp.origin);
    expect(
      await refusal(
        registerPasskey(
          database.db,
          { rp, logger },
          { user: anna, response: other.register(options4), name: 'x' },
        ),
      ),
    ).toBe('PASSKEY_REFUSED');
    expect(await listPasskeys(database.db, mario.id)).toHaveLength(1);
    expect(await hasPasskey(database.db, anna.id)).toBe(false);
  });

  it('signs in as the second factor and passwordless, and moves the counter forward', async () => {
    const authenticator = await registered();
    const second = { purpose: 'login' as const, userId: mario.id, binding: 'uid-1' };
    const options = await assertionOptions(database.db, rp, second);
    expect(options?.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    expect(options?.userVerification).toBe('required');
    const outcome = await verifyAssertion(
      database.db,
      { rp, logger },
      { ...second, response: authenticator.assert(need(options)) },
    );
    expect(outcome).toMatchObject({ ok: true, userId: mario.id });
    const discoverable = { purpose: 'login' as const, userId: null, binding: 'uid-2' };
    const open = await assertionOptions(database.db, rp, discoverable);
    expect(open?.allowCredentials).toBeUndefined();
    expect(
      await verifyAssertion(
        database.db,
        { rp, logger },
        { ...discoverable, response: authenticator.assert(need(open)) },
      ),
    ).toMatchObject({ ok: true, userId: mario.id });
    const [row] = await database.db.select().from(passkeys);
    expect(row?.counter).toBe(2);
    expect(row?.lastUsedAt).not.toBeNull();
    // A user without passkeys gets no options (the page offers the SMS code or TOTP only).
    expect(
      await assertionOptions(database.db, rp, { purpose: 'login', userId: anna.id, binding: 'x' }),
    ).toBeNull();
  });

  it('refuses a counter that goes backwards, and logs it', async () => {
    const authenticator = await registered();
    const request = { purpose: 'login' as const, userId: mario.id, binding: 'uid' };
    const first = await assertionOptions(database.db, rp, request);
    expect(
      (
        await verifyAssertion(
          database.db,
          { rp, logger },
          { ...request, response: authenticator.assert(need(first), { counter: 5 }) },
        )
      ).ok,
    ).toBe(true);
    const second = await assertionOptions(database.db, rp, request);
    const outcome = await verifyAssertion(
      database.db,
      { rp, logger },
      { ...request, response: authenticator.assert(need(second), { counter: 3 }) },
    );
    expect(outcome).toEqual({ ok: false, reason: 'counter' });
    expect(
      logger.lines.some(
        (line) => line.message === 'security.passkey.counter_regression' && line.level === 'warn',
      ),
    ).toBe(true);
    const third = await assertionOptions(database.db, rp, request);
    expect(
      (
        await verifyAssertion(
          database.db,
          { rp, logger },
          { ...request, response: authenticator.assert(need(third), { counter: 5 }) },
        )
      ).ok,
    ).toBe(false);
  });

  it('refuses an assertion without the UV flag', async () => {
    const authenticator = await registered();
    const request = { purpose: 'login' as const, userId: mario.id, binding: 'uid' };
    const options = await assertionOptions(database.db, rp, request);
    const outcome = await verifyAssertion(
      database.db,
      { rp, logger },
      { ...request, response: authenticator.assert(need(options), { uv: false }) },
    );
    expect(outcome.ok).toBe(false);
  });

  it("refuses a foreign user's credential, a wrong user handle, and a removed passkey", async () => {
    const marios = await registered(mario);
    await registered(anna);
    const forAnna = { purpose: 'login' as const, userId: anna.id, binding: 'uid' };
    const options = await assertionOptions(database.db, rp, forAnna);
    expect(
      await verifyAssertion(
        database.db,
        { rp, logger },
        { ...forAnna, response: marios.assert(need(options)) },
      ),
    ).toEqual({ ok: false, reason: 'foreign' });
    // The challenge was spent by the refusal.
    expect(
      await database.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.binding, 'uid')),
    ).toHaveLength(0);
    const open = { purpose: 'login' as const, userId: null, binding: 'uid-open' };
    const o2 = await assertionOptions(database.db, rp, open);
    expect(
      await verifyAssertion(
        database.db,
        { rp, logger },
        { ...open, response: marios.assert(need(o2), { userHandle: null }) },
      ),
    ).toEqual({ ok: false, reason: 'handle' });
    const [row] = await listPasskeys(database.db, mario.id);
    await removePasskey(database.db, { userId: mario.id, id: row?.id ?? 0 });
    const o3 = await assertionOptions(database.db, rp, open);
    expect(
      await verifyAssertion(database.db, { rp, logger }, { ...open, response: marios.assert(need(o3)) }),
    ).toEqual({ ok: false, reason: 'unknown' });
    expect(await refusal(removePasskey(database.db, { userId: anna.id, id: row?.id ?? 0 }))).toBe(
      'NOT_FOUND',
    );
  });

  it('takes a challenge once: a replayed assertion and a step-up challenge used for a login are refused', async () => {
    const authenticator = await registered();
    const request = { purpose: 'stepUp' as const, userId: mario.id, binding: null };
    const options = await assertionOptions(database.db, rp, request);
    const response = authenticator.assert(need(options));
    expect(
      (
        await verifyAssertion(
          database.db,
          { rp, logger },
          { purpose: 'login', userId: mario.id, binding: null, response },
        )
      ).ok,
    ).toBe(false);
    const fresh = await assertionOptions(database.db, rp, request);
    const answer = authenticator.assert(need(fresh));
    expect((await verifyAssertion(database.db, { rp, logger }, { ...request, response: answer })).ok).toBe(
      true,
    );
    expect(
      await verifyAssertion(database.db, { rp, logger }, { ...request, response: answer }),
    ).toMatchObject({ ok: false });
  });

  it('lets exactly one of 30 parallel answers to one challenge through', async () => {
    const authenticator = await registered();
    const request = { purpose: 'login' as const, userId: null, binding: 'uid-par' };
    const options = await assertionOptions(database.db, rp, request);
    const response = authenticator.assert(need(options));
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () =>
        verifyAssertion(database.db, { rp, logger }, { ...request, response }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const [row] = await database.db.select().from(passkeys);
    expect(row?.counter).toBe(1);
  });

  it('refuses an 11th passkey', async () => {
    for (let i = 0; i < 10; i += 1) await registered();
    expect(await refusal(registrationOptions(database.db, rp, mario))).toBe('PASSKEY_LIMIT');
  });
});
