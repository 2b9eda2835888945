import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atcValid, icd9cmValid, loincValid, snomedConceptValid } from '../../../tests/support/code-systems';
import { createTestContext, databaseTargets, type TestContext } from '../../../tests/support/test-app';
import { DocumentContent } from '../../services/pdf/content';
import { renderDocumentPdf } from '../../services/pdf/render-document';
import {
  allergies,
  conditions,
  documents,
  immunizations,
  medicationStatements,
  observations,
  users,
} from '../schema';
import { seedClinical } from './clinical';
import { seedDiabeticLabs } from './diabetic';

const tables = { observations, conditions, medicationStatements, allergies, immunizations };

describe.each(databaseTargets)('demo clinical record on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const contentOf = async (id: number): Promise<DocumentContent> => {
    const [row] = await ctx.db
      .select({ content: documents.content })
      .from(documents)
      .where(eq(documents.id, id));
    return v.parse(DocumentContent, row?.content);
  };
  /** Every row of the record without its serial id, in a stable order. */
  const snapshot = async (): Promise<unknown[]> =>
    Promise.all(
      Object.values(tables).map(async (table) =>
        (
          await ctx.db
            .select()
            .from(table)
            .orderBy(asc(table.patientId), asc(table.documentId), asc(table.id))
        ).map(({ id: _id, ...row }) => row),
      ),
    );

  beforeAll(async () => {
    ctx = await createTestContext(location, {}, {}, { clinical: true });
    const [row] = await ctx.db
      .select({ patientId: users.patientId })
      .from(users)
      .where(eq(users.username, 'mario.rossi'));
    mario = row?.patientId ?? 0;
  });
  afterAll(() => ctx.close());

  it('gives every lab result the row its report prints: test, value, unit and range', async () => {
    const rows = await ctx.db
      .select({
        observation: observations,
        type: documents.documentTypeCode,
        superseded: documents.superseded,
      })
      .from(observations)
      .innerJoin(documents, eq(documents.id, observations.documentId));
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.every((row) => row.type === 'LAB' && !row.superseded)).toBe(true);
    const reports = await ctx.db
      .select({ id: documents.id, content: documents.content })
      .from(documents)
      .where(eq(documents.documentTypeCode, 'LAB'));
    const printed = new Map(
      reports.map((report) => [
        report.id,
        v.parse(DocumentContent, report.content).sections.flatMap((section) => section.table?.rows ?? []),
      ]),
    );
    const number = (text: string): number => Number(text.replace(',', '.'));
    for (const { observation } of rows) {
      const row = printed
        .get(observation.documentId ?? 0)
        ?.find((cells) => cells[0] === observation.displayIt);
      const [, value = '', unit, range = ''] = row ?? [];
      expect([number(value), unit, ...range.split(' - ').map(number)], observation.displayIt).toEqual([
        observation.value,
        observation.unitDisplay,
        observation.referenceLow,
        observation.referenceHigh,
      ]);
    }
  });

  it('gives the diabetic patient his problem, metformin and glycated haemoglobin from his reports', async () => {
    const problems = await ctx.db.select().from(conditions).where(eq(conditions.patientId, mario));
    expect(problems).toContainEqual(
      expect.objectContaining({ icd9cmCode: '250.00', snomedCode: '44054006', clinicalStatus: 'active' }),
    );
    const medicines = await ctx.db
      .select()
      .from(medicationStatements)
      .where(eq(medicationStatements.patientId, mario));
    expect(medicines).toContainEqual(expect.objectContaining({ atcCode: 'A10BA02', status: 'active' }));
    const hba1c = await ctx.db
      .select()
      .from(observations)
      .where(and(eq(observations.patientId, mario), eq(observations.loincCode, '59261-8')))
      .orderBy(asc(observations.effectiveAt));
    const labs = await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(documents)
      .where(
        and(
          eq(documents.patientId, mario),
          eq(documents.documentTypeCode, 'LAB'),
          eq(documents.superseded, false),
        ),
      );
    expect(hba1c).toHaveLength(labs[0]?.total ?? -1);
    expect(hba1c.every((row) => row.unit === 'mmol/mol' && row.value > 42 && row.value < 90)).toBe(true);
    // Uncontrolled a few years ago, better now.
    expect(Math.max(...hba1c.map((row) => row.value))).toBeGreaterThan((hba1c.at(-1)?.value ?? 99) + 10);
    const report = hba1c.at(-1);
    const rows = (await contentOf(report?.documentId ?? 0)).sections.flatMap((s) => s.table?.rows ?? []);
    expect(rows).toContainEqual([
      'Emoglobina glicata (HbA1c)',
      String(report?.value),
      'mmol/mol',
      '20 - 42',
      'H',
    ]);
  });

  it('stores the page count the PDF of a report with the added panel has', async () => {
    const [report] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.documentTypeCode, 'LAB')))
      .orderBy(sql`jsonb_array_length(${documents.content}->'sections') desc`)
      .limit(1);
    if (!report) throw new Error('no lab report');
    const bytes = await renderDocumentPdf({
      id: report.id,
      version: report.version,
      title: report.title,
      typeDesc: 'LAB',
      createdAt: report.createdAt,
      authorName: report.authorName,
      unit: { name: 'Laboratorio', hospital: 'Ospedale Maggiore' },
      patient: { name: 'Mario', surname: 'Rossi', fiscalCode: 'RSSMRA85T10F205R', birthDate: '1985-12-10' },
      content: v.parse(DocumentContent, report.content),
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(report.pageCount);
  });

  it('takes nothing from psychiatric counselling, and a row only from its own patient’s documents', async () => {
    for (const table of Object.values(tables)) {
      const rows = await ctx.db
        .select({ type: documents.documentTypeCode, owner: documents.patientId, patientId: table.patientId })
        .from(table)
        .innerJoin(documents, eq(documents.id, table.documentId));
      expect(rows.filter((row) => row.type === 'PSI' || row.owner !== row.patientId)).toEqual([]);
    }
  });

  it('records some allergies in a discharge letter that names them, the others with no document', async () => {
    const fromLetters = await ctx.db
      .select({ allergy: allergies, type: documents.documentTypeCode })
      .from(allergies)
      .innerJoin(documents, eq(documents.id, allergies.documentId));
    expect(fromLetters.length).toBeGreaterThan(0);
    for (const { allergy, type } of fromLetters) {
      expect(type).toBe('DIM');
      const history = (await contentOf(allergy.documentId ?? 0)).sections.find(
        (s) => s.heading === 'Anamnesi',
      );
      expect(history?.paragraphs?.join(' ')).toContain(allergy.displayIt.toLowerCase());
    }
    const perPatient = await ctx.db
      .select({ patientId: immunizations.patientId, total: sql<number>`count(*)::int` })
      .from(immunizations)
      .groupBy(immunizations.patientId);
    expect(perPatient).toHaveLength(50);
    expect(perPatient.every((row) => row.total >= 2)).toBe(true);
  });

  it('uses codes of the right shape', async () => {
    const distinct = async <T>(rows: Promise<{ code: T }[]>): Promise<T[]> => [
      ...new Set((await rows).map((r) => r.code)),
    ];
    const loinc = await distinct(ctx.db.select({ code: observations.loincCode }).from(observations));
    const atc = await distinct(
      ctx.db.select({ code: medicationStatements.atcCode }).from(medicationStatements),
    );
    const icd9 = await distinct(ctx.db.select({ code: conditions.icd9cmCode }).from(conditions));
    const snomed = [
      ...(await distinct(ctx.db.select({ code: conditions.snomedCode }).from(conditions))),
      ...(await distinct(ctx.db.select({ code: allergies.snomedCode }).from(allergies))),
      ...(await distinct(ctx.db.select({ code: immunizations.snomedCode }).from(immunizations))),
    ];
    expect(loinc.filter((code) => !loincValid(code))).toEqual([]);
    expect(atc.filter((code) => !atcValid(code))).toEqual([]);
    expect(icd9.filter((code) => !icd9cmValid(code))).toEqual([]);
    expect(snomed.filter((code) => !snomedConceptValid(code))).toEqual([]);
  });

  it('is deterministic: a rebuild gives the same rows and leaves the documents as they were', async () => {
    const contents = async (): Promise<unknown[]> =>
      ctx.db
        .select({ id: documents.id, content: documents.content, pageCount: documents.pageCount })
        .from(documents)
        .where(inArray(documents.documentTypeCode, ['LAB', 'DIM']))
        .orderBy(asc(documents.id));
    const [rows, docs] = [await snapshot(), await contents()];
    await seedDiabeticLabs(ctx.db);
    await seedClinical(ctx.db);
    expect(await snapshot()).toEqual(rows);
    expect(await contents()).toEqual(docs);
  });
});
