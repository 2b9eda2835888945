import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StudyManifest, StudyShowReply, StudyStatusReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, documentTypes, studies, units, users } from '../db/schema';
import { seedStudies } from '../db/seed/studies';
import { accessionNumbersOf } from '../services/studies/study-status';
import { uidFor } from '../services/studies/uid';

const testDocuments = [
  { accessionNumber: 'TST-CT-1', title: 'TC encefalo senza mezzo di contrasto', unit: 'RAD' },
  { accessionNumber: 'TST-MR-1', title: 'RM ginocchio destro', unit: 'RAD' },
  { accessionNumber: 'TST-CR-1', title: 'RX torace in due proiezioni', unit: 'RAD' },
  { accessionNumber: 'TST-ER-1', title: 'RX polso', unit: 'RAD' },
  { accessionNumber: 'TST-X-1|TST-X-2', title: 'RX e TC torace', unit: 'RAD' },
];

describe.each(databaseTargets)('studies on $name', ({ location }) => {
  let ctx: TestContext;
  let marioId: number;
  let query: string;

  const setStatus = (accession: string, status: string, moveRequestedAt: Date | null = null) =>
    ctx.db.update(studies).set({ status, moveRequestedAt }).where(eq(studies.accessionNumber, accession));
  const auditSince = async (id: number) =>
    (await ctx.db.select().from(auditLog).where(gt(auditLog.id, id))).map((row) => [
      row.userRole,
      row.activity,
      row.outcome,
    ]);
  const lastAuditId = async (): Promise<number> =>
    (await ctx.db.select({ id: auditLog.id }).from(auditLog)).reduce((max, row) => Math.max(max, row.id), 0);
  const show = async (accession: string, user: string, language?: string) =>
    ctx.call(`/api/studies/${accession}/show?${query}`, user, language ? { language } : {});
  const grantOf = async (response: Response) => {
    const url = new URL(v.parse(StudyShowReply, await response.json()).url);
    return { study: url.searchParams.get('study') ?? '', grant: url.searchParams.get('grant') ?? '', url };
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    marioId = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    query = `patientId=${marioId}&docProvenance=RAD`;
    // Until the documents seed is wired, documents with accession numbers come from here.
    await ctx.db
      .insert(documentTypes)
      .values({ code: 'RAD', descIt: 'Referto radiologico', descEn: 'Radiology report' })
      .onConflictDoNothing();
    const unitRows = await ctx.db.select().from(units);
    const unitId = (code: string): number => unitRows.find((row) => row.code === code)?.id ?? 0;
    await ctx.db.insert(documents).values(
      [...testDocuments, { accessionNumber: 'TST-LUCA-1', title: 'TC encefalo', unit: 'RAD' }].map(
        (doc, index) => ({
          patientId: doc.accessionNumber === 'TST-LUCA-1' ? marioId + 2 : marioId,
          documentTypeCode: 'RAD',
          provenanceUnitId: unitId(doc.unit),
          locationCode: 'O',
          title: doc.title,
          createdAt: new Date(Date.UTC(2025, 0, index + 1)),
          accessionNumber: doc.accessionNumber,
          obscuring: {},
          authorName: 'Dott. Test',
          content: {},
        }),
      ),
    );
    await seedStudies(ctx.db);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => ctx.close());

  it('seeds a study for the accession numbers of the documents, statuses mixed, some left out', async () => {
    const fields = await ctx.db
      .select({ patientId: documents.patientId, accession: documents.accessionNumber })
      .from(documents)
      .where(isNotNull(documents.accessionNumber));
    const rows = await ctx.db.select().from(studies);
    const have = new Set(rows.map((row) => `${row.patientId}/${row.accessionNumber}`));
    const wanted = new Set(
      fields.flatMap((field) => accessionNumbersOf(field.accession).map((n) => `${field.patientId}/${n}`)),
    );
    const missing = [...wanted].filter((key) => !have.has(key));
    expect(missing.length).toBeGreaterThanOrEqual(1);
    expect(missing.length).toBeLessThan(wanted.size / 4);
    expect(rows.filter((row) => row.status === 'ERROR')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'OFFLINE').length).toBeGreaterThanOrEqual(1);
    // Mostly online on the demo data; the few test documents alone are too few to say.
    const online = rows.filter((row) => row.status === 'ONLINE').length;
    expect(online).toBeGreaterThan(rows.length >= 40 ? rows.length / 2 : 0);
    expect(rows.find((row) => row.accessionNumber === 'TST-CT-1')?.modality ?? 'CT').toBe('CT');
    expect((await seedStudies(ctx.db)).studies).toBe(0);

    // From here on the tests pin the statuses of their own studies, adding those the seed left out.
    const radiology = await ctx.db.select({ id: units.id }).from(units).where(eq(units.code, 'RAD'));
    for (const [accession, modality, sliceCount] of [
      ['TST-CT-1', 'CT', 24],
      ['TST-MR-1', 'MR', 16],
      ['TST-CR-1', 'CR', 1],
      ['TST-ER-1', 'CR', 1],
    ] as const) {
      await ctx.db
        .insert(studies)
        .values({
          studyId: uidFor(`study/${marioId}/${accession}`),
          patientId: marioId,
          accessionNumber: accession,
          provenanceUnitId: radiology[0]?.id ?? 0,
          modality,
          description: accession,
          status: 'ONLINE',
          sliceCount,
        })
        .onConflictDoNothing();
    }
    await ctx.db.update(studies).set({ status: 'ONLINE' }).where(eq(studies.status, 'ERROR'));
    await setStatus('TST-CT-1', 'ONLINE');
    await setStatus('TST-MR-1', 'OFFLINE');
    await setStatus('TST-CR-1', 'ONLINE');
    await setStatus('TST-ER-1', 'ERROR');
  });

  it('answers the status to every role that may read the patient, by accession number or UID', async () => {
    for (const user of ['mario.rossi', 'dott.ferrari', 'operatore', 'admin', 'ospite']) {
      const response = await ctx.call(`/api/studies/TST-CT-1/status?${query}`, user);
      expect(response.status, user).toBe(200);
      expect(v.parse(StudyStatusReply, await response.json())).toEqual({ status: 'ONLINE' });
    }
    const [ct] = await ctx.db.select().from(studies).where(eq(studies.accessionNumber, 'TST-CT-1'));
    const byUid = await ctx.call(`/api/studies/${ct?.studyId}/status?${query}`, 'dott.ferrari');
    expect(await byUid.json()).toEqual({ status: 'ONLINE' });
  });

  it('refuses other patients, unknown studies and malformed queries, auditing every attempt', async () => {
    const before = await lastAuditId();
    const other = await ctx.call(`/api/studies/TST-CT-1/status?${query}`, 'giulia.bianchi');
    expect(other.status).toBe(403);
    const luca = await ctx.call(
      `/api/studies/TST-LUCA-1/status?patientId=${marioId + 2}&docProvenance=RAD`,
      'dott.ferrari',
    );
    expect(await luca.json()).toMatchObject({ status: 403, code: 'DOSSIER_NOT_AUTHORIZED' });
    expect(
      (await ctx.call(`/api/studies/TST-CT-1/status?patientId=${marioId}&docProvenance=CARD`, 'admin'))
        .status,
    ).toBe(404);
    expect((await ctx.call(`/api/studies/NOPE-1/status?${query}`, 'admin')).status).toBe(404);
    const bad = await ctx.call('/api/studies/TST-CT-1/status?patientId=x', 'admin');
    expect(await bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await ctx.call(`/api/studies/TST-CT-1/status?${query}`, null)).status).toBe(401);
    expect(await auditSince(before)).toEqual([
      ['PAT', 'STUDY_STATUS', 'DENIED'],
      ['PHY', 'STUDY_STATUS', 'DENIED'],
      ['ADM', 'STUDY_STATUS', 'ALLOWED'],
      ['ADM', 'STUDY_STATUS', 'ALLOWED'],
    ]);
  });

  it('moves an offline study, which comes online 15 seconds later; a study in error cannot move', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date();
    const before = await lastAuditId();
    const move = await ctx.call(`/api/studies/TST-MR-1/move?${query}`, 'mario.rossi', { method: 'PUT' });
    expect(await move.json()).toEqual({ status: 'MOVING' });
    const again = await ctx.call(`/api/studies/TST-MR-1/move?${query}`, 'dott.ferrari', { method: 'PUT' });
    expect(await again.json()).toEqual({ status: 'MOVING' });
    vi.setSystemTime(start.getTime() + 14_000);
    expect(await (await ctx.call(`/api/studies/TST-MR-1/status?${query}`, 'mario.rossi')).json()).toEqual({
      status: 'MOVING',
    });
    vi.setSystemTime(start.getTime() + 15_500);
    expect(await (await ctx.call(`/api/studies/TST-MR-1/status?${query}`, 'mario.rossi')).json()).toEqual({
      status: 'ONLINE',
    });
    const [row] = await ctx.db.select().from(studies).where(eq(studies.accessionNumber, 'TST-MR-1'));
    expect(row?.status).toBe('ONLINE');

    const failed = await ctx.call(`/api/studies/TST-ER-1/move?${query}`, 'operatore', { method: 'PUT' });
    expect(failed.status).toBe(409);
    expect(await failed.json()).toMatchObject({
      code: 'STUDY_MOVE_FAILED',
      message: 'Errore nello spostamento dello studio',
    });
    expect(await auditSince(before)).toEqual([
      ['PAT', 'STUDY_MOVE', 'ALLOWED'],
      ['PHY', 'STUDY_MOVE', 'ALLOWED'],
      ['PAT', 'STUDY_STATUS', 'ALLOWED'],
      ['PAT', 'STUDY_STATUS', 'ALLOWED'],
      ['OPT', 'STUDY_MOVE', 'ALLOWED'],
    ]);
  });

  it('gives a viewer URL for an online study to every role but guests', async () => {
    for (const user of ['mario.rossi', 'dott.ferrari', 'operatore', 'admin']) {
      const response = await show('TST-CT-1', user);
      expect(response.status, user).toBe(200);
      const { url, grant } = await grantOf(response);
      expect(url.pathname).toBe('/viewer/index.html');
      expect(grant).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const english = await grantOf(await show('TST-CT-1', 'mario.rossi', 'en-EN'));
    expect(english.url.searchParams.get('lang')).toBe('en');
    const located = await ctx.call(`/api/studies/TST-CT-1/show?${query}&studyLocation=Altrove`, 'admin');
    expect(located.status).toBe(404);
  });

  it('refuses the images to a guest with the role in the reply, and audits the refusal', async () => {
    const before = await lastAuditId();
    const response = await show('TST-CT-1', 'ospite');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      status: 403,
      code: 'IMAGES_NOT_ALLOWED_FOR_ROLE',
      message: 'Gli utenti di tipo GUE non possono visualizzare le immagini',
      params: { userRole: 'GUE' },
    });
    expect(await auditSince(before)).toEqual([
      ['GUE', 'STUDY_VIEW', 'ALLOWED'],
      ['GUE', 'STUDY_VIEW', 'DENIED'],
    ]);
  });

  it('refuses to show a study that is not online', async () => {
    await setStatus('TST-CR-1', 'OFFLINE');
    const response = await show('TST-CR-1', 'dott.ferrari');
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      code: 'DOCUMENT_UNAVAILABLE',
      message: 'Impossibile visualizzare il documento',
    });
    await setStatus('TST-CR-1', 'ONLINE');
  });

  it('serves the manifest and the slices with the grant alone, parsed back by the viewer', async () => {
    const { study, grant } = await grantOf(await show('TST-CT-1', 'dott.ferrari'));
    const manifest = await ctx.app.request(`/api/studies/${study}/manifest?grant=${grant}`);
    expect(manifest.status).toBe(200);
    expect(v.parse(StudyManifest, await manifest.json())).toMatchObject({
      studyId: study,
      modality: 'CT',
      sliceCount: 24,
      rows: 256,
      columns: 256,
    });
    const slice = await ctx.app.request(`/api/studies/${study}/instances/5?grant=${grant}`);
    expect(slice.status).toBe(200);
    expect(slice.headers.get('Content-Type')).toBe('application/dicom');
    const file = pathToFileURL(path.resolve('public/viewer/dicom-parser.js')).href;
    const { parseDicom } = (await import(/* @vite-ignore */ file)) as {
      parseDicom: (buffer: ArrayBuffer) => { rows: number; columns: number; instanceNumber: number };
    };
    expect(parseDicom(await slice.arrayBuffer())).toMatchObject({
      rows: 256,
      columns: 256,
      instanceNumber: 5,
    });
    expect((await ctx.app.request(`/api/studies/${study}/instances/25?grant=${grant}`)).status).toBe(404);
  });

  it('refuses a grant for another study, an unknown, expired or disabled-user grant', async () => {
    const ct = await grantOf(await show('TST-CT-1', 'dott.ferrari'));
    const mr = await grantOf(await show('TST-MR-1', 'mario.rossi'));
    expect((await ctx.app.request(`/api/studies/${mr.study}/manifest?grant=${ct.grant}`)).status).toBe(403);
    const unknown = `/api/studies/${ct.study}/instances/1?grant=${'A'.repeat(43)}`;
    expect((await ctx.app.request(unknown)).status).toBe(403);
    expect((await ctx.app.request(`/api/studies/${ct.study}/manifest`)).status).toBe(400);

    await ctx.db.update(users).set({ enabled: false }).where(eq(users.username, 'mario.rossi'));
    expect((await ctx.app.request(`/api/studies/${mr.study}/manifest?grant=${mr.grant}`)).status).toBe(403);
    await ctx.db.update(users).set({ enabled: true }).where(eq(users.username, 'mario.rossi'));
    expect((await ctx.app.request(`/api/studies/${mr.study}/manifest?grant=${mr.grant}`)).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    expect((await ctx.app.request(`/api/studies/${ct.study}/manifest?grant=${ct.grant}`)).status).toBe(403);
  });

  it('keeps the viewer routes apart from the token-checked API', async () => {
    const rows = await ctx.db
      .select({ id: studies.studyId })
      .from(studies)
      .where(and(eq(studies.patientId, marioId), inArray(studies.accessionNumber, ['TST-CT-1'])));
    const response = await ctx.app.request(`/api/studies/${rows[0]?.id}/status?${query}`);
    expect(response.status).toBe(401);
  });
});
