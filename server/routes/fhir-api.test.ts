import type {
  Bundle,
  CapabilityStatement,
  Observation,
  OperationOutcome,
  Resource,
} from '@medplum/fhirtypes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, users } from '../db/schema';
import { searchResources } from '../services/fhir/rest/api';
import { insertClinicalRecord } from '../test/fixtures/clinical-record';
import { submitDemoSurvey } from '../test/fixtures/fhir-records';
import { validationErrors } from '../test/fixtures/fhir-validation';
import { json } from '../test/fixtures/guests';

const loinc = 'http://loinc.org';
const idsOf = (bundle: Bundle): string[] => (bundle.entry ?? []).map((entry) => entry.resource?.id ?? '');
const codesOf = (bundle: Bundle): string[] =>
  (bundle.entry ?? []).map((entry) => (entry.resource as Observation).code.coding?.[0]?.code ?? '').sort();

/** Every type the search serves, with what Mario's test record holds of it. */
const SEARCHED = [
  'Observation',
  'Condition',
  'AllergyIntolerance',
  'MedicationStatement',
  'Immunization',
  'DocumentReference',
  'CarePlan',
  'QuestionnaireResponse',
  'Consent',
] as const;

describe.each(databaseTargets)('FHIR read API on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let luca: number;
  const search = async (username: string, query: string, status = 200): Promise<Bundle> => {
    const response = await ctx.call(`/fhir/${query}`, username);
    expect(response.status, `${username} ${query}`).toBe(status);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/fhir\+json/);
    return (await response.json()) as Bundle;
  };
  const outcome = async (response: Response, status: number): Promise<OperationOutcome> => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as OperationOutcome;
    expect(body.resourceType).toBe('OperationOutcome');
    return body;
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    luca = mario + 2;
    await insertClinicalRecord(ctx, mario);
    // Mario's answers to the demo survey, so QuestionnaireResponse has a row for each role to read.
    await submitDemoSurvey(ctx);
  });
  afterAll(() => ctx.close());

  it('publishes its CapabilityStatement without a token, valid FHIR R4', async () => {
    const response = await ctx.call('/fhir/metadata', null);
    expect(response.status).toBe(200);
    const statement = (await response.json()) as CapabilityStatement;
    expect(statement.fhirVersion).toBe('4.0.1');
    expect(validationErrors(statement)).toEqual([]);
    const types = statement.rest?.[0]?.resource?.map((resource) => resource.type);
    expect(types).toEqual(expect.arrayContaining([...SEARCHED, 'AuditEvent', 'Patient', 'Binary']));
    const observation = statement.rest?.[0]?.resource?.find((resource) => resource.type === 'Observation');
    expect(observation?.searchParam?.map((search) => search.definition)).toContain(
      'http://hl7.org/fhir/SearchParameter/clinical-code',
    );
    const oauth = statement.rest?.[0]?.security?.extension?.[0]?.extension;
    expect(oauth?.find((uri) => uri.url === 'token')?.valueUri).toMatch(/\/idp\/token$/);
  });

  it('answers an app’s cross-origin preflight and reads, whose credential is the token alone', async () => {
    const preflight = await ctx.app.request('/fhir/Observation', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    const read = await ctx.call('/fhir/Patient', 'mario.rossi', {
      headers: { Origin: 'https://app.example' },
    });
    expect(read.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(read.headers.get('Access-Control-Allow-Credentials')).toBeNull();
  });

  it("serves one analyte's series, the hospital's values and the patient's own readings marked by performer", async () => {
    const reading = await ctx.call(
      '/api/readings',
      'mario.rossi',
      json('POST', {
        patientId: mario,
        kind: 'glucose',
        value: 104,
        takenAt: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    );
    expect(reading.status).toBe(201);
    const readingId = ((await reading.json()) as { id: number }).id;

    const series = await search('mario.rossi', `Observation?patient=${mario}&code=${loinc}|4548-4`);
    expect(series.type).toBe('searchset');
    expect(series.total).toBe(2);
    expect(codesOf(series)).toEqual(['4548-4', '4548-4']);
    for (const entry of series.entry ?? []) {
      expect(entry.fullUrl).toBe(`${ctx.config.publicUrl}/fhir/Observation/${entry.resource?.id}`);
      expect(validationErrors(entry.resource as Resource)).toEqual([]);
      expect((entry.resource as Observation).derivedFrom?.[0]?.reference).toMatch(/^DocumentReference\/\d+$/);
    }

    const glucose = await search('mario.rossi', `Observation?patient=${mario}&code=2339-0`);
    expect(idsOf(glucose)).toEqual([`reading-${readingId}`]);
    const own = glucose.entry?.[0]?.resource as Observation;
    expect(own.performer).toEqual([{ reference: `Patient/${mario}` }]);
    expect(validationErrors(own)).toEqual([]);
    expect(idsOf(await search('mario.rossi', 'Observation?category=vital-signs'))).toEqual([
      `reading-${readingId}`,
    ]);
    expect(idsOf(await search('mario.rossi', 'Observation?category=laboratory'))).not.toContain(
      `reading-${readingId}`,
    );
    const read = await ctx.call(`/fhir/Observation/reading-${readingId}`, 'mario.rossi');
    expect(((await read.json()) as Observation).valueQuantity?.value).toBe(104);
  });

  it('searches by date with ge and le, pages with _count and next links, and leaves unknown parameters out', async () => {
    const since = await search('mario.rossi', `Observation?code=4548-4&date=ge2026-01-01`);
    expect(since.total).toBe(1);
    const before = await search('mario.rossi', `Observation?code=4548-4&date=le2025-12&date=ge2025`);
    expect(before.total).toBe(1);
    expect(before.entry?.[0]?.resource).toMatchObject({ effectiveDateTime: '2025-08-01T08:00:00.000Z' });
    const first = await search('mario.rossi', `Observation?code=${loinc}|4548-4&_count=1&color=blue`);
    expect(first.entry).toHaveLength(1);
    const self = first.link?.find((link) => link.relation === 'self')?.url ?? '';
    expect(self).not.toContain('color');
    const next = first.link?.find((link) => link.relation === 'next')?.url ?? '';
    expect(next).toContain('_offset=1');
    const second = await search('mario.rossi', next.slice(next.indexOf('/fhir/') + 6));
    expect(second.entry).toHaveLength(1);
    expect(idsOf(second)).not.toEqual(idsOf(first));
    expect(second.link?.some((link) => link.relation === 'next')).toBe(false);
    const counted = await search('mario.rossi', 'Observation?code=4548-4&_count=0');
    expect([counted.total, counted.entry]).toEqual([2, []]);
    expect((await search('mario.rossi', 'Condition?_lastUpdated=ge2030')).total).toBe(0);
  });

  it("hides what the dossier hides: staff never see what the patient obscured, the patient not a staff-only type's", async () => {
    const staff = await search('dott.ferrari', `Observation?patient=${mario}&category=laboratory`);
    expect(codesOf(staff)).toEqual(['2823-3', '4548-4', '4548-4', '6301-6']);
    const own = await search('mario.rossi', 'Observation?category=laboratory');
    expect(codesOf(own)).toEqual(['4548-4', '4548-4', '6301-6', '718-7']);
    const hidden = (own.entry ?? []).find(
      (entry) => (entry.resource as Observation).code.coding?.[0]?.code === '718-7',
    );
    await outcome(await ctx.call(`/fhir/Observation/${hidden?.resource?.id}`, 'dott.ferrari'), 404);
    const mate = await search('ospite', 'Observation?category=laboratory');
    expect(codesOf(mate)).toEqual(['4548-4', '4548-4', '718-7']);
  });

  it.each(SEARCHED)(
    'holds %s to the dossier access of every role, and a read of another patient’s id is a 404',
    async (type) => {
      const own = await search('mario.rossi', `${type}?patient=${mario}`);
      expect(own.total, type).toBeGreaterThan(type === 'AllergyIntolerance' ? -1 : 0);
      await search('dott.ferrari', `${type}?patient=${mario}`);
      await search('ospite', `${type}?patient=${mario}`);
      await outcome(await ctx.call(`/fhir/${type}?patient=${luca}`, 'mario.rossi'), 403);
      await outcome(await ctx.call(`/fhir/${type}?patient=${luca}`, 'dott.ferrari'), 403);
      await outcome(await ctx.call(`/fhir/${type}?patient=${luca}`, 'ospite'), 403);
      await outcome(await ctx.call(`/fhir/${type}`, 'dott.ferrari'), 400);
      const id = own.entry?.[0]?.resource?.id;
      if (!id) return;
      expect((await ctx.call(`/fhir/${type}/${id}`, 'mario.rossi')).status).toBe(200);
      expect((await ctx.call(`/fhir/${type}/${id}`, 'dott.ferrari')).status).toBe(200);
      const [stranger] = [await ctx.call(`/fhir/${type}/${id}`, 'giulia.bianchi')];
      const missing = await ctx.call(`/fhir/${type}/99999999`, 'giulia.bianchi');
      expect([stranger?.status, missing.status]).toEqual([404, 404]);
      expect(await stranger?.json()).toEqual(await missing.json());
    },
  );

  it('reads the Patient by id and by search, only the caller’s own or one they may read', async () => {
    const patient = await ctx.call(`/fhir/Patient/${mario}`, 'mario.rossi');
    expect(validationErrors((await patient.json()) as Resource)).toEqual([]);
    expect(idsOf(await search('mario.rossi', 'Patient'))).toEqual([String(mario)]);
    expect(idsOf(await search('dott.ferrari', `Patient?_id=${mario}`))).toEqual([String(mario)]);
    await outcome(await ctx.call(`/fhir/Patient/${luca}`, 'mario.rossi'), 404);
    await outcome(await ctx.call(`/fhir/Patient?_id=${luca}`, 'dott.ferrari'), 403);
  });

  it('gives a document’s PDF as Binary, raw or as FHIR JSON, and never an obscured one to staff', async () => {
    const bundle = await search('mario.rossi', 'DocumentReference');
    // A seeded document (the test's own have no content to draw a PDF from).
    const reference = bundle.entry?.find(
      (entry) => (entry.resource as { description?: string }).description !== 'Referto di prova',
    )?.resource as { content: { attachment: { url: string } }[] };
    const url = reference.content[0]?.attachment.url ?? '';
    expect(url).toMatch(/\/fhir\/Binary\/\d+$/);
    const path = url.slice(url.indexOf('/fhir/'));
    const raw = await ctx.call(path, 'mario.rossi');
    expect(raw.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await raw.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const wrapped = await ctx.call(path, 'mario.rossi', { headers: { Accept: 'application/fhir+json' } });
    expect(((await wrapped.json()) as { data: string }).data.slice(0, 6)).toBe('JVBERi');
    const [obscured] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.title, 'Referto di prova')))
      .orderBy(desc(documents.id))
      .offset(2)
      .limit(1);
    await outcome(await ctx.call(`/fhir/Binary/${obscured?.id}`, 'dott.ferrari'), 404);
    await outcome(await ctx.call(`/fhir/Binary/${obscured?.id}`, 'giulia.bianchi'), 404);
  });

  it('audits every read as FHIR_READ, an app’s under its name, and keeps an app to its scopes and patient', async () => {
    await search('mario.rossi', 'Condition');
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, mario), eq(auditLog.activity, 'FHIR_READ')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      outcome: 'ALLOWED',
      accessTitle: 'SELF',
      detail: 'Condition search',
      appName: null,
    });

    const [user] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
    if (!user) throw new Error('no mario');
    const app = {
      clientId: 'diary',
      name: 'Diario Salute',
      patientId: mario,
      scopes: ['patient/Observation.rs'],
    };
    const options = { language: 'it' as const, base: `${ctx.config.publicUrl}/fhir` };
    const bundle = await searchResources(ctx.db, { user, app }, 'Observation', { code: '4548-4' }, options);
    expect(bundle.total).toBe(2);
    await expect(searchResources(ctx.db, { user, app }, 'Condition', {}, options)).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      searchResources(ctx.db, { user, app }, 'Observation', { patient: String(luca) }, options),
    ).rejects.toMatchObject({ status: 403 });
    const history = await ctx.call(`/api/trackingPatientHistory/${mario}`, 'mario.rossi');
    const items = ((await history.json()) as { items: { user: string; treatmentType: string }[] }).items;
    expect(items.find((item) => item.treatmentType === 'FHIR_READ')?.user).toBe(
      'Diario Salute, per conto di Mario Rossi (Titolare)',
    );
  });

  it('answers bad searches 400 with the parameter, an unknown type too, as OperationOutcome', async () => {
    const field = async (query: string) =>
      (await outcome(await ctx.call(`/fhir/${query}`, 'mario.rossi'), 400)).issue[0]?.expression;
    expect(await field('Observation?date=yesterday')).toEqual(['date']);
    expect(await field('Observation?_count=500')).toEqual(['_count']);
    expect(await field('Observation?patient=Group/1')).toEqual(['patient']);
    expect(await field('Basic')).toEqual(['type']);
    expect((await outcome(await ctx.call('/fhir/Observation', null), 401)).issue[0]?.code).toBe('login');
  });
});
