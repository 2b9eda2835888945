import type { Bundle } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList, TreatmentHistory } from '../../src/contract';
import { SHL_PASSCODE_ATTEMPTS, ShlCreated, ShlList } from '../../src/contract/shl';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { notificationOutbox, users } from '../db/schema';
import { ipsViolations } from '../test/fixtures/fhir';
import { validationErrors } from '../test/fixtures/fhir-validation';

/** What a receiving application does with a `shlink:/…`, knowing nothing of the portal: the spec alone. */
function decodeShlink(shlink: string): {
  url: string;
  key: string;
  exp?: number;
  flag?: string;
  label?: string;
  v?: number;
} {
  expect(shlink.startsWith('shlink:/')).toBe(true);
  return JSON.parse(Buffer.from(shlink.slice('shlink:/'.length), 'base64url').toString('utf8'));
}

async function decrypt(jwe: string, key: string): Promise<unknown> {
  expect(decodeProtectedHeader(jwe)).toMatchObject({
    alg: 'dir',
    enc: 'A256GCM',
    cty: 'application/fhir+json',
  });
  const { plaintext } = await compactDecrypt(jwe, Buffer.from(key, 'base64url'));
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe.each(databaseTargets)('SMART Health Links on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let documentIds: number[];
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  /** The manifest request as any receiving application sends it: no token, from the link's url. */
  const manifest = (url: string, body: unknown) => ctx.app.request(new URL(url).pathname, json('POST', body));
  const share = async (body: Record<string, unknown>, username = 'mario.rossi') => {
    const response = await ctx.call('/api/shl', username, json('POST', { patientId: mario, ...body }));
    expect(response.status, await response.clone().text()).toBe(201);
    return v.parse(ShlCreated, await response.json());
  };

  beforeAll(async () => {
    // With the structured record: a link may carry the patient summary.
    ctx = await createTestContext(location, {}, {}, { clinical: true });
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const listed = await ctx.call(
      `/api/documents?patientId=${mario}&status=ONLINE&documentType=LAB`,
      'mario.rossi',
    );
    documentIds = v
      .parse(DocumentList, await listed.json())
      .documents.slice(0, 2)
      .map((document) => document.id);
  });
  afterAll(() => ctx.close());

  it('makes a link a reader opens with the spec alone: manifest, passcode, JWE under the key', async () => {
    const created = await share({
      label: 'Visita cardiologo',
      passcode: 'tramonto42',
      summary: false,
      documentIds,
    });
    const payload = decodeShlink(created.shlink);
    expect(payload).toMatchObject({ flag: 'P', label: 'Visita cardiologo', v: 1 });
    expect(payload.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payload.url.length).toBeLessThanOrEqual(128);
    expect((payload.exp ?? 0) * 1000).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const opened = await manifest(payload.url, { recipient: 'Dr. Anna Weber', passcode: 'tramonto42' });
    expect(opened.status).toBe(200);
    expect(opened.headers.get('access-control-allow-origin')).toBe('*');
    const { files } = (await opened.json()) as { files: { contentType: string; embedded?: string }[] };
    expect(files).toHaveLength(1);
    const bundle = (await decrypt(files[0]?.embedded ?? '', payload.key)) as {
      resourceType: string;
      type: string;
      entry: {
        fullUrl: string;
        resource: { resourceType: string; content?: { attachment: { url: string } }[]; data?: string };
      }[];
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const references = bundle.entry.filter((entry) => entry.resource.resourceType === 'DocumentReference');
    expect(references).toHaveLength(2);
    for (const reference of references) {
      const target = reference.resource.content?.[0]?.attachment.url;
      const binary = bundle.entry.find((entry) => entry.fullUrl === target)?.resource;
      expect(binary?.resourceType).toBe('Binary');
      expect(
        Buffer.from(binary?.data ?? '', 'base64')
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it("carries the patient summary as an IPS document the validator accepts, in the sharer's language", async () => {
    const created = await ctx.call('/api/shl', 'mario.rossi', {
      ...json('POST', { patientId: mario, label: 'Summary', summary: true, documentIds: [] }),
      language: 'en-US',
    });
    expect(created.status).toBe(201);
    const payload = decodeShlink(v.parse(ShlCreated, await created.json()).shlink);
    const opened = await manifest(payload.url, { recipient: 'Dr. Jane Smith' });
    const { files } = (await opened.json()) as { files: { embedded?: string }[] };
    expect(files).toHaveLength(1);
    const bundle = (await decrypt(files[0]?.embedded ?? '', payload.key)) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    expect(ipsViolations(bundle)).toEqual([]);
    expect(validationErrors(bundle)).toEqual([]);
    // Mario's latest HbA1c (LOINC 59261-8) is among the results.
    const hba1c = bundle.entry?.find(
      (entry) =>
        entry.resource?.resourceType === 'Observation' && entry.resource.code.coding?.[0]?.code === '59261-8',
    );
    expect(hba1c).toBeDefined();
  });

  it('counts wrong passcodes across 30 parallel guesses, and at 0 the link is dead', async () => {
    const payload = decodeShlink(
      (await share({ label: 'Prova', passcode: 'giusta123', summary: false, documentIds })).shlink,
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        manifest(payload.url, { recipient: 'x', passcode: `sbagliata${index}` }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 401);
    expect(refused).toHaveLength(SHL_PASSCODE_ATTEMPTS);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(30 - SHL_PASSCODE_ATTEMPTS);
    const remaining = await Promise.all(
      refused.map(
        async (answer) => ((await answer.json()) as { remainingAttempts: number }).remainingAttempts,
      ),
    );
    expect(remaining.sort((a, b) => a - b)).toEqual(
      Array.from({ length: SHL_PASSCODE_ATTEMPTS }, (_, index) => index),
    );
    expect((await manifest(payload.url, { recipient: 'x', passcode: 'giusta123' })).status).toBe(404);
    const { links } = v.parse(
      ShlList,
      await (await ctx.call(`/api/shl?patientId=${mario}`, 'mario.rossi')).json(),
    );
    expect(links.find((link) => link.label === 'Prova')?.state).toBe('locked');
  });

  it('a revoked link answers 404 at once, and its file locations too', async () => {
    const created = await share({ label: 'Da revocare', summary: false, documentIds });
    const payload = decodeShlink(created.shlink);
    expect(payload.flag).toBeUndefined();
    const small = await manifest(payload.url, { recipient: 'Studio medico', embeddedLengthMax: 10 });
    const { files } = (await small.json()) as { files: { location?: string; embedded?: string }[] };
    expect(files[0]?.embedded).toBeUndefined();
    const location = new URL(files[0]?.location ?? '');
    const fetched = await ctx.app.request(location.pathname);
    expect(fetched.headers.get('content-type')).toBe('application/jose');
    expect(await decrypt(await fetched.text(), payload.key)).toMatchObject({ resourceType: 'Bundle' });
    expect((await ctx.call(`/api/shl/${created.id}`, 'mario.rossi', { method: 'DELETE' })).status).toBe(204);
    expect((await manifest(payload.url, { recipient: 'Studio medico' })).status).toBe(404);
    expect((await ctx.app.request(location.pathname)).status).toBe(404);
  });

  it('refuses staff and strangers, checks the fields, and keeps the expiry within a year', async () => {
    const staff = await ctx.call(
      '/api/shl',
      'dott.ferrari',
      json('POST', { patientId: mario, label: 'x', summary: false, documentIds }),
    );
    expect(staff.status).toBe(403);
    const nothing = await ctx.call(
      '/api/shl',
      'mario.rossi',
      json('POST', { patientId: mario, label: 'x', summary: false, documentIds: [] }),
    );
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toMatchObject({ fields: [{ field: 'documentIds', code: 'required' }] });
    const tooFar = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString();
    const far = await ctx.call(
      '/api/shl',
      'mario.rossi',
      json('POST', { patientId: mario, label: 'x', summary: false, documentIds, expiresAt: tooFar }),
    );
    expect(await far.json()).toMatchObject({ fields: [{ field: 'expiresAt', code: 'outOfRange' }] });
    expect((await manifest('http://x/api/shl/manifests/short', { recipient: 'x' })).status).toBe(404);
  });

  it('tells the patient of every open: the list, the treatment history (not staff) and a notice', async () => {
    const created = await share({ label: 'Per il dentista', summary: false, documentIds }, 'ospite');
    await manifest(decodeShlink(created.shlink).url, { recipient: 'Dott. Luigi Verdi' });
    const { links } = v.parse(
      ShlList,
      await (await ctx.call(`/api/shl?patientId=${mario}`, 'mario.rossi')).json(),
    );
    expect(links.find((link) => link.id === created.id)?.opens).toEqual([
      { recipient: 'Dott. Luigi Verdi', openedAt: expect.any(String) },
    ]);
    const history = async (username: string) =>
      v.parse(
        TreatmentHistory,
        await (
          await ctx.call(`/api/trackingPatientHistory/${mario}?max=100&includeOwn=true`, username)
        ).json(),
      );
    const mine = await history('mario.rossi');
    expect(mine.items.some((item) => JSON.stringify(item).includes('Dott. Luigi Verdi'))).toBe(true);
    const staffView = await history('dott.ferrari');
    expect(staffView.items.some((item) => JSON.stringify(item).includes('Dott. Luigi Verdi'))).toBe(false);
    const [marioUser] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
    const notices = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(
        and(eq(notificationOutbox.userId, marioUser?.id ?? 0), eq(notificationOutbox.event, 'SHL_OPENED')),
      );
    expect(notices.length).toBeGreaterThan(0);
  });
});
