import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentCategoryList,
  ConsentNotification,
  ConsentTypeList,
  Model,
  ModelConsentList,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog } from '../db/schema';
import { consentList, expectError, find, json, patientIdOf, projectIdOf } from '../test/fixtures/consents';

describe.each(databaseTargets)('consent types, models and lists on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let luca: number;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    luca = await patientIdOf(ctx, 'luca.verdi');
  });
  afterAll(() => ctx.close());

  it('lists consent types, models and categories in the request language', async () => {
    const types = v.parse(
      ConsentTypeList,
      await (await ctx.call('/api/consensusTypes', 'mario.rossi')).json(),
    );
    const dossier = types.consensusTypes.find((type) => type.code === 'CONS_DOSSIER');
    expect(dossier).toMatchObject({ category: 'DOSSIER', patientCollectable: true, validityMonths: null });
    expect(dossier?.desc).toBe('Consenso al Dossier Sanitario Elettronico');
    expect(types.consensusTypes.find((type) => type.code === 'CONS_PRJ_BIOBANK')?.patientCollectable).toBe(
      false,
    );
    const english = v.parse(
      ModelConsentList,
      await (await ctx.call('/api/modelConsents', 'dott.ferrari', { language: 'en-EN' })).json(),
    );
    expect(english.modelConsents.find((model) => model.consentCode === 'CONS_INF_TC_MDC')).toEqual({
      modelCode: 'MOD_CONS_INF_TC_MDC',
      consentCode: 'CONS_INF_TC_MDC',
      category: 'INFORMED',
      title: 'Informed consent to contrast-enhanced CT',
    });
    const categories = v.parse(
      ConsentCategoryList,
      await (await ctx.call('/api/modelConsentCategories', 'mario.rossi')).json(),
    );
    expect(categories.consentCategories.map((category) => category.code)).toEqual([
      'DOSSIER',
      'PROJECT',
      'INFORMED',
    ]);
    expect((await ctx.call('/api/consensusTypes', null)).status).toBe(401);
  });

  it('serves a model as JSON Schema text, and refuses a missing or unknown model code', async () => {
    const response = await ctx.call('/api/models?modelCode=MOD_CONS_DOSSIER', 'mario.rossi', {
      language: 'en-EN',
    });
    const model = v.parse(Model, await response.json());
    const schema = JSON.parse(model.jsonSchema) as {
      required: string[];
      properties: Record<string, { title: string; oneOf?: { const: string; title: string }[] }>;
    };
    expect(schema.required).toEqual(['informationRead', 'sensitiveData']);
    expect(schema.properties.sensitiveData?.oneOf?.map((option) => option.title)).toEqual([
      'Include in the dossier',
      'Exclude from the dossier',
    ]);
    await expectError(await ctx.call('/api/models', 'mario.rossi'), 400, 'MODEL_NOT_SELECTED');
    await expectError(await ctx.call('/api/models?modelCode=', 'mario.rossi'), 400, 'MODEL_NOT_SELECTED');
    await expectError(await ctx.call('/api/models?modelCode=NOPE', 'mario.rossi'), 404, 'MODEL_SCHEMA_ERROR');
  });

  it("lists a patient's consents with their state, actions and notification colour", async () => {
    const list = await consentList(ctx, mario, 'mario.rossi');
    const dossier = find(list, 'CONS_DOSSIER');
    expect(dossier).toMatchObject({ statusCode: 'GIVEN', expired: false, canModify: true, canRevoke: false });
    expect(dossier.id).toBe(String(dossier.consentId));
    const cardio = find(list, 'CONS_PRJ_CARDIO');
    expect(cardio).toMatchObject({
      statusCode: 'GIVEN',
      medium: 'paper',
      canRevoke: true,
      project: { code: 'CUORE', name: 'Cuore in Rete' },
    });
    expect(cardio.documentId).not.toBeNull();
    expect(cardio.desc).toBe('Partecipazione al progetto Cuore in Rete');
    expect(find(list, 'CONS_PRJ_DIAB')).toMatchObject({
      statusCode: 'INVITE',
      canGive: true,
      canReject: true,
    });
    // Never asked: an id built from documentId, projectId and electronicDocumentId (all empty).
    expect(find(list, 'CONS_FEA')).toMatchObject({ statusCode: 'NONE', consentId: null, id: '--:CONS_FEA' });
    expect(list.notification).toEqual({ count: 1, colour: 'yellow' });
    expect(list.errorMessageList).toEqual([]);

    const giuliaList = await consentList(ctx, giulia, 'giulia.bianchi');
    expect(find(giuliaList, 'CONS_PRJ_COVID')).toMatchObject({
      statusCode: 'REVOKED',
      canModify: false,
      canGive: false,
    });
    expect(giuliaList.notification).toEqual({ count: 0, colour: 'green' });
  });

  it('filters by repeated status and code, by category and by project', async () => {
    const codes = (list: Awaited<ReturnType<typeof consentList>>) =>
      list.patientConsensusList.map((consent) => consent.consentCode).sort();
    expect(
      codes(await consentList(ctx, mario, 'mario.rossi', '?statusCode=GIVEN&statusCode=INVITE')),
    ).toEqual(['CONS_DOSSIER', 'CONS_PRJ_CARDIO', 'CONS_PRJ_DIAB']);
    expect(codes(await consentList(ctx, mario, 'mario.rossi', '?statusCode=INVITE'))).toEqual([
      'CONS_PRJ_DIAB',
    ]);
    expect(
      codes(await consentList(ctx, mario, 'mario.rossi', '?consentCode=CONS_DOSSIER&consentCode=CONS_FEA')),
    ).toEqual(['CONS_DOSSIER', 'CONS_FEA']);
    expect(codes(await consentList(ctx, mario, 'mario.rossi', '?category=PROJECT'))).toEqual([
      'CONS_PRJ_CARDIO',
      'CONS_PRJ_DIAB',
    ]);
    const cuore = await projectIdOf(ctx, 'CUORE');
    expect(codes(await consentList(ctx, mario, 'mario.rossi', `?projectId=${cuore}`))).toEqual([
      'CONS_PRJ_CARDIO',
    ]);
    const bad = await ctx.call(`/api/patients/${mario}/consensus?statusCode=MAYBE`, 'mario.rossi');
    expect(await expectError(bad, 400, 'BAD_REQUEST')).toMatchObject({ fields: [{ field: 'statusCode' }] });
  });

  it('flags expired consents and counts them as pending', async () => {
    const expiredPatient = mario + 4;
    const list = await consentList(ctx, expiredPatient, 'dott.ferrari');
    expect(find(list, 'CONS_PRJ_DIAB')).toMatchObject({ statusCode: 'GIVEN', expired: true, canGive: true });
    expect(list.errorMessageList).toEqual(['CONSENTS_EXPIRED']);
    expect(list.notification).toEqual({ count: 1, colour: 'yellow' });
    const onlyExpired = await consentList(ctx, expiredPatient, 'dott.ferrari', '?expired=true');
    expect(onlyExpired.patientConsensusList.map((consent) => consent.consentCode)).toEqual(['CONS_PRJ_DIAB']);
    const notification = await ctx.call(
      `/api/patients/${expiredPatient}/consensus/notification`,
      'dott.ferrari',
    );
    expect(v.parse(ConsentNotification, await notification.json())).toEqual({ count: 1, colour: 'yellow' });
  });

  it('enforces the read permission and the patient access rule, and audits the reads', async () => {
    await expectError(
      await ctx.call(`/api/patients/${mario}/consensus`, 'ospite'),
      403,
      'PERMISSION_MISSING',
    );
    await expectError(
      await ctx.call(`/api/patients/${giulia}/consensus`, 'mario.rossi'),
      403,
      'ACCESS_DENIED',
    );
    await expectError(await ctx.call('/api/patients/999999/consensus', 'dott.ferrari'), 404, 'NOT_FOUND');
    expect((await ctx.call(`/api/patients/${mario}/consensus`, 'admin')).status).toBe(200);
    // Staff reach the consents of a patient without the dossier consent (to collect it), not the dossier.
    const lucaList = await consentList(ctx, luca, 'operatore');
    expect(find(lucaList, 'CONS_DOSSIER')).toMatchObject({ statusCode: 'NONE', canGive: true });
    await expectError(
      await ctx.call(`/api/documents?patientId=${luca}`, 'operatore'),
      403,
      'DOSSIER_NOT_AUTHORIZED',
    );
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, luca), eq(auditLog.activity, 'CONSENT_READ')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'ALLOWED', accessTitle: 'NONE' });
    const denied = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.patientId, giulia),
          eq(auditLog.activity, 'CONSENT_READ'),
          eq(auditLog.outcome, 'DENIED'),
        ),
      );
    expect(denied).toHaveLength(1);
  });

  it('lets staff invite a patient to consents, and refuses patients, closed and given consents', async () => {
    const biobank = await projectIdOf(ctx, 'BIOBANCA');
    const diabetes = await projectIdOf(ctx, 'DIABETE');
    const invite = (body: unknown, user = 'dott.ferrari', patient = luca) =>
      ctx.call(`/api/patients/${patient}/consensus`, user, json('POST', body));
    const response = await invite([{ consentCode: 'CONS_PRJ_DIAB', projectId: diabetes }]);
    expect(response.status).toBe(200);
    // Luca was asked nothing else: every consent asked is an invitation, grey.
    const lucaList = await consentList(ctx, luca, 'luca.verdi');
    expect(find(lucaList, 'CONS_PRJ_DIAB')).toMatchObject({ statusCode: 'INVITE', version: 1 });
    expect(lucaList.notification).toEqual({ count: 1, colour: 'grey' });
    // Inviting again leaves the pending invitation as it is.
    expect((await invite([{ consentCode: 'CONS_PRJ_DIAB', projectId: diabetes }])).status).toBe(200);
    expect((await consentList(ctx, luca, 'luca.verdi')).notification.count).toBe(1);

    await expectError(
      await invite([{ consentCode: 'CONS_PRJ_DIAB', projectId: diabetes }], 'luca.verdi'),
      403,
      'PERMISSION_MISSING',
    );
    await expectError(
      await invite([{ consentCode: 'CONS_PRJ_DIAB', projectId: diabetes }], 'admin'),
      403,
      'PERMISSION_MISSING',
    );
    const covid = await projectIdOf(ctx, 'COVID');
    await expectError(
      await invite([{ consentCode: 'CONS_PRJ_COVID', projectId: covid }]),
      409,
      'CONSENT_CLOSED',
    );
    const cuore = await projectIdOf(ctx, 'CUORE');
    await expectError(
      await invite([{ consentCode: 'CONS_PRJ_CARDIO', projectId: cuore }], 'dott.ferrari', mario),
      409,
      'CONSENT_EDIT_ERROR',
    );
    const mismatch = await invite([{ consentCode: 'CONS_PRJ_CARDIO', projectId: biobank }]);
    expect(await expectError(mismatch, 400, 'BAD_REQUEST')).toMatchObject({
      fields: [{ field: 'projectId', code: 'invalid' }],
    });
    const missing = await invite([{ consentCode: 'CONS_PRJ_CARDIO' }]);
    expect(await expectError(missing, 400, 'BAD_REQUEST')).toMatchObject({
      fields: [{ field: 'projectId', code: 'required' }],
    });
    await expectError(await invite([]), 400, 'BAD_REQUEST');
  });
});
