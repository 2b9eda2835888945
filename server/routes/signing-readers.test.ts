import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReply, PrepareObscureReply } from '../../src/contract';
import { noObscuring } from '../../src/contract/documents';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { ceremonyEffects } from '../ceremony-effects';
import { auditLog, documents, signedDocuments } from '../db/schema';
import { findOpenCeremony, prepareCeremony } from '../services/signing/ceremony';
import { completeCeremony } from '../services/signing/complete';
import { json, prepare, smallPdf, userNamed } from '../test/fixtures/signing';

/** A signed document reaches whom its signature concerns, and nobody else. */
describe.each(databaseTargets)('who reads a signed document on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let obscuringRequest: number;
  let guestAuthorisation: number;
  let consentDocument: number;

  const status = async (id: number, username: string): Promise<{ status: number; code: string | null }> => {
    const response = await ctx.call(`/api/signedDocuments/${id}`, username);
    if (response.status === 200) return { status: 200, code: null };
    return { status: response.status, code: v.parse(ErrorReply, await response.json()).code };
  };
  /** Completes the caller's open ceremony as `/sign/*` does (the PAdES signature is tested elsewhere). */
  const complete = async (username: string, tempIds: number[]): Promise<number> => {
    const { ceremony, documents: temp } = await findOpenCeremony(
      ctx.db,
      await userNamed(ctx, username),
      tempIds,
    );
    const [output] = await completeCeremony(ctx.db, ceremony, temp, async (pdf) => pdf, ceremonyEffects);
    return output?.signedDocumentId ?? 0;
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    const marioUser = await userNamed(ctx, 'mario.rossi');
    mario = marioUser.patientId ?? 0;
    const [document] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)))
      .limit(1);
    const prepared = await ctx.call(
      '/api/documents/prepareObscure',
      'mario.rossi',
      json('POST', {
        patientId: mario,
        documents: [{ documentId: document?.id, obscuringInfo: { ...noObscuring, general: true } }],
      }),
    );
    expect(prepared.status).toBe(200);
    obscuringRequest = await complete(
      'mario.rossi',
      v.parse(PrepareObscureReply, await prepared.json()).documentIds,
    );
    // A guest authorisation as stored: a signed PDF of a ceremony of kind `guest` of the patient.
    const guest = await prepareCeremony(ctx.db, {
      user: marioUser,
      patientId: mario,
      kind: 'guest',
      effect: {},
      documents: [{ title: 'Autorizzazione', pdf: await smallPdf('Autorizzazione di Sara Rossi') }],
    });
    const [stored] = await ctx.db
      .insert(signedDocuments)
      .values({
        patientId: mario,
        ceremonyId: guest.ceremonyId,
        signerUserId: marioUser.id,
        title: 'Autorizzazione',
        kind: 'pades',
        pdf: await smallPdf('Autorizzazione di Sara Rossi'),
      })
      .returning({ id: signedDocuments.id });
    guestAuthorisation = stored?.id ?? 0;
    // A consent collected by the physician for Mario (signed by the physician, not by Mario).
    consentDocument = await complete('dott.ferrari', (await prepare(ctx, 'dott.ferrari')).documentIds);
  });
  afterAll(() => ctx.close());

  it('gives the obscuring request to the patient only: staff and guests get 404, audited as refused', async () => {
    expect(await status(obscuringRequest, 'mario.rossi')).toEqual({ status: 200, code: null });
    for (const username of ['dott.ferrari', 'operatore', 'admin', 'ospite'])
      expect(await status(obscuringRequest, username)).toEqual({ status: 404, code: 'NOT_FOUND' });
    const allowed = await ctx.db
      .select({ role: auditLog.userRole })
      .from(auditLog)
      .where(
        and(eq(auditLog.detail, `signed document ${obscuringRequest}`), eq(auditLog.outcome, 'ALLOWED')),
      );
    const refusals = await ctx.db
      .select({ role: auditLog.userRole, outcome: auditLog.outcome, activity: auditLog.activity })
      .from(auditLog)
      .where(eq(auditLog.detail, `signed document ${obscuringRequest}: not meant for the reader`));
    expect(allowed).toEqual([]); // the signer's own reads are not a dossier access; nobody else got it
    expect(refusals.map((row) => row.role).sort()).toEqual(['ADM', 'GUE', 'OPT', 'PHY']);
    expect(new Set(refusals.map((row) => `${row.activity} ${row.outcome}`))).toEqual(
      new Set(['DOCUMENT_DOWNLOAD DENIED']),
    );
    // Another patient is refused by the dossier rule, as before.
    expect(await status(obscuringRequest, 'giulia.bianchi')).toEqual({ status: 403, code: 'ACCESS_DENIED' });
  });

  it('keeps a guest authorisation from staff and guests too', async () => {
    expect(await status(guestAuthorisation, 'mario.rossi')).toEqual({ status: 200, code: null });
    for (const username of ['dott.ferrari', 'operatore', 'ospite'])
      expect(await status(guestAuthorisation, username)).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('gives consent documents to the signer, the patient and staff with dossier access, never to guests', async () => {
    for (const username of ['dott.ferrari', 'mario.rossi', 'operatore'])
      expect(await status(consentDocument, username)).toEqual({ status: 200, code: null });
    expect(await status(consentDocument, 'ospite')).toEqual({ status: 404, code: 'NOT_FOUND' });
  });
});
