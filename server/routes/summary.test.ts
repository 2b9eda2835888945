import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Bundle, Composition, Observation } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, guests, users } from '../db/schema';
import { latestSummaryRead } from '../test/fixtures/summary-audit';

/** LOINC of the glycated haemoglobin in IFCC units (mmol/mol), Mario's diabetes follow-up. */
const HBA1C = '59261-8';

/** The text of a PDF as poppler reads it, the layout's line breaks turned into spaces. */
function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'summary-')), 'summary.pdf');
  writeFileSync(file, new Uint8Array(bytes));
  return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
}

describe.each(databaseTargets)('Patient summary PDF on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const pdf = (patientId: number | string, username: string | null, language = 'it-IT') =>
    ctx.call(`/api/summary/pdf?patientId=${patientId}`, username, { language });
  const bundle = async (username: string, language: string): Promise<Bundle> =>
    (await (await ctx.call(`/fhir/Patient/${mario}/$summary`, username, { language })).json()) as Bundle;

  beforeAll(async () => {
    ctx = await createTestContext(location, {}, {}, { clinical: true });
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
  });
  afterAll(() => ctx.close());

  it.each([
    ['it-IT', 'Paziente: ROSSI Mario', 'Pagina 1 di'],
    ['en-GB', 'Patient: ROSSI Mario', 'Page 1 of'],
  ])(
    'prints in %s what the FHIR summary holds: its sections, the HbA1c, the patient',
    async (language, who, page) => {
      const response = await pdf(mario, 'mario.rossi', language);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/pdf');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(response.headers.get('Content-Disposition')).toMatch(
        /^attachment; filename="sintesi-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      const bytes = await response.arrayBuffer();
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      const text = pdfText(bytes);
      const json = await bundle('mario.rossi', language);
      const composition = json.entry?.[0]?.resource as Composition;
      const titles = (composition.section ?? []).map((section) => section.title ?? '');
      expect(titles.length).toBeGreaterThanOrEqual(5);
      for (const title of titles) expect(text).toContain(title);
      const hba1c = (json.entry ?? [])
        .map((entry) => entry.resource)
        .find(
          (resource): resource is Observation =>
            resource?.resourceType === 'Observation' &&
            (resource.code.coding ?? []).some((coding) => coding.code === HBA1C),
        );
      const value = hba1c?.valueQuantity;
      expect(value?.unit).toBe('mmol/mol');
      expect(text).toContain(`${value?.value} mmol/mol`);
      expect(text).toContain(composition.title ?? 'no title');
      expect(text).toContain(who);
      expect(text).toContain(page);
      expect(text).toContain(language === 'it-IT' ? 'Diabete mellito tipo 2' : 'Type 2 diabetes mellitus');
    },
  );

  it('gives staff with access the PDF, audited as the summary read', async () => {
    const response = await pdf(mario, 'dott.ferrari');
    expect(response.status).toBe(200);
    expect(pdfText(await response.arrayBuffer())).toContain('Paziente: ROSSI Mario');
    const row = await latestSummaryRead(ctx.db, mario, 'PHY');
    expect(row).toMatchObject({ outcome: 'ALLOWED', accessTitle: 'DOSSIER_CONSENT' });
  });

  it('refuses a physician without access, audited; a patient asking for another patient', async () => {
    const luca = mario + 2;
    const refused = await pdf(luca, 'dott.ferrari');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'DOSSIER_NOT_AUTHORIZED' });
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, luca), eq(auditLog.activity, 'SUMMARY_READ')));
    expect(row).toMatchObject({ outcome: 'DENIED', userRole: 'PHY', accessTitle: 'NONE' });
    expect((await pdf(mario + 1, 'mario.rossi')).status).toBe(403);
  });

  it("gives a guest the PDF only with their grant's download right, the refusal audited", async () => {
    expect((await pdf(mario, 'ospite')).status).toBe(200);
    const [guest] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'ospite'));
    const grant = and(eq(guests.guestUserId, guest?.id ?? 0), eq(guests.patientId, mario));
    const [before] = await ctx.db.select({ rights: guests.rights }).from(guests).where(grant);
    await ctx.db
      .update(guests)
      .set({ rights: ['dossier', 'chat'] })
      .where(grant);
    try {
      const refused = await pdf(mario, 'ospite');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: 'DOWNLOAD_NOT_ALLOWED' });
      const [row] = await ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.patientId, mario), eq(auditLog.userRole, 'GUE'), eq(auditLog.outcome, 'DENIED')),
        );
      expect(row).toMatchObject({ activity: 'SUMMARY_READ', detail: 'DOWNLOAD_NOT_ALLOWED' });
    } finally {
      await ctx.db
        .update(guests)
        .set({ rights: before?.rights ?? [] })
        .where(grant);
    }
  });

  it('answers 401 without a token, 400 on a bad patient id, 404 on an unknown patient', async () => {
    expect((await pdf(mario, null)).status).toBe(401);
    const invalid = await pdf('abc', 'mario.rossi');
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ fields: [{ field: 'patientId' }] });
    expect((await pdf(99_999_999, 'mario.rossi')).status).toBe(404);
  });
});
