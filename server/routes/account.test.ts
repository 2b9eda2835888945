import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CurrentUser, ProfileDenied } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { users } from '../db/schema';

describe.each(databaseTargets)('GET /api/me on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  /** Statements the database client runs during `run` (the test tokens are bearer: no proof, no grant read). */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('answers in one statement (it used to take five)', async () => {
    let body: unknown;
    const patient = await statementsOf(async () => {
      body = await (await ctx.call('/api/me', 'mario.rossi')).json();
    });
    expect(v.parse(CurrentUser, body).userType).toBe('PAT');
    expect(patient).toBe(1);
    for (const username of ['ospite', 'dott.ferrari', 'luca.verdi']) {
      expect(await statementsOf(() => ctx.call('/api/me', username)), username).toBe(1);
    }
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.call('/api/me', null);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('returns each demo role with its permissions', async () => {
    for (const [username, userType] of [
      ['mario.rossi', 'PAT'],
      ['dott.ferrari', 'PHY'],
      ['operatore', 'OPT'],
      ['admin', 'ADM'],
      ['ospite', 'GUE'],
    ] as const) {
      const response = await ctx.call('/api/me', username);
      expect(response.status, username).toBe(200);
      const user = v.parse(CurrentUser, await response.json());
      expect(user.userType).toBe(userType);
    }
    const patient = v.parse(CurrentUser, await (await ctx.call('/api/me', 'mario.rossi')).json());
    expect(patient.permissionList).toContain('perm.meview.consent.patient.autonomy');
    expect(patient.patientId).not.toBeNull();
  });

  it('answers 403 code 0 with the patient when the dossier consent is missing', async () => {
    const response = await ctx.call('/api/me', 'luca.verdi');
    expect(response.status).toBe(403);
    const denied = v.parse(ProfileDenied, await response.json());
    expect(denied.code).toBe(0);
    expect(denied.patient).toMatchObject({ name: 'Luca', surname: 'Verdi' });
  });

  it('answers 403 code 2 with the authentication method when advanced-signature consents are due', async () => {
    await ctx.db.update(users).set({ requiresFeaConsents: true }).where(eq(users.username, 'giulia.bianchi'));
    const token = await ctx.tokenFor('giulia.bianchi', { amr: ['spid', 'otp'] });
    const response = await ctx.app.request('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    const denied = v.parse(ProfileDenied, await response.json());
    expect(denied).toMatchObject({ code: 2, authentication_method: 'spid otp' });
    expect(denied.patient?.name).toBe('Giulia');
    await ctx.db
      .update(users)
      .set({ requiresFeaConsents: false })
      .where(eq(users.username, 'giulia.bianchi'));
  });

  it('answers 403 code 1 for a disabled user and for a subject unknown to the portal', async () => {
    await ctx.db.update(users).set({ enabled: false }).where(eq(users.username, 'operatore'));
    expect(await (await ctx.call('/api/me', 'operatore')).json()).toMatchObject({
      status: 403,
      code: 1,
      patient: null,
    });
    expect(await (await ctx.call('/api/me', 'nobody')).json()).toMatchObject({ status: 403, code: 1 });
    await ctx.db.update(users).set({ enabled: true }).where(eq(users.username, 'operatore'));
  });

  it('refuses an expired token with SESSION_EXPIRED', async () => {
    const token = await ctx.tokenFor('mario.rossi', { expiresInSeconds: -120 });
    const response = await ctx.app.request('/api/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});
