import type {
  Bundle,
  Composition,
  Condition,
  Observation,
  OperationOutcome,
  Patient,
} from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, guests, users } from '../db/schema';
import { insertClinicalRecord } from '../test/fixtures/clinical-record';
import { IPS_SECTIONS, ipsViolations } from '../test/fixtures/fhir';
import { validationErrors, validationWarnings } from '../test/fixtures/fhir-validation';
import { latestSummaryRead } from '../test/fixtures/summary-audit';

const loinc = 'http://loinc.org';
const sectionOf = (bundle: Bundle, code: string) =>
  (bundle.entry?.[0]?.resource as Composition | undefined)?.section?.find((section) =>
    section.code?.coding?.some((coding) => coding.system === loinc && coding.code === code),
  );
const resourcesOf = <T>(bundle: Bundle, type: string): T[] =>
  (bundle.entry ?? []).flatMap((entry) =>
    entry.resource?.resourceType === type ? [entry.resource as T] : [],
  );
const resultCodes = (bundle: Bundle): string[] =>
  resourcesOf<Observation>(bundle, 'Observation')
    .map((observation) => observation.code.coding?.[0]?.code ?? '')
    .sort();

describe.each(databaseTargets)(
  'FHIR patient summary (the IPS summary operation) on $name',
  ({ location }) => {
    let ctx: TestContext;
    let mario: number;
    let luca: number;
    const path = (patientId: number | string, query = '') => `/fhir/Patient/${patientId}/$summary${query}`;
    const summary = async (username: string, language = 'it-IT'): Promise<Bundle> => {
      const response = await ctx.call(path(mario), username, { language });
      expect(response.status, username).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/fhir\+json/);
      return (await response.json()) as Bundle;
    };
    const outcome = async (response: Response, status: number): Promise<OperationOutcome> => {
      expect(response.status).toBe(status);
      expect(response.headers.get('Content-Type')).toMatch(/^application\/fhir\+json/);
      const body = (await response.json()) as OperationOutcome;
      expect(body.resourceType).toBe('OperationOutcome');
      expect(JSON.stringify(body)).not.toMatch(/ at |stack/i);
      return body;
    };

    beforeAll(async () => {
      ctx = await createTestContext(location);
      mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
      luca = mario + 2;
      await insertClinicalRecord(ctx, mario);
    });
    afterAll(() => ctx.close());

    it('gives the patient an IPS document that the FHIR validator and the IPS rules accept', async () => {
      const bundle = await summary('mario.rossi');
      expect(validationErrors(bundle)).toEqual([]);
      for (const entry of bundle.entry ?? []) expect(validationErrors(entry.resource as Bundle)).toEqual([]);
      // The library types references of the form Type/id only: a document's urn:uuid ones are warned about,
      // and the IPS rules check what each resolves to instead.
      const warnings = [bundle, ...(bundle.entry ?? []).map((entry) => entry.resource as Bundle)].flatMap(
        validationWarnings,
      );
      expect(warnings.filter((warning) => !/Invalid reference: got "urn:uuid:/.test(warning))).toEqual([]);
      expect(ipsViolations(bundle)).toEqual([]);
      expect(bundle.entry?.[0]?.resource?.resourceType).toBe('Composition');
      const patient = resourcesOf<Patient>(bundle, 'Patient')[0];
      expect(patient?.identifier?.[0]?.system).toBe('http://hl7.it/sid/codiceFiscale');
      expect(patient?.name?.[0]).toMatchObject({ family: 'Rossi', given: ['Mario'] });
      expect(sectionOf(bundle, IPS_SECTIONS.problems)?.entry).toHaveLength(2);
      expect(sectionOf(bundle, IPS_SECTIONS.pastProblems)?.entry).toHaveLength(1);
      expect(sectionOf(bundle, IPS_SECTIONS.medications)?.entry).toHaveLength(1);
      expect(sectionOf(bundle, IPS_SECTIONS.immunizations)?.entry).toHaveLength(1);
      // No allergy recorded: the required section says so, with the IPS's empty reason.
      const allergiesSection = sectionOf(bundle, IPS_SECTIONS.allergies);
      expect(allergiesSection?.entry).toBeUndefined();
      expect(allergiesSection?.emptyReason?.coding?.[0]).toMatchObject({
        system: 'http://terminology.hl7.org/CodeSystem/list-empty-reason',
        code: 'unavailable',
      });
      // The latest result of each test; a clinicians' type is not the patient's to read.
      expect(resultCodes(bundle)).toEqual(['4548-4', '6301-6', '718-7']);
      const hba1c = resourcesOf<Observation>(bundle, 'Observation').find(
        (o) => o.code.coding?.[0]?.code === '4548-4',
      );
      expect(hba1c?.valueQuantity).toEqual({
        value: 7.8,
        unit: '%',
        system: 'http://unitsofmeasure.org',
        code: '%',
      });
      expect(hba1c?.interpretation?.[0]?.coding?.[0]?.code).toBe('H');
      expect(hba1c?.referenceRange?.[0]?.high?.value).toBe(6);
    });

    it('is checked by rules that catch a broken document', async () => {
      const bundle = await summary('mario.rossi');
      const composition = bundle.entry?.[0]?.resource as Composition;
      composition.section = composition.section?.filter(
        (section) => section !== sectionOf(bundle, '48765-2'),
      );
      composition.subject = { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' };
      expect(ipsViolations(bundle)).toEqual(
        expect.arrayContaining([
          'required section 48765-2',
          'Composition.subject is the Patient',
          'reference urn:uuid:00000000-0000-4000-8000-000000000000 resolves to an entry',
        ]),
      );
      expect(validationErrors({ ...composition, status: 'done' } as unknown as Composition)).toEqual([
        expect.stringContaining('not in http://hl7.org/fhir/ValueSet/composition-status'),
      ]);
    });

    it("leaves out of the physician's summary what the patient obscured from staff, and keeps theirs", async () => {
      const bundle = await summary('dott.ferrari');
      expect(ipsViolations(bundle)).toEqual([]);
      expect(validationErrors(bundle)).toEqual([]);
      expect(resultCodes(bundle)).toEqual(['2823-3', '4548-4', '6301-6']);
      expect(JSON.stringify(bundle)).not.toContain('718-7');
    });

    it("writes displays and narrative in the caller's language, escaped", async () => {
      const italian = await summary('mario.rossi');
      const problems = sectionOf(italian, IPS_SECTIONS.problems);
      expect(problems?.title).toBe('Problemi');
      expect(problems?.text?.div).toContain('Ipertensione &lt;essenziale&gt; &amp; &quot;altro&quot;');
      expect(problems?.text?.div).not.toContain('<essenziale>');
      expect(problems?.text?.div).toMatch(/^<div xmlns="http:\/\/www.w3.org\/1999\/xhtml" lang="it"/);
      const english = await summary('mario.rossi', 'en-EN');
      expect(sectionOf(english, IPS_SECTIONS.problems)?.title).toBe('Problem list');
      expect(resourcesOf<Condition>(english, 'Condition').map((condition) => condition.code?.text)).toContain(
        'Type 2 diabetes mellitus',
      );
      expect(sectionOf(english, IPS_SECTIONS.allergies)?.text?.div).toContain('No information available.');
    });

    it("gives a guest what their grant reaches: not what is obscured for them, nor the dossier's rows without it", async () => {
      const withDossier = await summary('ospite');
      expect(ipsViolations(withDossier)).toEqual([]);
      expect(resultCodes(withDossier)).toEqual(['4548-4', '718-7']);
      const [guest] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'ospite'));
      const grant = and(eq(guests.guestUserId, guest?.id ?? 0), eq(guests.patientId, mario));
      await ctx.db
        .update(guests)
        .set({ rights: ['download', 'chat'] })
        .where(grant);
      try {
        const shared = await summary('ospite');
        expect(ipsViolations(shared)).toEqual([]);
        expect(sectionOf(shared, IPS_SECTIONS.problems)?.emptyReason?.coding?.[0]?.code).toBe('unavailable');
        expect(sectionOf(shared, IPS_SECTIONS.immunizations)).toBeUndefined();
        expect(resultCodes(shared)).toEqual([]);
      } finally {
        await ctx.db
          .update(guests)
          .set({ rights: ['dossier', 'download', 'chat'] })
          .where(grant);
      }
    });

    it('audits the read as SUMMARY_READ and shows it, translated, in the treatment history', async () => {
      await summary('dott.ferrari');
      const row = await latestSummaryRead(ctx.db, mario, 'PHY');
      expect(row).toMatchObject({ outcome: 'ALLOWED', accessTitle: 'DOSSIER_CONSENT' });
      const history = async (language: string) =>
        (await (
          await ctx.call(`/api/trackingPatientHistory/${mario}?activity=SUMMARY_READ`, 'mario.rossi', {
            language,
          })
        ).json()) as { items: { treatmentDesc: string; userRole: string }[] };
      expect((await history('it-IT')).items[0]).toMatchObject({
        userRole: 'PHY',
        treatmentDesc: 'Consultazione della sintesi clinica (IPS)',
      });
      expect((await history('en-EN')).items[0]?.treatmentDesc).toBe('Patient summary (IPS) read');
    });

    it('refuses a physician without access, audited, as an OperationOutcome', async () => {
      const refused = await outcome(await ctx.call(path(luca), 'dott.ferrari'), 403);
      expect(refused.issue[0]).toMatchObject({
        severity: 'error',
        code: 'forbidden',
        diagnostics: 'DOSSIER_NOT_AUTHORIZED',
      });
      const [row] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.patientId, luca), eq(auditLog.activity, 'SUMMARY_READ')));
      expect(row).toMatchObject({ outcome: 'DENIED', userRole: 'PHY', accessTitle: 'NONE' });
      await outcome(await ctx.call(path(mario + 1), 'mario.rossi'), 403);
    });

    it('answers errors as OperationOutcome: no token 401, a bad id or format 400 with the field, 404', async () => {
      const anonymous = await ctx.call(path(mario), null);
      expect((await outcome(anonymous, 401)).issue[0]?.code).toBe('login');
      expect(anonymous.headers.get('WWW-Authenticate')).toBeTruthy();
      expect((await outcome(await ctx.call(path('abc'), 'mario.rossi'), 400)).issue[0]?.expression).toEqual([
        'id',
      ]);
      const xml = await ctx.call(path(mario, '?_format=xml'), 'mario.rossi');
      expect((await outcome(xml, 400)).issue[0]?.expression).toEqual(['_format']);
      expect((await ctx.call(path(mario, '?_format=json'), 'mario.rossi')).status).toBe(200);
      expect((await outcome(await ctx.call(path(99_999_999), 'mario.rossi'), 404)).issue[0]?.code).toBe(
        'not-found',
      );
      await outcome(await ctx.call('/fhir/Observation/1/_history', 'mario.rossi'), 404);
    });

    it('is never cached', async () => {
      const response = await ctx.call(path(mario), 'mario.rossi');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    });
  },
);
