import type { CarePlan, QuestionnaireResponse } from '@medplum/fhirtypes';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { guests, pairPlans, pais, paiTypes, surveyCards, users } from '../db/schema';
import { patientIdOf, projectIdOf } from '../test/fixtures/consents';
import {
  draftSecondSurvey,
  fhirCalls,
  idsOf,
  resourcesOf,
  submitDemoSurvey,
} from '../test/fixtures/fhir-records';
import { validationErrors } from '../test/fixtures/fhir-validation';
import { json } from '../test/fixtures/guests';
import { marioPlans } from '../test/fixtures/pai';
import { createBody, dayFromToday } from '../test/fixtures/pair';

/** CarePlan (PAI and PAIR) and QuestionnaireResponse: Mario's plans and answers, as each role may see them. */
describe.each(databaseTargets)('FHIR care plans and survey answers on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let luca: number;
  let plans: Awaited<ReturnType<typeof marioPlans>>;
  let draftPair: number;
  let closedPair: number;
  let submitted: number;
  let drafted: number;
  const { search, read, expectValid, expectHiddenAsMissing } = fhirCalls(() => ctx);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    luca = await patientIdOf(ctx, 'luca.verdi');
    plans = await marioPlans(ctx);
    const created = await ctx.call('/api/pair/createPair', 'dott.ferrari', json('POST', createBody(mario)));
    expect(created.status).toBe(201);
    draftPair = ((await created.json()) as { id: number }).id;
    const [ferrari] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    const [closed] = await ctx.db
      .insert(pairPlans)
      .values({
        patientId: mario,
        name: 'Rinforzo della spalla',
        status: 'CLOSED',
        startDate: dayFromToday(-200),
        stopDate: dayFromToday(-100),
        closingDate: dayFromToday(-150),
        closingReason: 'Obiettivo raggiunto in anticipo',
        exercises: [],
        thresholds: [],
        createdByUserId: ferrari?.id ?? 0,
      })
      .returning({ id: pairPlans.id });
    closedPair = closed?.id ?? 0;
    submitted = await submitDemoSurvey(ctx);
    drafted = await draftSecondSurvey(ctx, mario, dayFromToday(1));
  }, 60_000);
  afterAll(() => ctx?.close());

  describe('CarePlan', () => {
    it("gives the patient their PAI and PAIR plans, never a draft, a replaced plan's activities to staff only", async () => {
      const own = await search('mario.rossi', 'CarePlan');
      expect(idsOf(own)).toHaveLength(4);
      expect(idsOf(own)).toEqual(
        expect.arrayContaining([`pai-${plans.active}`, `pai-${plans.replaced}`, `pair-${closedPair}`]),
      );
      expect(idsOf(own)).not.toContain(`pair-${draftPair}`);
      expectValid(own);
      const byId = new Map(resourcesOf<CarePlan>(own).map((plan) => [plan.id, plan]));
      const active = byId.get(`pai-${plans.active}`);
      expect(active).toMatchObject({
        status: 'active',
        intent: 'plan',
        subject: { reference: `Patient/${mario}` },
        author: { display: 'Dott.ssa Anna Ferrari' },
        replaces: [{ reference: `CarePlan/pai-${plans.replaced}` }],
      });
      expect(active?.category?.map((category) => category.coding?.[0]?.code)).toEqual(['PAI', 'PAI_DIAB']);
      expect(active?.activity?.map((activity) => activity.detail?.status)).toEqual([
        'completed',
        'scheduled',
        'scheduled',
        'scheduled',
      ]);
      expect(active?.activity?.[0]?.progress?.[0]).toMatchObject({ authorString: 'Dott.ssa Anna Ferrari' });
      const replaced = byId.get(`pai-${plans.replaced}`);
      expect([replaced?.status, replaced?.activity]).toEqual(['revoked', undefined]);
      const closed = byId.get(`pair-${closedPair}`);
      expect(closed).toMatchObject({
        status: 'revoked',
        period: { end: dayFromToday(-150) },
        note: [{ text: 'Obiettivo raggiunto in anticipo' }],
      });
      const seeded = resourcesOf<CarePlan>(own).find(
        (plan) => plan.id?.startsWith('pair-') && plan.id !== `pair-${closedPair}`,
      );
      expect(seeded?.status).toBe('active');
      expect(seeded?.activity?.[0]?.detail).toMatchObject({
        status: 'in-progress',
        code: { text: 'Cammino assistito', coding: [{ code: 'GAIT' }] },
        scheduledTiming: {
          repeat: { frequency: 1, period: 1, periodUnit: 'd', duration: 15, durationUnit: 'min' },
        },
        location: { display: 'Domicilio' },
      });
      expect(seeded?.activity?.[0]?.detail?.description).toContain('2 serie da 1 ripetizioni');

      const staff = await search('dott.ferrari', `CarePlan?patient=${mario}`);
      expect(idsOf(staff)).toContain(`pair-${draftPair}`);
      expectValid(staff);
      const draft = resourcesOf<CarePlan>(staff).find((plan) => plan.id === `pair-${draftPair}`);
      expect(draft?.status).toBe('draft');
      expect(draft?.activity?.map((activity) => activity.detail?.status)).toEqual([
        'not-started',
        'not-started',
      ]);
      const staffReplaced = resourcesOf<CarePlan>(staff).find((plan) => plan.id === `pai-${plans.replaced}`);
      expect(staffReplaced?.activity?.map((activity) => activity.detail?.status)).toEqual([
        expect.any(String),
        expect.any(String),
      ]);
      await read('dott.ferrari', `CarePlan/pair-${draftPair}`);
      await expectHiddenAsMissing('mario.rossi', 'CarePlan', `pair-${draftPair}`, 'pair-99999999');
    });

    it('searches by kind, PAI type and period, and keeps each plan to who may see it', async () => {
      expect(
        idsOf(await search('mario.rossi', 'CarePlan?category=urn:portal:care-plan|PAIR')).sort(),
      ).not.toContain(`pai-${plans.active}`);
      expect(idsOf(await search('mario.rossi', 'CarePlan?category=PAI_DIAB')).sort()).toEqual(
        [`pai-${plans.active}`, `pai-${plans.replaced}`].sort(),
      );
      expect((await search('mario.rossi', 'CarePlan?category=http://loinc.org|PAI')).total).toBe(0);
      const closedDay = dayFromToday(-160);
      expect(idsOf(await search('mario.rossi', `CarePlan?category=PAIR&date=${closedDay}`))).toEqual([]);
      expect(idsOf(await search('mario.rossi', `CarePlan?category=PAIR&date=le${closedDay}`))).toEqual([
        `pair-${closedPair}`,
      ]);
      expect(
        idsOf(await search('mario.rossi', `CarePlan?category=PAIR&date=ge${dayFromToday(-140)}`)),
      ).not.toContain(`pair-${closedPair}`);

      // A guest without the grant's project right sees the rehabilitation plans, not the care plans.
      const guest = await search('ospite', 'CarePlan');
      expect(idsOf(guest).some((id) => id.startsWith('pai-'))).toBe(false);
      expect(idsOf(guest)).toContain(`pair-${closedPair}`);
      expect(idsOf(guest)).not.toContain(`pair-${draftPair}`);
      const [grant] = await ctx.db.select().from(guests).where(eq(guests.patientId, mario));
      await ctx.db
        .update(guests)
        .set({ rights: [...(grant?.rights ?? []), 'project'] })
        .where(eq(guests.id, grant?.id ?? 0));
      const withProject = await search('ospite', 'CarePlan?category=PAI');
      expect(idsOf(withProject).sort()).toEqual([`pai-${plans.active}`, `pai-${plans.replaced}`].sort());
      expect(
        resourcesOf<CarePlan>(withProject).find((plan) => plan.id === `pai-${plans.replaced}`)?.activity,
      ).toBe(undefined);
      await ctx.db
        .update(guests)
        .set({ rights: grant?.rights })
        .where(eq(guests.id, grant?.id ?? 0));

      // Staff who do not run the plans' project see none of its care plans; a patient outside a project none.
      expect(idsOf(await search('dott.conti', `CarePlan?patient=${mario}&category=PAI`))).toEqual([]);
      await ctx.db.update(users).set({ inProject: false }).where(eq(users.username, 'mario.rossi'));
      expect(idsOf(await search('mario.rossi', 'CarePlan?category=PAI'))).toEqual([]);
      await ctx.db.update(users).set({ inProject: true }).where(eq(users.username, 'mario.rossi'));

      const [type] = await ctx.db.select().from(paiTypes).limit(1);
      const [other] = await ctx.db
        .insert(pais)
        .values({
          patientId: giulia,
          projectId: await projectIdOf(ctx, 'DIABETE'),
          typeId: type?.id ?? 0,
          title: 'Piano di Giulia',
          validFrom: '2026-01-01',
        })
        .returning({ id: pais.id });
      await expectHiddenAsMissing('mario.rossi', 'CarePlan', `pai-${other?.id}`, 'pai-99999999');
      await search('mario.rossi', `CarePlan?patient=${giulia}`, 403);
    });
  });

  describe('QuestionnaireResponse', () => {
    it('gives the patient their answers, sent and in draft, and staff only the sent ones', async () => {
      const own = await search('mario.rossi', 'QuestionnaireResponse');
      expect(idsOf(own).sort()).toEqual([String(submitted), String(drafted)].sort());
      expectValid(own);
      const sent = resourcesOf<QuestionnaireResponse>(own).find(
        (response) => response.id === String(submitted),
      );
      expect(sent).toMatchObject({
        status: 'completed',
        subject: { reference: `Patient/${mario}` },
        author: { reference: `Patient/${mario}` },
        questionnaire: expect.stringMatching(/^http:\/\/localhost\/fhir\/Questionnaire\/\d+\|1$/),
      });
      expect(sent?.item).toEqual([
        {
          linkId: 'feeling',
          text: 'Come si sente oggi?',
          answer: [{ valueCoding: { code: 'fair', display: 'Così così' } }],
        },
        { linkId: 'pain', text: expect.any(String), answer: [{ valueInteger: 4 }] },
        { linkId: 'notes', text: 'Vuole dirci altro?', answer: [{ valueString: 'Un po’ stanco la sera' }] },
      ]);
      const draft = resourcesOf<QuestionnaireResponse>(own).find(
        (response) => response.id === String(drafted),
      );
      expect([draft?.status, draft?.item?.length]).toEqual(['in-progress', 1]);

      expect(idsOf(await search('dott.ferrari', `QuestionnaireResponse?patient=${mario}`))).toEqual([
        String(submitted),
      ]);
      await expectHiddenAsMissing('dott.ferrari', 'QuestionnaireResponse', String(drafted), '99999999');
      expect((await search('dott.conti', `QuestionnaireResponse?patient=${mario}`)).total).toBe(0);
      expect((await search('ospite', 'QuestionnaireResponse')).total).toBe(0);
      await expectHiddenAsMissing('giulia.bianchi', 'QuestionnaireResponse', String(submitted), '99999999');
      await search('mario.rossi', `QuestionnaireResponse?patient=${luca}`, 403);
      expect((await search('mario.rossi', `QuestionnaireResponse?authored=ge${dayFromToday(1)}`)).total).toBe(
        0,
      );
      expect((await search('mario.rossi', `QuestionnaireResponse?authored=${dayFromToday(0)}`)).total).toBe(
        2,
      );
    });

    it('says stopped of a draft left past its due date', async () => {
      const [row] = await ctx.db.select().from(surveyCards).orderBy(desc(surveyCards.id)).limit(1);
      await ctx.db
        .update(surveyCards)
        .set({ dueDate: dayFromToday(-1) })
        .where(eq(surveyCards.id, row?.id ?? 0));
      const draft = await read<QuestionnaireResponse>('mario.rossi', `QuestionnaireResponse/${drafted}`);
      expect(draft.status).toBe('stopped');
      expect(validationErrors(draft)).toEqual([]);
    });
  });
});
