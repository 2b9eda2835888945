import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { fhirAudienceOf } from '../config';
import { FHIR_BASE } from '../constants';
import { smartApps } from '../db/schema';
import { HttpError } from '../http-error';
import { endAppGrant } from '../services/apps/grants';
import { type LaunchPeople, seedLaunchPeople } from '../test/fixtures/smart';
import { startTestIdp, TEST_PASSWORD, TEST_USERS, type TestIdp } from '../test/idp';
import { apiOn } from '../test/idp-api';
import { registerTestApp, SmartAppClient } from '../test/smart-app';
import { embeddedTokenCheck } from './embedded-verifier';
import type { VerifyToken } from './principal';
import { databaseReplayStore } from './replay-store';

/** An app's bearer token opens /fhir only, as the app and patient of its grant, until the grant ends. */
describe.each(databaseTargets)("a SMART app's token on $name", ({ location }) => {
  let t: TestIdp;
  let people: LaunchPeople;
  let verify: VerifyToken;
  let api: Awaited<ReturnType<typeof apiOn>>;
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
    people = await seedLaunchPeople(t);
    api = await apiOn(t, { requireDpop: true });
    verify = embeddedTokenCheck({
      db: t.database.db,
      issuer: t.issuer,
      jwks: t.idp.publicJwks,
      apiAudience: t.config.apiAudience,
      fhirAudience: fhirAudienceOf(t.config),
      fhirBase: FHIR_BASE,
      requireDpop: true,
      replayStore: databaseReplayStore(t.database.db),
    });
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
  const onFhir = (token: unknown, path = '/Observation') =>
    verify({ method: 'GET', url: `${t.config.publicUrl}/fhir${path}`, headers: new Headers(bearer(token)) });
  const status = (promise: Promise<unknown>): Promise<number> =>
    promise.then(
      () => 200,
      (error: unknown) => (error instanceof HttpError ? error.status : 500),
    );

  it('reads on /fhir as the app, for the patient the consent named, with its scopes', async () => {
    const app = new SmartAppClient(t, await registerTestApp(t, { name: 'Diario Salute' }));
    const tokens = await app.launch('mario.rossi', TEST_PASSWORD);
    const principal = await onFhir(tokens.access_token);
    expect(principal.subject).toBe('sub-mario');
    expect(principal.app).toEqual({
      clientId: app.app.clientId,
      name: 'Diario Salute',
      patientId: people.mario,
      scopes: ['patient/Patient.rs', 'patient/Observation.rs'],
    });
  });

  it("reads as the guest's account of the chosen patient", async () => {
    const app = new SmartAppClient(t, await registerTestApp(t));
    const tokens = await app.launch('sara.ospite', TEST_PASSWORD, { patient: String(people.saraFirst) });
    const principal = await onFhir(tokens.access_token);
    expect(principal.subject).toMatch(/^sub-sara#g\d+$/);
    expect(principal.app?.patientId).toBe(people.saraFirst);
  });

  it('is refused on /api, however it is sent: an app reaches /fhir only', async () => {
    const app = new SmartAppClient(t, await registerTestApp(t));
    const tokens = await app.launch('mario.rossi', TEST_PASSWORD);
    for (const path of ['/api/me', '/api/documents', '/fhirx/Patient', '/']) {
      const direct = verify({
        method: 'GET',
        url: `${t.config.publicUrl}${path}`,
        headers: new Headers(bearer(tokens.access_token)),
      });
      expect(await status(direct)).toBe(401);
    }
    const response = await api.app.request(`${t.base}/api/me`, { headers: bearer(tokens.access_token) });
    expect(response.status).toBe(401);
  });

  it('stops at once when the patient revokes it, and its refresh token fails', async () => {
    const app = new SmartAppClient(t, await registerTestApp(t));
    const tokens = await app.launch('mario.rossi', TEST_PASSWORD);
    const principal = await onFhir(tokens.access_token);
    await endAppGrant(t.database.db, principal.grantId ?? '');
    expect(await status(onFhir(tokens.access_token))).toBe(401);
    const refreshed = await app.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refreshed.status).toBe(400);
  });

  it('stops at once when an administrator disables the app', async () => {
    const app = new SmartAppClient(t, await registerTestApp(t));
    const tokens = await app.launch('mario.rossi', TEST_PASSWORD);
    expect(await status(onFhir(tokens.access_token))).toBe(200);
    await t.database.db
      .update(smartApps)
      .set({ disabledAt: new Date() })
      .where(eq(smartApps.clientId, app.app.clientId));
    expect(await status(onFhir(tokens.access_token))).toBe(401);
    const refreshed = await app.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refreshed.status).toBe(401);
  });

  it('refuses on /fhir what is no token at all', async () => {
    const forged = await onFhir('not.a.jwt').catch((error: unknown) => error);
    expect(forged).toBeInstanceOf(HttpError);
    expect((forged as HttpError).status).toBe(401);
  });
});
