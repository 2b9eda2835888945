import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReply, SignOtpReply, TreatmentHistory } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { consents, patients, signatureCeremonies, smsOutbox, tempDocuments, users } from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { issueCode } from '../services/otp';
import { ceremonyBinding } from '../services/signing/ceremony';
import { recordOnlySender } from '../services/sms/outbox';
import { json, prepare, smallPdf, userNamed } from '../test/fixtures/signing';

/**
 * A consent that staff record for a patient is proved by the patient's own code, sent to
 * the patient's phone; the PIN alone never records it; the patient is told by SMS and the history shows it.
 */
describe.each(databaseTargets)('consents collected by staff on $name', ({ location }) => {
  let ctx: TestContext;
  let marioPhone: string;
  let ferrariPhone: string;

  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());
  const sendOtp = (username: string, documentIds: number[]) =>
    ctx.call('/api/sign/otp', username, json('POST', { documentIds, pin: DEMO_SIGNING_PIN }));
  const sync = (username: string, documentIds: number[], otp: string) =>
    ctx.call('/api/sign/sync', username, json('PUT', { documentIds, pin: DEMO_SIGNING_PIN, otp }));
  const smsTo = (phone: string, purpose: string) =>
    ctx.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, purpose)))
      .orderBy(sql`${smsOutbox.id} desc`);
  const codeIn = (body: string | undefined): string => {
    const code = body?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error('no code in the SMS');
    return code;
  };
  const feaVersions = async (patientId: number): Promise<number> =>
    (await ctx.db.select().from(consents).where(eq(consents.patientId, patientId))).length;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    marioPhone = (await userNamed(ctx, 'mario.rossi')).mobilePhone ?? '';
    ferrariPhone = (await userNamed(ctx, 'dott.ferrari')).mobilePhone ?? '';
  });
  afterAll(() => ctx.close());

  it('refuses the PIN alone (/sign/cdc) for a consent recorded for a patient', async () => {
    const { documentIds, patientId } = await prepare(ctx, 'dott.ferrari');
    const before = await feaVersions(patientId);
    const refused = await ctx.call(
      '/api/sign/cdc',
      'dott.ferrari',
      json('POST', { documentIds, pin: DEMO_SIGNING_PIN }),
    );
    expect(refused.status).toBe(403);
    expect((await error(refused)).code).toBe('SIGN_CDC_ERROR');
    expect(await feaVersions(patientId)).toBe(before);
  });

  it("sends the code to the patient's phone, refuses the staff's own code, then records and tells the patient", async () => {
    const { documentIds, patientId, ceremonyId, user } = await prepare(ctx, 'dott.ferrari');
    const sent = await sendOtp('dott.ferrari', documentIds);
    expect(sent.status).toBe(200);
    const reply = v.parse(SignOtpReply, await sent.json());
    expect(reply).toMatchObject({
      sentToPatient: true,
      sentTo: `***${marioPhone.replace(/\D/g, '').slice(-4)}`,
    });
    const [patientSms] = await smsTo(marioPhone, 'sign-patient');
    expect(patientSms?.body).toContain('consenso');
    expect(await smsTo(ferrariPhone, 'sign')).toEqual([]);

    // A code of the physician's own, bound to this very ceremony, does not stand for the patient's.
    const [ceremony] = await ctx.db
      .select()
      .from(signatureCeremonies)
      .where(eq(signatureCeremonies.id, ceremonyId));
    const temp = await ctx.db.select().from(tempDocuments).where(eq(tempDocuments.ceremonyId, ceremonyId));
    let ownCode = '';
    await issueCode(ctx.db, recordOnlySender, {
      user,
      purpose: 'sign',
      binding: ceremonyBinding({ id: ceremony?.id ?? '' }, temp),
      message: (code) => {
        ownCode = code;
        return `code ${code}`;
      },
    });
    const before = await feaVersions(patientId);
    const own = await sync(
      'dott.ferrari',
      documentIds,
      ownCode === codeIn(patientSms?.body) ? '000000' : ownCode,
    );
    expect(own.status).toBe(400);
    expect((await error(own)).code).toBe('SIGN_OTP_ERROR');
    expect(await feaVersions(patientId)).toBe(before);

    const signed = await sync('dott.ferrari', documentIds, codeIn(patientSms?.body));
    expect(signed.status).toBe(200);
    expect(await feaVersions(patientId)).toBe(before + 1);

    // After the commit the patient is told, with the consent's name and the collector, nothing else.
    const [notice] = await smsTo(marioPhone, 'consent-notice');
    expect(notice?.status).toBe('SENT');
    expect(notice?.body).toContain('Dott.');
    expect(notice?.body).toMatch(/registrato il tuo consenso ".+"/);
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);

    // The treatment history shows the collection, by whom.
    const history = await ctx.call(
      `/api/trackingPatientHistory/${patientId}?activity=CONSENT_WRITE&max=100`,
      'mario.rossi',
    );
    expect(history.status).toBe(200);
    const items = v.parse(TreatmentHistory, await history.json()).items;
    const collected = items.filter((item) => item.userRole === 'PHY' && item.outcome === 'ALLOWED');
    expect(
      collected.some((item) => item.user.includes('Ferrari') && item.treatmentType === 'CONSENT_WRITE'),
    ).toBe(true);
  });

  it('sends no notice when the signature rolls back, and none when the patient signs themself', async () => {
    const failing = await prepare(ctx, 'dott.ferrari', { failing: true });
    const notices = (await smsTo(marioPhone, 'consent-notice')).length;
    expect(
      (
        await ctx.call(
          '/api/sign/otp',
          'dott.ferrari',
          json('POST', { documentIds: failing.documentIds, pin: DEMO_SIGNING_PIN }),
        )
      ).status,
    ).toBe(200);
    const [patientSms] = await smsTo(marioPhone, 'sign-patient');
    const failed = await sync('dott.ferrari', failing.documentIds, codeIn(patientSms?.body));
    expect(failed.status).toBe(500);
    expect(await smsTo(marioPhone, 'consent-notice')).toHaveLength(notices);

    const own = await prepare(ctx, 'mario.rossi');
    const sent = await sendOtp('mario.rossi', own.documentIds);
    expect(v.parse(SignOtpReply, await sent.json()).sentToPatient).toBe(false);
    const [code] = await smsTo(marioPhone, 'sign');
    expect((await sync('mario.rossi', own.documentIds, codeIn(code?.body))).status).toBe(200);
    expect(await smsTo(marioPhone, 'consent-notice')).toHaveLength(notices);
  });

  it('tells the patient of a paper dossier consent once it is recorded, and the history shows it', async () => {
    const luca = await userNamed(ctx, 'luca.verdi');
    const lucaPhone = luca.mobilePhone ?? '';
    const form = new FormData();
    form.set('consentCode', 'CONS_DOSSIER');
    form.set('action', 'give');
    form.set(
      'file',
      new File([new Uint8Array(await smallPdf('Modulo firmato'))], 'scan.pdf', { type: 'application/pdf' }),
    );
    expect(await smsTo(lucaPhone, 'consent-notice')).toEqual([]);
    const response = await ctx.call(`/api/patients/${luca.patientId}/paperConsents`, 'operatore', {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(201);
    const [notice, ...earlier] = await smsTo(lucaPhone, 'consent-notice');
    expect(earlier).toEqual([]);
    expect(notice?.status).toBe('SENT');
    expect(notice?.body).toContain('"Consenso al Dossier Sanitario Elettronico" dal modulo cartaceo firmato');
    const history = await ctx.call(
      `/api/trackingPatientHistory/${luca.patientId}?activity=CONSENT_WRITE`,
      'luca.verdi',
    );
    const items = v.parse(TreatmentHistory, await history.json()).items;
    expect(items.filter((item) => item.userRole === 'OPT').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses clearly when the patient has no phone on record', async () => {
    const { documentIds, patientId } = await prepare(ctx, 'operatore');
    await ctx.db.update(users).set({ mobilePhone: null }).where(eq(users.patientId, patientId));
    await ctx.db
      .update(patients)
      .set({ demographics: sql`jsonb_set(${patients.demographics}, '{contacts,mobilePhone}', 'null')` })
      .where(eq(patients.mepiId, patientId));
    try {
      const refused = await sendOtp('operatore', documentIds);
      expect(refused.status).toBe(409);
      expect(await error(refused)).toMatchObject({
        code: 'SIGN_PATIENT_PHONE_MISSING',
        message:
          'Il paziente non ha un cellulare registrato per ricevere il codice: raccogli il consenso su carta',
      });
    } finally {
      await ctx.db.update(users).set({ mobilePhone: marioPhone }).where(eq(users.patientId, patientId));
    }
  });
});
