import { and, asc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { type ContentSection, DocumentContent } from '../../services/pdf/content';
import type { Database } from '../client';
import { type conditions, documents, type medicationStatements, users } from '../schema';
import { diagnosisCodes, hba1cTest } from './clinical.data';
import { isoDay, seedDay } from './clinical-derive';
import { therapyCodes } from './clinical-medicines.data';
import { rewriteDocuments } from './document-rewrites';
import { type LabTest, labPanels } from './documents.data';
import { createRandom, type Random } from './random';

/**
 * The first demo patient (Mario Rossi's account) has type 2 diabetes, known for about ten years: his lab
 * reports carry the glycated haemoglobin and a matching fasting glucose, and his record the problem and
 * metformin. A post-step on the generated documents, so that no other document's random draws change.
 */
const yearMs = 365.25 * 24 * 3600 * 1000;
const panelHeading = 'Metabolismo glucidico';

/** HbA1c (mmol/mol) by years before today: uncontrolled about four years ago (the visits say "scompensato"). */
const trend: readonly [yearsAgo: number, value: number][] = [
  [11, 56],
  [7, 60],
  [4.5, 72],
  [3.5, 75],
  [2.5, 62],
  [1, 54],
  [0, 50],
];

function trendAt(yearsAgo: number): number {
  for (let index = 1; index < trend.length; index += 1) {
    const [olderYears, olderValue] = trend[index - 1] as [number, number];
    const [newerYears, newerValue] = trend[index] as [number, number];
    if (yearsAgo >= newerYears) {
      const share = Math.min(1, (yearsAgo - newerYears) / (olderYears - newerYears));
      return newerValue + (olderValue - newerValue) * share;
    }
  }
  return trend[trend.length - 1]?.[1] ?? 50;
}

/** Fasting glucose for an HbA1c: the ADAG average glucose of its NGSP %, a little lower when fasting. */
const fastingGlucoseOf = (hba1c: number): number => (28.7 * (hba1c / 10.929 + 2.15) - 46.7) * 0.9;

const glucoseTest = labPanels.flatMap((panel) => panel.tests).find((test) => test.name === 'Glucosio');

function labRow(test: LabTest, value: number): string[] {
  const italian = (number: number): string => number.toFixed(test.decimals).replace('.', ',');
  const shown = Number(value.toFixed(test.decimals));
  const flag = shown > test.high ? 'H' : shown < test.low ? 'L' : '';
  return [test.name, italian(value), test.unit, `${italian(test.low)} - ${italian(test.high)}`, flag];
}

interface Values {
  hba1c: number;
  glucose: number;
}

function drawValues(random: Random, yearsAgo: number): Values {
  const hba1c = trendAt(yearsAgo) + (random.next() - 0.5) * 4;
  return { hba1c, glucose: fastingGlucoseOf(hba1c) + (random.next() - 0.5) * 16 };
}

/** The report with the glucose panel (again, if it had one): after the chemistry, or after the last table. */
export function withDiabeticPanel(content: DocumentContent, values: Values): DocumentContent {
  if (!glucoseTest) return content;
  const glucose = labRow(glucoseTest, values.glucose);
  const sections = content.sections.filter((section) => section.heading !== panelHeading);
  const chemistry = sections.findIndex((section) => section.heading === 'Chimica clinica');
  const template = sections.find((section) => section.table)?.table;
  if (!template) return content;
  const withGlucose = sections.map((section, index) =>
    index === chemistry && section.table
      ? {
          ...section,
          table: {
            ...section.table,
            rows: section.table.rows.map((row) => (row[0] === 'Glucosio' ? glucose : row)),
          },
        }
      : section,
  );
  const panel: ContentSection = {
    heading: panelHeading,
    table: {
      ...template,
      rows: [...(chemistry >= 0 ? [] : [glucose]), labRow(hba1cTest, values.hba1c)],
    },
  };
  const after = chemistry >= 0 ? chemistry : sections.findLastIndex((section) => section.table);
  withGlucose.splice(after + 1, 0, panel);
  return { ...content, sections: withGlucose };
}

/** The patient of the `mario.rossi` account; null when the demo accounts are not there. */
export async function diabeticPatientId(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ patientId: users.patientId })
    .from(users)
    .where(eq(users.username, 'mario.rossi'));
  return row?.patientId ?? null;
}

/** Adds the glucose panel to every lab report of the diabetic patient; a replacement repeats its values. */
export async function seedDiabeticLabs(db: Database): Promise<void> {
  const patientId = await diabeticPatientId(db);
  if (patientId === null) return;
  const now = seedDay().getTime();
  const rows = await db
    .select({
      id: documents.id,
      previous: documents.previousVersionId,
      createdAt: documents.createdAt,
      content: documents.content,
    })
    .from(documents)
    .where(and(eq(documents.patientId, patientId), eq(documents.documentTypeCode, 'LAB')))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const random = createRandom(25_000);
  const drawn = new Map<number, Values>();
  const updates = rows.flatMap((row) => {
    const parsed = v.safeParse(DocumentContent, row.content);
    if (!parsed.success) return [];
    const earlier = row.previous === null ? undefined : drawn.get(row.previous);
    const values = earlier ?? drawValues(random, (now - row.createdAt.getTime()) / yearMs);
    drawn.set(row.id, values);
    return [{ id: row.id, content: withDiabeticPanel(parsed.output, values) }];
  });
  await rewriteDocuments(db, updates);
}

/** What the general practitioner's summary says with no document behind it: the problem and metformin. */
export function diabeticRecord(
  patientId: number,
  now: Date,
): { condition: typeof conditions.$inferInsert; medication: typeof medicationStatements.$inferInsert } {
  const onset = new Date(now.getTime() - 10.5 * yearMs);
  const problem = 'Diabete mellito tipo 2';
  const code = diagnosisCodes[problem];
  const metformin = therapyCodes['Metformina 1000 mg 1 cp x 2/die'];
  if (!code || !metformin) throw new Error('diabetes codes missing');
  return {
    condition: {
      patientId,
      documentId: null,
      icd9cmCode: code.icd9cm,
      snomedCode: code.snomed,
      displayIt: problem,
      displayEn: code.displayEn,
      clinicalStatus: 'active',
      onsetDate: isoDay(onset),
      // The practitioner's problem list as it stands today: the latest word on the problem (controlled now).
      recordedAt: now,
    },
    medication: {
      patientId,
      documentId: null,
      atcCode: metformin.atc,
      medicationText: metformin.medication,
      dosageText: metformin.dosage,
      status: 'active',
      startDate: isoDay(onset),
      endDate: null,
    },
  };
}
