import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AutoFeaReply,
  CertificatesReply,
  ErrorReply,
  PatientRelationships,
  SignerInfo,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, consents, signingCredentials, users } from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { findCredential, verifyPin } from '../services/signing/credentials';
import { recentSms } from '../services/sms/outbox';
import { json, userNamed } from '../test/fixtures/signing';

describe.each(databaseTargets)('signing credentials on $name', ({ location }) => {
  let ctx: TestContext;
  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());
  const get = async <T>(schema: v.GenericSchema<unknown, T>, url: string, username: string): Promise<T> => {
    const response = await ctx.call(url, username);
    expect(response.status).toBe(200);
    return v.parse(schema, await response.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  it("lists the caller's certificate issued by the portal's CA", async () => {
    const mario = await userNamed(ctx, 'mario.rossi');
    const { certificates } = await get(CertificatesReply, '/api/sign/certificates', 'mario.rossi');
    expect(certificates).toHaveLength(1);
    const [certificate] = certificates;
    expect(certificate).toMatchObject({ type: 'FR', status: 'VALID' });
    expect(certificate?.subject).toContain('CN=Mario Rossi');
    expect(certificate?.subject).toContain(`TINIT-${mario.fiscalCode}`);
    expect(certificate?.issuer).toContain('CN=MeView Demo Certification Authority');
    const years =
      (Date.parse(certificate?.validTo ?? '') - Date.parse(certificate?.validFrom ?? '')) /
      (365.25 * 86400_000);
    expect(Math.round(years)).toBe(3);
    const byOwnCode = await get(
      CertificatesReply,
      `/api/sign/certificates?fiscalCode=${mario.fiscalCode}`,
      'mario.rossi',
    );
    expect(byOwnCode).toEqual({ certificates });
  });

  it("lets staff see a patient's certificates (audited), and nobody else", async () => {
    const mario = await userNamed(ctx, 'mario.rossi');
    const seen = await get(
      CertificatesReply,
      `/api/sign/certificates?fiscalCode=${mario.fiscalCode}`,
      'dott.ferrari',
    );
    expect(seen.certificates[0]?.subject).toContain('CN=Mario Rossi');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.detail, 'signing credential'), eq(auditLog.patientId, mario.patientId ?? 0)));
    expect(audit).toMatchObject({ activity: 'PATIENT_READ', outcome: 'ALLOWED' });

    const patient = await ctx.call(`/api/sign/certificates?fiscalCode=${mario.fiscalCode}`, 'giulia.bianchi');
    expect(patient.status).toBe(403);
    expect((await error(patient)).code).toBe('ACCESS_DENIED');
    const unknown = await ctx.call('/api/sign/certificates?fiscalCode=ZZZZZZ00Z00Z000Z', 'dott.ferrari');
    expect(unknown.status).toBe(404);
    expect(await error(unknown)).toMatchObject({
      code: 'SIGN_CERTIFICATES_ERROR',
      message: 'Errore nel recupero dei certificati disponibili',
    });
    expect((await ctx.call('/api/sign/certificates?fiscalCode=x!', 'dott.ferrari')).status).toBe(400);
    const admin = await userNamed(ctx, 'admin');
    await ctx.db
      .update(signingCredentials)
      .set({ certificatePem: '-----BEGIN CERTIFICATE-----\nbroken\n-----END CERTIFICATE-----' })
      .where(eq(signingCredentials.userId, admin.id));
    const broken = await ctx.call('/api/sign/certificates', 'admin');
    expect(broken.status).toBe(500);
    expect((await error(broken)).code).toBe('SIGN_CERTIFICATES_ERROR');
    await ctx.db.delete(signingCredentials).where(eq(signingCredentials.userId, admin.id));
    expect(await get(CertificatesReply, '/api/sign/certificates', 'admin')).toEqual({ certificates: [] });
  });

  it('describes the signer: masked phone, credential, FEA and PIN lock', async () => {
    const giulia = await userNamed(ctx, 'giulia.bianchi');
    const info = await get(SignerInfo, '/api/sign/signerInfo', 'giulia.bianchi');
    expect(info).toMatchObject({
      name: 'Giulia',
      surname: 'Bianchi',
      fiscalCode: giulia.fiscalCode,
      hasCredential: true,
      hasValidCertificate: true,
      feaActive: false,
      lockedUntil: null,
    });
    expect(info.maskedPhone).toMatch(/^\*+\d{4}$/);
    expect(giulia.mobilePhone?.replace(/\s/g, '').endsWith(info.maskedPhone?.slice(-4) ?? 'x')).toBe(true);
    const until = new Date(Date.now() + 600_000);
    await ctx.db
      .update(signingCredentials)
      .set({ lockedUntil: until })
      .where(eq(signingCredentials.userId, giulia.id));
    expect((await get(SignerInfo, '/api/sign/signerInfo', 'giulia.bianchi')).lockedUntil).toBe(
      until.toISOString(),
    );
    await ctx.db
      .update(signingCredentials)
      .set({ lockedUntil: null })
      .where(eq(signingCredentials.userId, giulia.id));

    const physician = await get(SignerInfo, '/api/sign/signerInfo', 'dott.ferrari');
    expect(physician).toMatchObject({ name: 'Anna', surname: 'Ferrari', hasCredential: true });
  });

  it('lists the relationships of a signer for a patient in the session language', async () => {
    const it = await get(PatientRelationships, '/api/sign/patientRelationship', 'mario.rossi');
    expect(it.patientRelationships).toContainEqual({
      code: 'SUPPORT_ADMINISTRATOR',
      desc: 'Amministratore di sostegno',
    });
    const response = await ctx.call('/api/sign/patientRelationship', 'mario.rossi', { language: 'en-EN' });
    const en = v.parse(PatientRelationships, await response.json());
    expect(en.patientRelationships.map((item) => item.code)).toEqual(
      it.patientRelationships.map((item) => item.code),
    );
    expect(en.patientRelationships).toContainEqual({ code: 'GUARDIAN', desc: 'Guardian' });
    expect((await ctx.call('/api/sign/patientRelationship', null)).status).toBe(401);
  });

  it('activates the FEA for the patient themself, once', async () => {
    const mario = await userNamed(ctx, 'mario.rossi');
    const body = json('POST', { patientId: mario.patientId });
    const first = v.parse(
      AutoFeaReply,
      await (await ctx.call('/api/autoFEAreq', 'mario.rossi', body)).json(),
    );
    expect(first).toMatchObject({ result: 'ACTIVATED', certificate: { type: 'FEA', status: 'VALID' } });
    const second = v.parse(
      AutoFeaReply,
      await (await ctx.call('/api/autoFEAreq', 'mario.rossi', body)).json(),
    );
    expect(second.result).toBe('ALREADY_ACTIVE');
    expect(second.certificate.serialNumber).toBe(first.certificate.serialNumber);
    expect((await get(SignerInfo, '/api/sign/signerInfo', 'mario.rossi')).feaActive).toBe(true);
    const other = await ctx.call('/api/autoFEAreq', 'giulia.bianchi', body);
    expect((await error(other)).code).toBe('ACCESS_DENIED');
    expect((await ctx.call('/api/autoFEAreq', 'mario.rossi', json('POST', { patientId: 'x' }))).status).toBe(
      400,
    );
  });

  it('issues a credential at activation by staff, with a PIN sent only by SMS', async () => {
    const giulia = await userNamed(ctx, 'giulia.bianchi');
    await ctx.db.delete(signingCredentials).where(eq(signingCredentials.userId, giulia.id));
    const response = await ctx.call(
      '/api/autoFEAreq',
      'dott.ferrari',
      json('POST', { patientId: giulia.patientId }),
    );
    expect(response.status).toBe(200);
    const reply = v.parse(AutoFeaReply, await response.json());
    expect(reply.result).toBe('ACTIVATED');
    const [sms] = await recentSms(ctx.db, { withinMs: 60_000, to: giulia.mobilePhone ?? '' });
    const pin = sms?.body.match(/PIN di firma è (\d{6})\./)?.[1];
    expect(pin).toBeDefined();
    expect(JSON.stringify(reply)).not.toContain(pin);
    const credential = await findCredential(ctx.db, giulia.id);
    if (!credential) throw new Error('no credential issued');
    expect(credential.feaActivatedAt).not.toBeNull();
    await expect(verifyPin(ctx.db, credential, pin ?? '', new Date())).resolves.toBeUndefined();
    if (pin !== DEMO_SIGNING_PIN)
      await expect(verifyPin(ctx.db, credential, DEMO_SIGNING_PIN, new Date())).rejects.toMatchObject({
        code: 'PIN_WRONG',
      });

    // Staff without the dossier consent cannot; a patient without a portal account has nobody to activate.
    const luca = await userNamed(ctx, 'luca.verdi');
    const refused = await ctx.call(
      '/api/autoFEAreq',
      'dott.ferrari',
      json('POST', { patientId: luca.patientId }),
    );
    expect((await error(refused)).code).toBe('DOSSIER_NOT_AUTHORIZED');
    const accounts = new Set(
      (await ctx.db.select({ patientId: users.patientId }).from(users)).map((row) => row.patientId),
    );
    const accountless = (await ctx.db.select({ patientId: consents.patientId }).from(consents)).find(
      (row) => !accounts.has(row.patientId),
    );
    expect(accountless).toBeDefined();
    const noAccount = await ctx.call(
      '/api/autoFEAreq',
      'dott.ferrari',
      json('POST', { patientId: accountless?.patientId }),
    );
    expect(noAccount.status).toBe(404);
  });
});
