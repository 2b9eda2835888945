import type { AuditEvent, Consent, DocumentReference } from '@medplum/fhirtypes';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, consents, users } from '../db/schema';
import { searchResources } from '../services/fhir/rest/api';
import { patientIdOf } from '../test/fixtures/consents';
import { fhirCalls, idsOf, resourcesOf } from '../test/fixtures/fhir-records';
import { validationErrors } from '../test/fixtures/fhir-validation';

/** Consent (with the signed PDFs as DocumentReference and Binary) and AuditEvent, the patient's own. */
describe.each(databaseTargets)('FHIR consents and treatment history on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  const { search, read, expectValid, expectHiddenAsMissing } = fhirCalls(() => ctx);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
  }, 60_000);
  afterAll(() => ctx?.close());

  describe('Consent', () => {
    it("maps the patient's consents with their state, scope, policy and the signed PDF as DocumentReference", async () => {
      const own = await search('mario.rossi', 'Consent');
      expectValid(own);
      const byCode = new Map(
        resourcesOf<Consent>(own).map((consent) => [consent.category?.[1]?.coding?.[0]?.code, consent]),
      );
      expect(byCode.get('CONS_DOSSIER')).toMatchObject({
        status: 'active',
        scope: { coding: [{ code: 'patient-privacy' }] },
        category: [{ coding: [{ system: 'http://loinc.org', code: '59284-0' }] }, expect.anything()],
        patient: { reference: `Patient/${mario}` },
        organization: [{ reference: 'Organization/hospital' }],
        provision: { type: 'permit' },
      });
      const cardio = byCode.get('CONS_PRJ_CARDIO');
      expect(cardio).toMatchObject({
        status: 'active',
        scope: { coding: [{ code: 'treatment' }] },
        provision: { type: 'permit', period: { end: '2027-09-15T09:30:00.000Z' } },
        sourceReference: { reference: expect.stringMatching(/^DocumentReference\/consent-\d+$/) },
      });
      const invite = byCode.get('CONS_PRJ_DIAB');
      expect([invite?.status, invite?.provision]).toEqual(['proposed', undefined]);

      const reference = cardio?.sourceReference?.reference ?? '';
      const document = await read<DocumentReference>('mario.rossi', reference);
      expect(validationErrors(document)).toEqual([]);
      expect([document.status, document.type?.coding?.[0]?.code]).toEqual(['current', '59284-0']);
      const url = document.content[0]?.attachment.url ?? '';
      expect(url).toBe(`${ctx.config.publicUrl}/fhir/Binary/${document.id}`);
      const pdf = await ctx.call(url.slice(url.indexOf('/fhir/')), 'mario.rossi');
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
      expect(idsOf(await search('mario.rossi', 'DocumentReference?type=http://loinc.org|59284-0'))).toEqual([
        document.id,
      ]);
      await read('dott.ferrari', reference);
      expect((await ctx.call(`/fhir/Binary/${document.id}`, 'dott.ferrari')).status).toBe(200);
      await read('ospite', reference, 404);
      expect((await ctx.call(`/fhir/Binary/${document.id}`, 'ospite')).status).toBe(404);
      await expectHiddenAsMissing(
        'giulia.bianchi',
        'DocumentReference',
        document.id ?? '',
        'consent-99999999',
      );
    });

    it('searches by status and date, and only for those who may read consents', async () => {
      const active = await search('mario.rossi', 'Consent?status=active');
      expect(resourcesOf<Consent>(active).every((consent) => consent.status === 'active')).toBe(true);
      expect(active.total).toBe(2);
      expect(
        idsOf(await search('mario.rossi', 'Consent?status=http://hl7.org/fhir/consent-state-codes|proposed')),
      ).toHaveLength(1);
      expect((await search('mario.rossi', 'Consent?status=http://loinc.org|active')).total).toBe(0);
      expect((await search('mario.rossi', 'Consent?date=2025-09-15')).total).toBe(1);
      expect((await search('dott.ferrari', `Consent?patient=${mario}`)).total).toBe(
        (await search('mario.rossi', 'Consent')).total,
      );
      // A guest holds no consent permission: the consents, like their signed PDFs, are not theirs to read.
      expect((await search('ospite', 'Consent')).total).toBe(0);
      expect((await search('ospite', 'DocumentReference?type=59284-0')).total).toBe(0);

      const revoked = resourcesOf<Consent>(await search('giulia.bianchi', 'Consent')).find(
        (consent) => consent.category?.[1]?.coding?.[0]?.code === 'CONS_PRJ_COVID',
      );
      expect(revoked).toMatchObject({
        status: 'inactive',
        scope: { coding: [{ code: 'research' }] },
        provision: { type: 'deny' },
      });
      await expectHiddenAsMissing('mario.rossi', 'Consent', revoked?.id ?? '', '99999999');
      // A superseded version, and a consent past its expiry, are inactive.
      const [dossier] = await ctx.db
        .select()
        .from(consents)
        .where(and(eq(consents.patientId, mario), eq(consents.consentCode, 'CONS_DOSSIER')));
      await ctx.db
        .update(consents)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(consents.id, dossier?.id ?? 0));
      const expired = await read<Consent>('mario.rossi', `Consent/${dossier?.id}`);
      expect(expired.status).toBe('inactive');
      expect((await search('mario.rossi', 'Consent?status=inactive')).total).toBe(1);
      await ctx.db
        .update(consents)
        .set({ expiresAt: null })
        .where(eq(consents.id, dossier?.id ?? 0));
    });
  });

  describe('AuditEvent', () => {
    it('gives the patient their treatment history, without their own reads of it', async () => {
      await search('dott.ferrari', `Condition?patient=${mario}`);
      await search('dott.ferrari', `AuditEvent?patient=${mario}`, 403);
      await search('mario.rossi', 'AuditEvent');
      const own = await search('mario.rossi', 'AuditEvent?_count=200');
      expectValid(own);
      const events = resourcesOf<AuditEvent>(own);
      const activityOf = (event: AuditEvent) =>
        event.subtype?.find((coding) => coding.system === 'urn:portal:audit-activity')?.code;
      const [refusal, staffRead] = events.filter(
        (event) => event.agent[0]?.who?.display === 'Dott.ssa Anna Ferrari',
      );
      expect(refusal).toMatchObject({
        type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest' },
        action: 'R',
        outcome: '4',
        entity: [{ what: { reference: `Patient/${mario}` } }],
      });
      expect(activityOf(refusal as AuditEvent)).toBe('FHIR_READ');
      expect(staffRead?.outcome).toBe('0');
      expect(staffRead?.agent[0]?.role?.[0]?.coding?.[0]?.code).toBe('PHY');
      const [own1, own2] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.patientId, mario), eq(auditLog.activity, 'FHIR_READ')))
        .orderBy(desc(auditLog.id))
        .limit(2);
      // Both searches of AuditEvent are in the trail, and neither is in what the patient reads.
      expect([own1?.detail, own2?.detail]).toEqual(['AuditEvent search', 'AuditEvent search']);
      expect(idsOf(own)).not.toContain(String(own1?.id));
      expect(idsOf(own)).not.toContain(String(own2?.id));
      const history = await ctx.call(
        `/api/trackingPatientHistory/${mario}?includeOwn=true&max=100`,
        'mario.rossi',
      );
      const items = ((await history.json()) as { items: { id: number }[] }).items;
      expect(items.map((item) => item.id)).not.toContain(own1?.id);
      const one = await read<AuditEvent>('mario.rossi', `AuditEvent/${staffRead?.id}`);
      expect(one.id).toBe(staffRead?.id);
      expect((await search('mario.rossi', 'AuditEvent?date=ge2099')).total).toBe(0);
    });

    it('refuses staff and guests the whole type, reads or searches, and hides another patient’s as missing', async () => {
      const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.patientId, mario)).limit(1);
      for (const user of ['dott.ferrari', 'ospite', 'admin']) {
        await search(user, `AuditEvent?patient=${mario}`, 403);
        expect((await ctx.call(`/fhir/AuditEvent/${row?.id}`, user)).status).toBe(403);
        expect((await ctx.call('/fhir/AuditEvent/99999999', user)).status).toBe(403);
      }
      await search('mario.rossi', `AuditEvent?patient=${giulia}`, 403);
      await expectHiddenAsMissing('giulia.bianchi', 'AuditEvent', String(row?.id), '99999999');
      const [refused] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.patientId, mario), eq(auditLog.userName, 'Sara Rossi')))
        .orderBy(desc(auditLog.id))
        .limit(1);
      // The read of a missing id names no patient: the last refusal in Mario's trail is of his row's id.
      expect(refused).toMatchObject({
        activity: 'FHIR_READ',
        outcome: 'DENIED',
        detail: `AuditEvent/${row?.id}`,
      });
    });

    it('lets an app the patient allowed read it, named as a second agent', async () => {
      const [user] = await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi'));
      const [staff] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
      if (!user || !staff) throw new Error('no demo users');
      const app = { clientId: 'diary', name: 'Diario Salute', patientId: mario, scopes: ['patient/*.rs'] };
      const options = { language: 'it' as const, base: `${ctx.config.publicUrl}/fhir` };
      await searchResources(ctx.db, { user, app }, 'Condition', {}, options);
      const bundle = await searchResources(ctx.db, { user, app }, 'AuditEvent', {}, options);
      const byApp = resourcesOf<AuditEvent>(bundle).find((event) => event.agent.length === 2);
      expect(byApp?.agent[1]).toMatchObject({
        who: { display: 'Diario Salute' },
        name: 'Diario Salute, per conto di Mario Rossi',
        requestor: false,
      });
      expect(validationErrors(byApp as AuditEvent)).toEqual([]);
      await expect(
        searchResources(ctx.db, { user: staff, app }, 'AuditEvent', {}, options),
      ).rejects.toMatchObject({ status: 403 });
      const narrow = { ...app, scopes: ['patient/Condition.rs'] };
      await expect(
        searchResources(ctx.db, { user, app: narrow }, 'AuditEvent', {}, options),
      ).rejects.toMatchObject({
        status: 403,
      });
    });
  });
});
