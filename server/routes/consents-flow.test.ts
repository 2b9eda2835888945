import { count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CheckRevokeReply,
  ConfirmConsentsReply,
  ConsentJsonData,
  PreparedDocuments,
  SignedConsentDocumentList,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { consents, signatureCeremonies, signedDocuments } from '../db/schema';
import {
  consentList,
  dossierAnswers,
  expectError,
  find,
  json,
  meCode,
  patientIdOf,
  projectIdOf,
  self,
  signPrepared,
} from '../test/fixtures/consents';

describe.each(databaseTargets)('consent signing flow on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let luca: number;
  const prepare = async (patientId: number, user: string, body: unknown): Promise<PreparedDocuments> => {
    const response = await ctx.call(`/api/patients/${patientId}/prepareConsensus`, user, json('POST', body));
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return v.parse(PreparedDocuments, await response.json());
  };
  const checkRevoke = async (user: string, prepared: PreparedDocuments): Promise<CheckRevokeReply> => {
    const query = `signatureSessionId=${prepared.signatureSessionId}&tempDocumentId=${prepared.documentIds[0]}`;
    const response = await ctx.call(`/api/consensus/checkRevoke?${query}`, user);
    expect(response.status).toBe(200);
    return v.parse(CheckRevokeReply, await response.json());
  };
  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    luca = await patientIdOf(ctx, 'luca.verdi');
  });
  afterAll(() => ctx.close());

  it('gives the dossier consent by signature: recorded with its PDF, and the patient enters', async () => {
    expect(await meCode(ctx, 'luca.verdi')).toBe(0);
    const prepared = await prepare(luca, 'luca.verdi', {
      consents: [{ consentCode: 'CONS_DOSSIER', action: 'give', jsonData: dossierAnswers }],
      signer: self,
    });
    expect(prepared.documentIds).toHaveLength(1);
    const pdf = await ctx.call(`/api/tempDocuments/${prepared.documentIds[0]}`, 'luca.verdi');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    // Nothing recorded before the signature.
    expect(await meCode(ctx, 'luca.verdi')).toBe(0);
    const [signed] = await signPrepared(ctx, 'luca.verdi', prepared.documentIds);
    expect(await meCode(ctx, 'luca.verdi')).toBe('ok');
    const dossier = find(await consentList(ctx, luca, 'luca.verdi'), 'CONS_DOSSIER');
    expect(dossier).toMatchObject({
      statusCode: 'GIVEN',
      medium: 'digital',
      signerType: 'self',
      documentId: signed?.signedDocumentId,
      version: 1,
    });
    expect(dossier.electronicDocumentId).toMatch(/^EDR-\d{4}-\d{8}$/);
    expect(await checkRevoke('luca.verdi', prepared)).toEqual({
      signed: true,
      revoked: false,
      dossierRevoked: false,
    });

    const confirm = await ctx.call(
      `/api/patients/${luca}/consensus`,
      'luca.verdi',
      json('PUT', { documentIds: [signed?.signedDocumentId] }),
    );
    const confirmed = v.parse(ConfirmConsentsReply, await confirm.json());
    expect(confirmed.consents.map((consent) => consent.consentCode)).toEqual(['CONS_DOSSIER']);
    await expectError(
      await ctx.call(`/api/patients/${luca}/consensus`, 'luca.verdi', json('PUT', { documentIds: [999999] })),
      404,
      'NOT_FOUND',
    );
    // Every signed consent is listed, and its PDF downloads through /signedDocuments.
    const signedList = v.parse(
      SignedConsentDocumentList,
      await (await ctx.call(`/api/patients/${luca}/authorizationConsents`, 'luca.verdi')).json(),
    );
    expect(signedList.documents).toMatchObject([{ consentCode: 'CONS_DOSSIER', medium: 'digital' }]);
    const download = await ctx.call(
      `/api/signedDocuments/${signedList.documents[0]?.documentId}`,
      'luca.verdi',
    );
    expect(download.status).toBe(200);
    expect(new TextDecoder().decode(await download.arrayBuffer())).toContain('%signed-by-test');
    // The answers as signed.
    const answers = await ctx.call(`/api/consensus/${dossier.consentId}/jsonData`, 'luca.verdi');
    expect(v.parse(ConsentJsonData, await answers.json())).toMatchObject({
      consentCode: 'CONS_DOSSIER',
      modelCode: 'MOD_CONS_DOSSIER',
      jsonData: dossierAnswers,
    });
    await expectError(
      await ctx.call(`/api/consensus/${dossier.consentId}/jsonData`, 'mario.rossi'),
      403,
      'ACCESS_DENIED',
    );
  });

  it('revokes project consents first, then the dossier consent, which logs the patient out', async () => {
    const cuore = await projectIdOf(ctx, 'CUORE');
    const revokeDossier = { consents: [{ consentCode: 'CONS_DOSSIER', action: 'revoke' }], signer: self };
    const refused = await ctx.call(
      `/api/patients/${mario}/prepareConsensus`,
      'mario.rossi',
      json('POST', revokeDossier),
    );
    await expectError(refused, 409, 'CONSENT_REVOKE_PROJECTS_FIRST');

    const project = await prepare(mario, 'mario.rossi', {
      consents: [{ consentCode: 'CONS_PRJ_CARDIO', projectId: cuore, action: 'revoke' }],
      signer: self,
    });
    expect(await checkRevoke('mario.rossi', project)).toEqual({
      signed: false,
      revoked: false,
      dossierRevoked: false,
    });
    const [projectSigned] = await signPrepared(ctx, 'mario.rossi', project.documentIds);
    expect(await checkRevoke('mario.rossi', project)).toEqual({
      signed: true,
      revoked: true,
      dossierRevoked: false,
    });
    const afterProject = await consentList(ctx, mario, 'mario.rossi');
    expect(find(afterProject, 'CONS_PRJ_CARDIO')).toMatchObject({
      statusCode: 'REVOKED',
      version: 2,
      canGive: true,
    });
    expect(find(afterProject, 'CONS_PRJ_CARDIO').revokedAt).not.toBeNull();
    expect(find(afterProject, 'CONS_DOSSIER').canRevoke).toBe(true);
    // The earlier version (the seeded paper scan) is kept.
    const versions = await ctx.call(
      `/api/documents/${projectSigned?.signedDocumentId}/consensusPreviousVersions?patientId=${mario}&projectId=${cuore}`,
      'mario.rossi',
    );
    const previous = v.parse(SignedConsentDocumentList, await versions.json());
    expect(previous.documents).toMatchObject([
      { consentCode: 'CONS_PRJ_CARDIO', statusCode: 'GIVEN', medium: 'paper' },
    ]);

    const dossier = await prepare(mario, 'mario.rossi', revokeDossier);
    await signPrepared(ctx, 'mario.rossi', dossier.documentIds);
    expect(await checkRevoke('mario.rossi', dossier)).toEqual({
      signed: true,
      revoked: true,
      dossierRevoked: true,
    });
    expect(await meCode(ctx, 'mario.rossi')).toBe(0);
    await expectError(
      await ctx.call(`/api/documents?patientId=${mario}`, 'dott.ferrari'),
      403,
      'DOSSIER_NOT_AUTHORIZED',
    );
    // Someone else's ceremony is not found.
    const other = `signatureSessionId=${dossier.signatureSessionId}`;
    await expectError(
      await ctx.call(`/api/consensus/checkRevoke?${other}`, 'giulia.bianchi'),
      404,
      'NOT_FOUND',
    );
    const wrongDocument = `${other}&tempDocumentId=${project.documentIds[0]}`;
    await expectError(
      await ctx.call(`/api/consensus/checkRevoke?${wrongDocument}`, 'mario.rossi'),
      404,
      'NOT_FOUND',
    );
  });

  it('checks the revoke order again inside the signature transaction', async () => {
    const prepared = await prepare(giulia, 'giulia.bianchi', {
      consents: [{ consentCode: 'CONS_DOSSIER', action: 'revoke' }],
      signer: self,
    });
    // Meanwhile the physician records a project consent collected on paper.
    const diabetes = await projectIdOf(ctx, 'DIABETE');
    const form = new FormData();
    form.set('consentCode', 'CONS_PRJ_DIAB');
    form.set('projectId', String(diabetes));
    form.set('action', 'give');
    form.set(
      'file',
      new File([new TextEncoder().encode('%PDF-1.7\nscan')], 'scan.pdf', { type: 'application/pdf' }),
    );
    const paper = await ctx.call(`/api/patients/${giulia}/paperConsents`, 'dott.ferrari', {
      method: 'POST',
      body: form,
    });
    expect(paper.status).toBe(201);
    const [{ total: before } = { total: 0 }] = await ctx.db.select({ total: count() }).from(signedDocuments);
    await expect(signPrepared(ctx, 'giulia.bianchi', prepared.documentIds)).rejects.toMatchObject({
      code: 'CONSENT_REVOKE_PROJECTS_FIRST',
    });
    const [{ total: after } = { total: 0 }] = await ctx.db.select({ total: count() }).from(signedDocuments);
    expect(after).toBe(before);
    const [ceremony] = await ctx.db
      .select()
      .from(signatureCeremonies)
      .where(eq(signatureCeremonies.id, prepared.signatureSessionId));
    expect(ceremony?.status).not.toBe('SIGNED');
    expect(await meCode(ctx, 'giulia.bianchi')).toBe('ok');
  });

  it('records a consent signed by another person with their data', async () => {
    const diabetes = await projectIdOf(ctx, 'DIABETE');
    const other = {
      name: 'Anna',
      surname: 'Verdi',
      fiscalCode: 'VRDNNA70A41H501X',
      birthDate: '1970-01-01',
      relationship: 'Tutore legale',
    };
    const prepared = await prepare(luca, 'dott.ferrari', {
      consents: [
        {
          consentCode: 'CONS_PRJ_DIAB',
          projectId: diabetes,
          action: 'give',
          jsonData: { informationRead: true, glucoseDevice: 'sensor' },
        },
      ],
      signer: { type: 'other', other },
    });
    await signPrepared(ctx, 'dott.ferrari', prepared.documentIds);
    const [row] = await ctx.db.select().from(consents).where(eq(consents.consentCode, 'CONS_PRJ_DIAB'));
    expect(row).toBeDefined();
    const diab = find(await consentList(ctx, luca, 'luca.verdi'), 'CONS_PRJ_DIAB');
    expect(diab).toMatchObject({
      statusCode: 'GIVEN',
      signerType: 'other',
      details: { signer: { type: 'other', other } },
    });
    // 12 months of validity.
    const signedAt = new Date(diab.signedAt ?? '');
    signedAt.setUTCMonth(signedAt.getUTCMonth() + 12);
    expect(diab.expiresAt).toBe(signedAt.toISOString());
    const missing = await ctx.call(
      `/api/patients/${luca}/prepareConsensus`,
      'dott.ferrari',
      json('POST', {
        consents: [{ consentCode: 'CONS_FEA', action: 'give', jsonData: { termsAccepted: true } }],
        signer: { type: 'other' },
      }),
    );
    expect(await expectError(missing, 400, 'BAD_REQUEST')).toMatchObject({
      fields: [{ field: 'signer.other', code: 'required' }],
    });
  });
});
