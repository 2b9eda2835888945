import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Consent, ProfileDenied } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { consents, notificationOutbox, signedDocuments, users } from '../db/schema';
import { DEFAULT_PREFERENCES, savePreferences } from '../services/notify/preferences';
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
  userNamed,
} from '../test/fixtures/consents';
import { PAPER_SCAN_MAX_BYTES } from './consents-paper';

const pdfBytes = (size = 64): Uint8Array => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  return bytes;
};

function paperForm(fields: Record<string, string>, file: Uint8Array | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new File([new Uint8Array(file)], 'scan.pdf', { type: 'application/pdf' }));
  return form;
}

describe.each(databaseTargets)(
  'paper consents, permissions and the profile codes on $name',
  ({ location }) => {
    let ctx: TestContext;
    let mario: number;
    let giulia: number;
    let luca: number;
    const upload = (patientId: number, user: string, form: FormData) =>
      ctx.call(`/api/patients/${patientId}/paperConsents`, user, { method: 'POST', body: form });
    const prepareCall = (patientId: number, user: string, body: unknown) =>
      ctx.call(`/api/patients/${patientId}/prepareConsensus`, user, json('POST', body));
    beforeAll(async () => {
      ctx = await createTestContext(location);
      mario = await patientIdOf(ctx, 'mario.rossi');
      giulia = await patientIdOf(ctx, 'giulia.bianchi');
      luca = await patientIdOf(ctx, 'luca.verdi');
    });
    afterAll(() => ctx.close());

    it('records a consent collected on paper from the uploaded scan', async () => {
      expect(await meCode(ctx, 'luca.verdi')).toBe(0);
      const response = await upload(
        luca,
        'operatore',
        paperForm({ consentCode: 'CONS_DOSSIER', action: 'give' }, pdfBytes()),
      );
      expect(response.status).toBe(201);
      const consent = v.parse(Consent, await response.json());
      expect(consent).toMatchObject({
        consentCode: 'CONS_DOSSIER',
        statusCode: 'GIVEN',
        medium: 'paper',
        signerType: 'self',
      });
      const [row] = await ctx.db
        .select()
        .from(consents)
        .where(eq(consents.id, consent.consentId ?? 0));
      const operator = await userNamed(ctx, 'operatore');
      expect(row?.collectedByUserId).toBe(operator.id);
      const [scan] = await ctx.db
        .select()
        .from(signedDocuments)
        .where(eq(signedDocuments.id, consent.documentId ?? 0));
      expect(scan).toMatchObject({ kind: 'paper-scan', patientId: luca, signerUserId: operator.id });
      expect(await meCode(ctx, 'luca.verdi')).toBe('ok');
      // The patient downloads the scan.
      expect((await ctx.call(`/api/signedDocuments/${consent.documentId}`, 'luca.verdi')).status).toBe(200);
    });

    it('accepts only PDF scans up to 2 MB, with the consent fields, from physicians and operators', async () => {
      const fields = { consentCode: 'CONS_FEA', action: 'give' };
      const notPdf = await upload(
        mario,
        'dott.ferrari',
        paperForm(fields, new TextEncoder().encode('GIF89a....')),
      );
      expect(await expectError(notPdf, 400, 'BAD_REQUEST')).toMatchObject({
        fields: [{ field: 'file', code: 'invalid' }],
      });
      const tooBig = await upload(
        mario,
        'dott.ferrari',
        paperForm(fields, pdfBytes(PAPER_SCAN_MAX_BYTES + 1)),
      );
      expect(await expectError(tooBig, 400, 'BAD_REQUEST')).toMatchObject({
        fields: [{ field: 'file', code: 'tooLong' }],
      });
      const noFile = await upload(mario, 'dott.ferrari', paperForm(fields, null));
      expect(await expectError(noFile, 400, 'BAD_REQUEST')).toMatchObject({
        fields: [{ field: 'file', code: 'required' }],
      });
      const badAction = await upload(
        mario,
        'dott.ferrari',
        paperForm({ ...fields, action: 'maybe' }, pdfBytes()),
      );
      expect(await expectError(badAction, 400, 'BAD_REQUEST')).toMatchObject({
        fields: [{ field: 'action' }],
      });
      const exactly2Mb = await upload(
        mario,
        'dott.ferrari',
        paperForm(fields, pdfBytes(PAPER_SCAN_MAX_BYTES)),
      );
      expect(exactly2Mb.status).toBe(201);

      await expectError(
        await upload(mario, 'mario.rossi', paperForm(fields, pdfBytes())),
        403,
        'PERMISSION_MISSING',
      );
      await expectError(
        await upload(mario, 'admin', paperForm(fields, pdfBytes())),
        403,
        'PERMISSION_MISSING',
      );
      await expectError(
        await upload(mario, 'ospite', paperForm(fields, pdfBytes())),
        403,
        'PERMISSION_MISSING',
      );
      // A physician may collect the consents patients cannot collect themselves.
      const biobank = await projectIdOf(ctx, 'BIOBANCA');
      const biobankForm = paperForm(
        { consentCode: 'CONS_PRJ_BIOBANK', projectId: String(biobank), action: 'give' },
        pdfBytes(),
      );
      expect((await upload(mario, 'dott.ferrari', biobankForm)).status).toBe(201);
      // The dossier consent cannot be revoked on paper either while a project consent is given.
      const revoke = paperForm({ consentCode: 'CONS_DOSSIER', action: 'revoke' }, pdfBytes());
      await expectError(await upload(mario, 'dott.ferrari', revoke), 409, 'CONSENT_REVOKE_PROJECTS_FIRST');
    });

    it('refuses what a patient may not do: staff-only consents, closed ones, missing permissions', async () => {
      const biobank = await projectIdOf(ctx, 'BIOBANCA');
      const covid = await projectIdOf(ctx, 'COVID');
      const giveBiobank = {
        consents: [
          {
            consentCode: 'CONS_PRJ_BIOBANK',
            projectId: biobank,
            action: 'give',
            jsonData: { informationRead: true, geneticAnalyses: true },
          },
        ],
        signer: self,
      };
      await expectError(
        await prepareCall(giulia, 'giulia.bianchi', giveBiobank),
        403,
        'CONSENT_ASK_PHYSICIAN',
      );
      expect(find(await consentList(ctx, giulia, 'giulia.bianchi'), 'CONS_DOSSIER').patientCollectable).toBe(
        true,
      );
      const covidBody = {
        consents: [
          {
            consentCode: 'CONS_PRJ_COVID',
            projectId: covid,
            action: 'give',
            jsonData: { informationRead: true },
          },
        ],
        signer: self,
      };
      await expectError(await prepareCall(giulia, 'giulia.bianchi', covidBody), 409, 'CONSENT_CLOSED');
      const rejectNothing = { consents: [{ consentCode: 'CONS_FEA', action: 'reject' }], signer: self };
      await expectError(
        await prepareCall(giulia, 'giulia.bianchi', rejectNothing),
        409,
        'CONSENT_EDIT_ERROR',
      );
      const revokeNothing = { consents: [{ consentCode: 'CONS_FEA', action: 'revoke' }], signer: self };
      await expectError(
        await prepareCall(giulia, 'giulia.bianchi', revokeNothing),
        409,
        'CONSENT_EDIT_ERROR',
      );
      const twice = {
        consents: [
          { consentCode: 'CONS_DOSSIER', action: 'give', jsonData: dossierAnswers },
          { consentCode: 'CONS_DOSSIER', action: 'give', jsonData: dossierAnswers },
        ],
        signer: self,
      };
      await expectError(await prepareCall(giulia, 'giulia.bianchi', twice), 400, 'BAD_REQUEST');
      const invalid = {
        consents: [{ consentCode: 'CONS_DOSSIER', action: 'give', jsonData: {} }],
        signer: self,
      };
      const fields = await expectError(
        await prepareCall(giulia, 'giulia.bianchi', invalid),
        400,
        'BAD_REQUEST',
      );
      expect(fields).toMatchObject({
        fields: [
          { field: 'jsonData.informationRead', code: 'required' },
          { field: 'jsonData.sensitiveData', code: 'required' },
        ],
      });
      const give = {
        consents: [{ consentCode: 'CONS_DOSSIER', action: 'give', jsonData: dossierAnswers }],
        signer: self,
      };
      await expectError(await prepareCall(giulia, 'mario.rossi', give), 403, 'ACCESS_DENIED');
      await expectError(await prepareCall(giulia, 'admin', give), 403, 'PERMISSION_MISSING');
      await expectError(await prepareCall(giulia, 'ospite', give), 403, 'PERMISSION_MISSING');
      // A patient without autonomy may read but not create consents.
      const patient = await userNamed(ctx, 'giulia.bianchi');
      await ctx.db
        .update(users)
        .set({ permissions: ['perm.meview.consent.read', 'perm.meview.consent.write'] })
        .where(eq(users.id, patient.id));
      await expectError(await prepareCall(giulia, 'giulia.bianchi', give), 403, 'PERMISSION_MISSING');
      expect((await ctx.call(`/api/patients/${giulia}/consensus`, 'giulia.bianchi')).status).toBe(200);
      await ctx.db.update(users).set({ permissions: patient.permissions }).where(eq(users.id, patient.id));
      // Staff may answer an invitation for the patient: rejected, with its document; the members hear of it.
      const diabetes = await projectIdOf(ctx, 'DIABETE');
      const ferrari = await userNamed(ctx, 'dott.ferrari');
      await savePreferences(ctx.db, ferrari.id, { ...DEFAULT_PREFERENCES, enabled: true }, new Date());
      const reject = await prepareCall(mario, 'dott.ferrari', {
        consents: [{ consentCode: 'CONS_PRJ_DIAB', projectId: diabetes, action: 'reject' }],
        signer: self,
      });
      const { documentIds } = (await reject.json()) as { documentIds: number[] };
      await signPrepared(ctx, 'dott.ferrari', documentIds);
      expect(find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_DIAB')).toMatchObject({
        statusCode: 'REJECTED',
        version: 2,
      });
      const told = await ctx.db
        .select({ event: notificationOutbox.event, link: notificationOutbox.link })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.userId, ferrari.id));
      expect(told).toEqual([{ event: 'GUEST_INVITE_REFUSED', link: `/projectInviteRemove/${mario}` }]);
    });

    it('answers /me 403 code 2 while FEA consents are due, until they are signed', async () => {
      const patient = await userNamed(ctx, 'giulia.bianchi');
      await ctx.db.update(users).set({ requiresFeaConsents: true }).where(eq(users.id, patient.id));
      const token = await ctx.tokenFor('giulia.bianchi', { amr: ['pwd', 'otp'] });
      const me = () => ctx.app.request('/api/me', { headers: { Authorization: `Bearer ${token}` } });
      expect(v.parse(ProfileDenied, await (await me()).json())).toMatchObject({
        code: 2,
        authentication_method: 'pwd otp',
      });
      // The denied profile still lets the patient sign the FEA agreement.
      const response = await prepareCall(giulia, 'giulia.bianchi', {
        consents: [{ consentCode: 'CONS_FEA', action: 'give', jsonData: { termsAccepted: true } }],
        signer: self,
      });
      const { documentIds } = (await response.json()) as { documentIds: number[] };
      await signPrepared(ctx, 'giulia.bianchi', documentIds);
      expect((await me()).status).toBe(200);
      // An expired consent to renew is due as well.
      const [fea] = await ctx.db
        .select()
        .from(consents)
        .where(
          and(
            eq(consents.patientId, giulia),
            eq(consents.consentCode, 'CONS_FEA'),
            eq(consents.superseded, false),
          ),
        );
      await ctx.db
        .update(consents)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(consents.id, fea?.id ?? 0));
      expect(v.parse(ProfileDenied, await (await me()).json()).code).toBe(2);
      const list = await consentList(ctx, giulia, 'giulia.bianchi');
      expect(list.errorMessageList).toEqual(['CONSENTS_EXPIRED']);
      expect(find(list, 'CONS_FEA')).toMatchObject({ expired: true, canGive: true });
    });
  },
);
