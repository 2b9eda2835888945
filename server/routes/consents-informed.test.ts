import { unzipSync } from 'fflate';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedDocuments, SignedConsentDocumentList, SignSyncReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import {
  consentList,
  expectError,
  find,
  json,
  patientIdOf,
  self,
  signPrepared,
  userNamed,
} from '../test/fixtures/consents';
import { lastCode } from '../test/fixtures/signing';

describe.each(databaseTargets)('informed consents and the signature routes on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let luca: number;
  const prepare = async (patientId: number, user: string, body: unknown): Promise<PreparedDocuments> => {
    const response = await ctx.call(`/api/patients/${patientId}/prepareConsensus`, user, json('POST', body));
    expect(response.status).toBe(200);
    return v.parse(PreparedDocuments, await response.json());
  };
  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    luca = await patientIdOf(ctx, 'luca.verdi');
  });
  afterAll(() => ctx.close());

  it('records a consent signed through the signature routes (SMS code, PIN, synchronous signature)', async () => {
    const prepared = await prepare(giulia, 'giulia.bianchi', {
      consents: [{ consentCode: 'CONS_FEA', action: 'give', jsonData: { termsAccepted: true } }],
      signer: self,
    });
    const { documentIds } = prepared;
    expect(
      (
        await ctx.call(
          '/api/sign/otp',
          'giulia.bianchi',
          json('POST', { documentIds, pin: DEMO_SIGNING_PIN }),
        )
      ).status,
    ).toBe(200);
    const user = await userNamed(ctx, 'giulia.bianchi');
    const body = { documentIds, pin: DEMO_SIGNING_PIN, otp: await lastCode(ctx, user) };
    const response = await ctx.call('/api/sign/sync', 'giulia.bianchi', json('PUT', body));
    const reply = v.parse(SignSyncReply, await response.json());
    expect(reply.ceremonyKind).toBe('consent');
    const fea = find(await consentList(ctx, giulia, 'giulia.bianchi'), 'CONS_FEA');
    expect(fea).toMatchObject({
      statusCode: 'GIVEN',
      medium: 'digital',
      documentId: reply.signedDocumentIds[0],
    });
    const pdf = await ctx.call(`/api/signedDocuments/${fea.documentId}`, 'giulia.bianchi');
    expect(new TextDecoder('latin1').decode(await pdf.arrayBuffer())).toContain('/ByteRange');
  });

  it('signs an informed consent, listed and downloadable as PDF or zip', async () => {
    const url = `/api/patients/${giulia}/prepareInformedConsent`;
    const answers = { allergies: 'yes', renalFailure: false, pregnancy: 'no', informationUnderstood: true };
    const incomplete = await ctx.call(
      url,
      'giulia.bianchi',
      json('POST', { consentCode: 'CONS_INF_TC_MDC', jsonData: answers, signer: self }),
    );
    expect(await expectError(incomplete, 400, 'BAD_REQUEST')).toMatchObject({
      fields: [{ field: 'jsonData.allergyDetails', code: 'required' }],
    });
    const notInformed = await ctx.call(
      url,
      'giulia.bianchi',
      json('POST', { consentCode: 'CONS_FEA', jsonData: {}, signer: self }),
    );
    await expectError(notInformed, 400, 'BAD_REQUEST');
    const response = await ctx.call(
      url,
      'giulia.bianchi',
      json('POST', {
        consentCode: 'CONS_INF_TC_MDC',
        jsonData: { ...answers, allergyDetails: 'Penicillina' },
        signer: self,
      }),
    );
    const prepared = v.parse(PreparedDocuments, await response.json());
    const [signed] = await signPrepared(ctx, 'giulia.bianchi', prepared.documentIds);
    const view = await ctx.call(
      `/api/informedConsents/viewInformedConsents?patientId=${giulia}`,
      'giulia.bianchi',
    );
    const listed = v.parse(SignedConsentDocumentList, await view.json());
    expect(listed.documents).toMatchObject([
      { consentCode: 'CONS_INF_TC_MDC', category: 'INFORMED', documentId: signed?.signedDocumentId },
    ]);
    const single = await ctx.call(
      `/api/informedConsents/downloadInformedConsents?patientId=${giulia}&documentId=${signed?.signedDocumentId}`,
      'giulia.bianchi',
    );
    expect(single.headers.get('Content-Type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await single.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    const zip = await ctx.call(
      `/api/informedConsents/downloadInformedConsents?patientId=${giulia}`,
      'giulia.bianchi',
    );
    expect(zip.headers.get('Content-Type')).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())))).toHaveLength(1);
    await expectError(
      // Patient 5 has not given the dossier consent.
      await ctx.call(`/api/informedConsents/downloadInformedConsents?patientId=${mario + 5}`, 'dott.ferrari'),
      403,
      'DOSSIER_NOT_AUTHORIZED',
    );
    const none = await ctx.call(
      `/api/informedConsents/downloadInformedConsents?patientId=${luca}`,
      'luca.verdi',
    );
    await expectError(none, 404, 'NOT_FOUND');
    // Informed consents go through their own call.
    const viaConsensus = await ctx.call(
      `/api/patients/${giulia}/prepareConsensus`,
      'giulia.bianchi',
      json('POST', {
        consents: [{ consentCode: 'CONS_INF_TC_MDC', action: 'give', jsonData: answers }],
        signer: self,
      }),
    );
    await expectError(viaConsensus, 400, 'BAD_REQUEST');
  });
});
