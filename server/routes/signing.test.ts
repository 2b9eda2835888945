import { and, asc, count, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ErrorReply,
  PrepareGuestReply,
  SignAsyncReply,
  SignCheckReply,
  SignOtpReply,
  SignSyncReply,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import {
  consents,
  documents,
  signatureCeremonies,
  signedDocuments,
  signingCredentials,
  smsOutbox,
  users,
} from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { romeToday } from '../services/accounts/guest-grants';
import { FEA_CONSENT_CODE } from '../services/consents/catalogue';
import { findOpenCeremony } from '../services/signing/ceremony';
import { backgroundSignaturesSettled } from '../services/signing/signature';
import { recentSms } from '../services/sms/outbox';
import { json, lastCode, prepare } from '../test/fixtures/signing';

describe.each(databaseTargets)('signature ceremony on $name', ({ location }) => {
  let ctx: TestContext;
  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());
  const sendOtp = (username: string, documentIds: number[], language?: string): Promise<Response> =>
    ctx.call('/api/sign/otp', username, {
      ...json('POST', { documentIds, pin: DEMO_SIGNING_PIN }),
      ...(language ? { language } : {}),
    });
  const sign = (username: string, path: string, body: unknown, method = 'PUT'): Promise<Response> =>
    ctx.call(`/api/sign/${path}`, username, json(method, body));

  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());
  // A fake clock; each test starts two minutes after the previous one ended, past any resend cooldown.
  let clock = Date.now();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clock += 2 * 60_000;
    vi.setSystemTime(clock);
  });
  afterEach(() => {
    clock = Date.now();
    vi.useRealTimers();
  });

  /** The consent versions a signature recorded, by the signed documents they point at. */
  const consentsOf = (signedDocumentIds: number[]) =>
    ctx.db
      .select()
      .from(consents)
      .where(inArray(consents.signedDocumentId, signedDocumentIds))
      .orderBy(asc(consents.id));
  const feaConsentCount = async (patientId: number): Promise<number> => {
    const [row] = await ctx.db
      .select({ rows: count() })
      .from(consents)
      .where(and(eq(consents.patientId, patientId), eq(consents.consentCode, FEA_CONSENT_CODE)));
    return row?.rows ?? -1;
  };

  it('sends the code by SMS and signs synchronously: PDFs stored and the effect applied together', async () => {
    const { ceremonyId, documentIds, user } = await prepare(ctx, 'mario.rossi', { documents: 2 });
    const otp = await sendOtp('mario.rossi', documentIds);
    expect(otp.status).toBe(200);
    const issued = v.parse(SignOtpReply, await otp.json());
    expect(issued.sentTo).toMatch(/^\*+\d{4}$/);
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBe(10 * 60_000);
    expect(new Date(issued.resendAvailableAt).getTime() - Date.now()).toBe(60_000);
    const [sms] = await recentSms(ctx.db, { withinMs: 60_000, to: user.mobilePhone ?? '' });
    expect(sms?.body).toMatch(
      /^Dossier Sanitario: il codice di firma è \d{6}\. Valido 10 minuti\. Non comunicarlo a nessuno\.$/,
    );

    const response = await sign('mario.rossi', 'sync', {
      documentIds,
      pin: DEMO_SIGNING_PIN,
      otp: await lastCode(ctx, user),
    });
    expect(response.status).toBe(200);
    const reply = v.parse(SignSyncReply, await response.json());
    expect(reply).toMatchObject({ status: 'SIGNED', ceremonyKind: 'consent' });
    expect(reply.signedDocumentIds).toHaveLength(2);
    // The consent effect received each signed PDF: one consent version per document, pointing at it.
    const recorded = await consentsOf(reply.signedDocumentIds);
    expect(recorded.map((row) => row.signedDocumentId).sort()).toEqual([...reply.signedDocumentIds].sort());
    expect(
      recorded.every((row) => row.patientId === user.patientId && row.consentCode === FEA_CONSENT_CODE),
    ).toBe(true);
    const stored = await ctx.db
      .select()
      .from(signedDocuments)
      .where(eq(signedDocuments.ceremonyId, ceremonyId));
    expect(stored.map((row) => row.id).sort()).toEqual([...reply.signedDocumentIds].sort());
    expect(stored.every((row) => row.signerUserId === user.id && row.patientId === user.patientId)).toBe(
      true,
    );
    expect(Buffer.from(stored[0]?.pdf ?? []).toString('latin1')).toContain('/ETSI.CAdES.detached');
    const [ceremony] = await ctx.db
      .select()
      .from(signatureCeremonies)
      .where(eq(signatureCeremonies.id, ceremonyId));
    expect(ceremony?.status).toBe('SIGNED');

    // The same documents cannot be signed twice, nor the code reused.
    const again = await sign('mario.rossi', 'sync', { documentIds, pin: DEMO_SIGNING_PIN, otp: '000000' });
    expect(again.status).toBe(409);
    expect((await error(again)).code).toBe('SIGN_CONTEXT_INVALID');
  });

  it('hands the SMS an effect wrote in the signing transaction to the gateway once it committed', async () => {
    // A guest's authorisation: its effect creates the guest's account and queues the SMS with the credentials.
    const user = (await prepare(ctx, 'mario.rossi')).user;
    const [shared] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.patientId, user.patientId ?? 0), eq(documents.superseded, false)))
      .limit(1);
    const prepared = await ctx.call(
      '/api/guests/prepareCreate',
      'mario.rossi',
      json('POST', {
        relationship: 'son',
        accessTitle: 'delegation',
        deadline: romeToday(new Date(Date.now() + 30 * 24 * 3600_000)),
        rights: ['download'],
        documentIds: [shared?.id],
        person: {
          name: 'Laura',
          surname: 'Bianchi',
          fiscalCode: 'BNCLRA90A41H501X',
          mobilePhone: '+39 333 9876543',
          email: 'laura.bianchi@example.it',
        },
      }),
    );
    expect(prepared.status).toBe(200);
    const { documentIds } = v.parse(PrepareGuestReply, await prepared.json());
    expect((await sendOtp('mario.rossi', documentIds)).status).toBe(200);
    const signed = await sign('mario.rossi', 'sync', {
      documentIds,
      pin: DEMO_SIGNING_PIN,
      otp: await lastCode(ctx, user),
    });
    expect(v.parse(SignSyncReply, await signed.json()).ceremonyKind).toBe('guest');
    const [welcome] = await ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.purpose, 'GUEST_CREDENTIALS'), eq(smsOutbox.toPhone, '+39 333 9876543')));
    expect(welcome?.status).toBe('SENT');
  });

  it('writes the SMS in English for an English session', async () => {
    const { documentIds, user } = await prepare(ctx, 'giulia.bianchi');
    expect((await sendOtp('giulia.bianchi', documentIds, 'en-EN')).status).toBe(200);
    const [sms] = await recentSms(ctx.db, { withinMs: 60_000, to: user.mobilePhone ?? '' });
    expect(sms?.body).toMatch(
      /^Dossier Sanitario: your signature code is \d{6}\. Valid for 10 minutes\. Do not share it with anyone\.$/,
    );
  });

  it('refuses documents of another signer, of two ceremonies, or unknown, as an invalid context', async () => {
    const mario = await prepare(ctx, 'mario.rossi');
    const other = await prepare(ctx, 'mario.rossi');
    for (const documentIds of [
      mario.documentIds,
      [...mario.documentIds, ...other.documentIds],
      [99_999_999],
    ]) {
      const response = await sendOtp('giulia.bianchi', documentIds);
      expect(response.status).toBe(409);
      expect(await error(response)).toMatchObject({
        code: 'SIGN_CONTEXT_INVALID',
        message: 'Contesto di firma non valido',
      });
    }
    // A ceremony being signed in the background takes no new code.
    await ctx.db
      .update(signatureCeremonies)
      .set({ status: 'SIGNING' })
      .where(eq(signatureCeremonies.id, other.ceremonyId));
    expect((await error(await sendOtp('mario.rossi', other.documentIds))).code).toBe('SIGN_CONTEXT_INVALID');
    const bad = await sign('mario.rossi', 'sync', { documentIds: [], pin: '12', otp: 'abc' });
    expect(bad.status).toBe(400);
    expect((await error(bad)).fields?.map((field) => field.field).sort()).toEqual([
      'documentIds',
      'otp',
      'pin',
    ]);
  });

  it('resends only after the cooldown, and a new code replaces the old one', async () => {
    const { documentIds, user } = await prepare(ctx, 'luca.verdi');
    expect((await sendOtp('luca.verdi', documentIds)).status).toBe(200);
    const first = await lastCode(ctx, user);
    vi.setSystemTime(Date.now() + 20_000);
    const early = await sendOtp('luca.verdi', documentIds);
    expect(early.status).toBe(429);
    expect(early.headers.get('Retry-After')).toBe('40');
    expect(await error(early)).toMatchObject({ code: 'OTP_RESEND_TOO_SOON', params: { seconds: '40' } });
    vi.setSystemTime(Date.now() + 40_000);
    expect((await sendOtp('luca.verdi', documentIds)).status).toBe(200);
    const second = await lastCode(ctx, user);
    // Only the newest code counts: the first one is now just a wrong code.
    if (first !== second) {
      const stale = await sign('luca.verdi', 'sync', { documentIds, pin: DEMO_SIGNING_PIN, otp: first });
      expect((await error(stale)).code).toBe('SIGN_OTP_ERROR');
    }
    const ok = await sign('luca.verdi', 'sync', { documentIds, pin: DEMO_SIGNING_PIN, otp: second });
    expect(ok.status).toBe(200);
  });

  it('needs a valid certificate and a mobile phone', async () => {
    const { documentIds, user } = await prepare(ctx, 'operatore');
    await ctx.db
      .update(signingCredentials)
      .set({ validTo: new Date(Date.now() - 1000) })
      .where(eq(signingCredentials.userId, user.id));
    for (const response of [
      await sendOtp('operatore', documentIds),
      await sign('operatore', 'sync', { documentIds, pin: DEMO_SIGNING_PIN, otp: '123456' }),
    ]) {
      expect(response.status).toBe(409);
      expect(await error(response)).toMatchObject({
        code: 'SIGN_NO_VALID_CERTIFICATE',
        message: 'Impossibile procedere in assenza di certificato di firma valido',
      });
    }
    await ctx.db
      .update(signingCredentials)
      .set({ validTo: new Date(Date.now() + 3600_000), revokedAt: new Date() })
      .where(eq(signingCredentials.userId, user.id));
    expect((await error(await sendOtp('operatore', documentIds))).code).toBe('SIGN_NO_VALID_CERTIFICATE');
    await ctx.db.delete(signingCredentials).where(eq(signingCredentials.userId, user.id));
    expect((await error(await sendOtp('operatore', documentIds))).code).toBe('SIGN_NO_VALID_CERTIFICATE');

    // A signer without a mobile phone cannot receive their code.
    const mario = await prepare(ctx, 'mario.rossi');
    await ctx.db.update(users).set({ mobilePhone: null }).where(eq(users.id, mario.user.id));
    const noPhone = await sendOtp('mario.rossi', mario.documentIds);
    await ctx.db
      .update(users)
      .set({ mobilePhone: mario.user.mobilePhone })
      .where(eq(users.id, mario.user.id));
    expect(noPhone.status).toBe(409);
    expect(await error(noPhone)).toMatchObject({
      code: 'SIGN_OTP_ERROR',
      message: 'Errore nella firma via OTP',
    });
  });

  it('rolls back the signed PDFs and the effect when the effect fails, and leaves the ceremony open', async () => {
    const { ceremonyId, documentIds, user, patientId } = await prepare(ctx, 'mario.rossi', { failing: true });
    const consentsBefore = await feaConsentCount(patientId);
    expect((await sendOtp('mario.rossi', documentIds)).status).toBe(200);
    const response = await sign('mario.rossi', 'sync', {
      documentIds,
      pin: DEMO_SIGNING_PIN,
      otp: await lastCode(ctx, user),
    });
    expect(response.status).toBe(500);
    expect(await error(response)).toMatchObject({
      code: 'SIGN_AUTHORIZED_USER_ERROR',
      message: 'Errore firma utente autorizzato',
    });
    const [{ stored } = { stored: -1 }] = await ctx.db
      .select({ stored: count() })
      .from(signedDocuments)
      .where(eq(signedDocuments.ceremonyId, ceremonyId));
    expect(stored).toBe(0);
    // The consent the effect wrote before failing is gone with the PDFs.
    expect(await feaConsentCount(patientId)).toBe(consentsBefore);
    await expect(findOpenCeremony(ctx.db, user, documentIds)).resolves.toMatchObject({
      ceremony: { id: ceremonyId },
    });
  });

  it('signs asynchronously: the check answers SIGNING, then SIGNED with the documents', async () => {
    const { ceremonyId, documentIds, user } = await prepare(ctx, 'giulia.bianchi');
    const notStarted = await sign('giulia.bianchi', 'check', {
      documentId: documentIds[0],
      sessionId: ceremonyId,
    });
    expect((await error(notStarted)).code).toBe('SIGN_CONTEXT_INVALID');
    expect((await sendOtp('giulia.bianchi', documentIds)).status).toBe(200);
    const started = await sign('giulia.bianchi', 'async', {
      documentIds,
      pin: DEMO_SIGNING_PIN,
      otp: await lastCode(ctx, user),
    });
    expect(started.status).toBe(202);
    const { sessionId } = v.parse(SignAsyncReply, await started.json());
    const first = v.parse(
      SignCheckReply,
      await (
        await sign('giulia.bianchi', 'check', { documentId: documentIds[0], sessionId, callback: 'consents' })
      ).json(),
    );
    expect(['SIGNING', 'SIGNED']).toContain(first.status);
    expect(first.callback).toBe('consents');
    await backgroundSignaturesSettled();
    const done = v.parse(
      SignCheckReply,
      await (await sign('giulia.bianchi', 'check', { documentId: documentIds[0], sessionId })).json(),
    );
    expect(done).toMatchObject({ status: 'SIGNED', ceremonyKind: 'consent' });
    expect(done.signedDocumentIds).toHaveLength(1);
    const [consent] = await consentsOf(done.signedDocumentIds ?? []);
    expect(consent).toMatchObject({ patientId: user.patientId, statusCode: 'GIVEN' });
    // Someone else's session, or a document of another ceremony, is not this signature.
    expect((await sign('mario.rossi', 'check', { documentId: documentIds[0], sessionId })).status).toBe(409);
    expect((await sign('giulia.bianchi', 'check', { documentId: 99_999_999, sessionId })).status).toBe(409);
  });

  it('reports a failed asynchronous signature as FAILED with the catalogue code', async () => {
    const { documentIds, user } = await prepare(ctx, 'mario.rossi', { failing: true });
    expect((await sendOtp('mario.rossi', documentIds)).status).toBe(200);
    const started = await sign('mario.rossi', 'async', {
      documentIds,
      pin: DEMO_SIGNING_PIN,
      otp: await lastCode(ctx, user),
    });
    const { sessionId } = v.parse(SignAsyncReply, await started.json());
    await backgroundSignaturesSettled();
    const reply = v.parse(
      SignCheckReply,
      await (await sign('mario.rossi', 'check', { documentId: documentIds[0], sessionId })).json(),
    );
    expect(reply).toMatchObject({ status: 'FAILED', errorCode: 'SIGN_AUTHORIZED_USER_ERROR' });
  });

  it("signs with the PIN alone in a context-sharing session, for staff only, never a patient's consent", async () => {
    const patient = await prepare(ctx, 'mario.rossi');
    const refused = await sign(
      'mario.rossi',
      'cdc',
      { documentIds: patient.documentIds, pin: DEMO_SIGNING_PIN },
      'POST',
    );
    expect(refused.status).toBe(403);
    expect(await error(refused)).toMatchObject({
      code: 'SIGN_CDC_ERROR',
      message: 'Errore nella firma con condivisione di contesto',
    });

    // Every kind staff sign today records a patient's consent, which needs the patient's code
    // (server/routes/signing-on-behalf.test.ts): the PIN alone is refused before it is even checked.
    const { documentIds } = await prepare(ctx, 'dott.ferrari');
    for (const pin of ['999999', DEMO_SIGNING_PIN]) {
      const response = await sign('dott.ferrari', 'cdc', { documentIds, pin }, 'POST');
      expect(response.status).toBe(403);
      expect((await error(response)).code).toBe('SIGN_CDC_ERROR');
    }
  });
});
