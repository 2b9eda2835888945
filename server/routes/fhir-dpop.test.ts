import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../tests/support/databases';
import { patients, users } from '../db/schema';
import { ipsViolations } from '../test/fixtures/fhir';
import {
  type DpopKey,
  dpopKey,
  dpopProof,
  startTestIdp,
  TEST_PASSWORD,
  TEST_USERS,
  type TestIdp,
} from '../test/idp';
import { apiOn } from '../test/idp-api';
import { PortalClient } from '../test/idp-flow';

/**
 * `/fhir` takes the portal's own tokens as the API does: issued by the embedded identity provider, bound to
 * the browser's DPoP key, the proof naming the `/fhir` URL.
 */
describe.each(databaseTargets)('the FHIR endpoint with DPoP-bound tokens on $name', ({ location }) => {
  let t: TestIdp;
  let api: Awaited<ReturnType<typeof apiOn>>;
  let patientId: number;
  let key: DpopKey;
  let token: string;
  beforeAll(async () => {
    t = await startTestIdp(TEST_USERS, location);
    api = await apiOn(t, { requireDpop: true });
    const [patient] = await t.database.db
      .insert(patients)
      .values({
        masterId: 'MPI-FHIR-1',
        name: 'Mario',
        surname: 'Rossi',
        fiscalCode: 'RSSMRA80A01H501U',
        birthDate: '1980-01-01',
        sex: 'M',
        demographics: {},
      })
      .returning({ mepiId: patients.mepiId });
    patientId = patient?.mepiId ?? 0;
    await t.database.db.update(users).set({ patientId }).where(eq(users.username, 'mario.rossi'));
    key = await dpopKey();
    token = (await new PortalClient(t).signIn('mario.rossi', TEST_PASSWORD, key)).tokens.access_token ?? '';
  });
  afterAll(async () => {
    await api?.close();
    await t?.close();
  });

  const summaryUrl = () => `${t.base}/fhir/Patient/${patientId}/$summary`;
  const get = async (url: string, proofFor: string): Promise<Response> =>
    api.app.request(url, {
      headers: {
        authorization: `DPoP ${token}`,
        dpop: await dpopProof(key, { htm: 'GET', htu: proofFor, accessToken: token }),
      },
    });

  it("answers the patient's summary to a DPoP-bound token with its proof", async () => {
    const response = await get(summaryUrl(), summaryUrl());
    expect(response.status).toBe(200);
    const bundle = (await response.json()) as Bundle;
    expect(bundle.type).toBe('document');
    expect(ipsViolations(bundle)).toEqual([]);
  });

  it('refuses the token without its proof, or with a proof for another URL, as an OperationOutcome', async () => {
    const bare = await api.app.request(summaryUrl(), { headers: { authorization: `DPoP ${token}` } });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as OperationOutcome).issue[0]?.code).toBe('login');
    const elsewhere = await get(summaryUrl(), `${t.base}/api/me`);
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.headers.get('Content-Type')).toMatch(/^application\/fhir\+json/);
  });
});
