import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { auditLog } from '../db/schema';
import { type LaunchPeople, seedLaunchPeople } from '../test/fixtures/smart';
import { pkce, startTestIdp, TEST_PASSWORD, TEST_USERS, type TestIdp } from '../test/idp';
import { registerTestApp, SmartAppClient } from '../test/smart-app';

/**
 * SMART App Launch 2.2, standalone patient launch, against the embedded IdP: the consent page, the grant
 * with its patient, the token response, and what an attacker would try at the authorization endpoint.
 */
describe.each(databaseTargets)('a SMART standalone launch on $name', ({ location }) => {
  let t: TestIdp;
  let people: LaunchPeople;
  let client: SmartAppClient;
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
    people = await seedLaunchPeople(t);
    client = new SmartAppClient(t, await registerTestApp(t, { name: 'Diario Salute' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows Mario the app and what it reads, then answers tokens for his dossier', async () => {
    const consent = await client.toConsent('mario.rossi', TEST_PASSWORD);
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('Collegare «Diario Salute»?');
    expect(consent.html).toContain('<li>Dati anagrafici</li>');
    expect(consent.html).toContain('<li>Esami e misurazioni</li>');
    expect(consent.html).toContain('Il fascicolo di Mario Rossi');
    expect(consent.html).toContain('localhost:9876');
    const decided = await client.decide(consent, { decision: 'allow' });
    expect(decided.location?.origin + (decided.location?.pathname ?? '')).toBe(client.app.redirectUri);
    expect(decided.location?.searchParams.get('state')).toBe('app-state-1');
    const exchanged = await client.exchange(
      decided.location?.searchParams.get('code') ?? '',
      consent.verifier,
    );
    expect(exchanged.status).toBe(200);
    const tokens = (await exchanged.json()) as Record<string, string | number>;
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(300);
    expect(tokens.patient).toBe(String(people.mario));
    expect(String(tokens.scope).split(' ').sort()).toEqual(
      [
        'fhirUser',
        'launch/patient',
        'offline_access',
        'openid',
        'patient/Observation.rs',
        'patient/Patient.rs',
      ].sort(),
    );
    expect(typeof tokens.refresh_token).toBe('string');
    const access = decodeJwt(String(tokens.access_token));
    expect(access.aud).toBe(client.fhirBase);
    expect(access.patient).toBe(String(people.mario));
    expect(access.cnf).toBeUndefined();
    expect(decodeJwt(String(tokens.id_token)).fhirUser).toBe(`Patient/${people.mario}`);
    // Mario's choice is in his treatment history, naming the app.
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, people.mario), eq(auditLog.activity, 'APP_AUTHORIZE')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'ALLOWED', accessTitle: 'SELF', detail: 'Diario Salute' });
  });

  it('speaks English on the consent page when asked', async () => {
    const consent = await client.toConsent('mario.rossi', TEST_PASSWORD, { ui_locales: 'en' });
    expect(consent.html).toContain('Connect “Diario Salute”?');
    expect(consent.html).toContain('<li>Test results and measurements</li>');
  });

  it('sends access_denied to the app when Mario does not allow it', async () => {
    const consent = await client.toConsent('mario.rossi', TEST_PASSWORD);
    const decided = await client.decide(consent, { decision: 'deny' });
    expect(decided.location?.searchParams.get('error')).toBe('access_denied');
    expect(decided.location?.searchParams.get('state')).toBe('app-state-1');
    expect(decided.location?.searchParams.get('code')).toBeNull();
  });

  it('lets a guest pick one of their patients, and only one of theirs', async () => {
    const consent = await client.toConsent('sara.ospite', TEST_PASSWORD);
    expect(consent.html).toContain('Di quale fascicolo?');
    expect(consent.html).toContain('Elena Ospitata');
    expect(consent.html).toContain('Bruno Ospitato');
    expect(consent.html).not.toContain('Estraneo');
    const foreign = await client.decide(consent, { decision: 'allow', patient: String(people.stranger) });
    expect(foreign.status).toBe(400);
    expect(foreign.html).toContain('Scegli il fascicolo');
    const none = await client.decide(consent, { decision: 'allow' });
    expect(none.status).toBe(400);
    const chosen = await client.decide(consent, { decision: 'allow', patient: String(people.saraSecond) });
    const exchanged = await client.exchange(
      chosen.location?.searchParams.get('code') ?? '',
      consent.verifier,
    );
    const tokens = (await exchanged.json()) as Record<string, string>;
    expect(tokens.patient).toBe(String(people.saraSecond));
    // A guest is no FHIR resource of their own: no fhirUser claim, and the scope is not granted.
    expect(tokens.scope?.split(' ')).not.toContain('fhirUser');
    expect(decodeJwt(tokens.id_token ?? '').fhirUser).toBeUndefined();
  });

  it('offers staff no dossier to give: the app hears access_denied', async () => {
    const consent = await client.toConsent('anna.neri', TEST_PASSWORD);
    expect(consent.html).toContain('Solo i pazienti');
    expect(consent.html).not.toContain('value="allow"');
    const decided = await client.decide(consent, { decision: 'allow', patient: String(people.mario) });
    expect(decided.location?.searchParams.get('error')).toBe('access_denied');
  });

  it('redirects nowhere but the registered URI, exactly', async () => {
    for (const redirect of [
      'http://localhost:9876/callback/',
      'http://localhost:9877/callback',
      'http://evil.example/callback',
    ]) {
      const consent = await client.toConsent('mario.rossi', TEST_PASSWORD, { redirect_uri: redirect });
      expect(consent.status).toBe(400);
      expect(consent.url).not.toContain(redirect);
    }
  });

  it('requires PKCE with S256, and aud naming this FHIR endpoint', async () => {
    const { challenge } = pkce();
    const noPkce = new URL(client.authorizeUrl(challenge));
    noPkce.searchParams.delete('code_challenge');
    noPkce.searchParams.delete('code_challenge_method');
    const plain = new URL(client.authorizeUrl(challenge, { code_challenge_method: 'plain' }));
    const otherAud = new URL(client.authorizeUrl(challenge, { aud: 'https://fhir.example/fhir' }));
    const api = new URL(client.authorizeUrl(challenge, { resource: t.config.apiAudience }));
    for (const url of [noPkce, plain, otherAud, api]) {
      const response = await fetch(url, { redirect: 'manual' });
      const back = new URL(response.headers.get('location') ?? '', t.base);
      expect(response.status).toBe(303);
      expect(back.searchParams.get('error')).toMatch(/invalid_request|invalid_target/);
    }
  });

  it('refuses a code exchanged without its verifier, or twice', async () => {
    const consent = await client.toConsent('mario.rossi', TEST_PASSWORD);
    const decided = await client.decide(consent, { decision: 'allow' });
    const code = decided.location?.searchParams.get('code') ?? '';
    expect((await client.exchange(code, pkce().verifier)).status).toBe(400);
    const again = await client.toConsent('mario.rossi', TEST_PASSWORD);
    const second = await client.decide(again, { decision: 'allow' });
    const secondCode = second.location?.searchParams.get('code') ?? '';
    const [one, two] = await Promise.all([
      client.exchange(secondCode, again.verifier),
      client.exchange(secondCode, again.verifier),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
  });

  it('rotates refresh tokens: of 20 parallel refreshes with one token, one succeeds', async () => {
    const tokens = await client.launch('mario.rossi', TEST_PASSWORD);
    const refresh = String(tokens.refresh_token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    const winner = answers[statuses.indexOf(200)];
    const renewed = (await winner?.json()) as Record<string, string>;
    expect(renewed.patient).toBe(String(people.mario));
    expect(renewed.refresh_token).not.toBe(refresh);
  });

  it('authenticates a confidential app with its secret, and refuses a wrong one', async () => {
    const confidential = new SmartAppClient(t, await registerTestApp(t, { confidential: true }));
    const tokens = await confidential.launch('mario.rossi', TEST_PASSWORD);
    expect(tokens.patient).toBe(String(people.mario));
    const wrong = new SmartAppClient(t, { ...confidential.app, secret: 'not-the-secret' });
    const refused = await wrong.tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refused.status).toBe(401);
  });

  it('gives no refresh token without offline_access', async () => {
    const online = await client.toConsent('mario.rossi', TEST_PASSWORD, {
      scope: 'launch/patient openid patient/*.rs',
    });
    expect(online.html).toContain('Tutto il fascicolo');
    const decided = await client.decide(online, { decision: 'allow' });
    const response = await client.exchange(decided.location?.searchParams.get('code') ?? '', online.verifier);
    const tokens = (await response.json()) as Record<string, string>;
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope?.split(' ')).toContain('patient/*.rs');
  });
});
