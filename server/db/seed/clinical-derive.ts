import type { DocumentContent } from '../../services/pdf/content';
import type { conditions, immunizations, medicationStatements, observations } from '../schema';
import { diagnosisCodes, labCodes, ucumOf, unitlessUcum } from './clinical.data';
import { therapyCodes } from './clinical-medicines.data';
import { vaccines } from './clinical-registry.data';

/**
 * The structured record read off the demo documents' content, so that what a PDF prints and what the record
 * holds agree. Each row names its document: it is hidden wherever the document is.
 */
export interface SourceDocument {
  id: number;
  patientId: number;
  type: string;
  createdAt: Date;
  content: DocumentContent;
}

type ObservationRow = typeof observations.$inferInsert;
type ConditionRow = typeof conditions.$inferInsert;
type MedicationRow = typeof medicationStatements.$inferInsert;
type ImmunizationRow = typeof immunizations.$inferInsert;

const dayMs = 24 * 3600 * 1000;
/** A problem that is not chronic counts as resolved this long after the document that states it. */
const episodeDays = 90;
/** A chronic medicine counts as taken for a year after the letter that prescribes it. */
const chronicConfirmedDays = 365;

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** Today at midnight UTC, the `now` of the demo documents: a reseed on the same day gives the same record. */
export const seedDay = (): Date => new Date(Math.floor(Date.now() / dayMs) * dayMs);

/** "5,2" → 5.2; null for anything else (the reports print no thousands separator). */
export function parseItalianNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d+(,\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/** "0,80 - 1,20" → its bounds; a bound that does not parse is null. */
export function parseRange(text: string): { low: number | null; high: number | null } {
  const [low = '', high = ''] = text.split(' - ');
  return { low: parseItalianNumber(low), high: parseItalianNumber(high) };
}

const paragraphsUnder = (content: DocumentContent, heading: string): string[] =>
  content.sections.find((section) => section.heading === heading)?.paragraphs ?? [];

/** The lab rows of a report: [test, value, unit, range, flag] with a LOINC code and a value that parses. */
export function observationsOf(doc: SourceDocument): ObservationRow[] {
  if (doc.type !== 'LAB') return [];
  return doc.content.sections.flatMap((section) =>
    section.table?.columns[0] !== 'Esame'
      ? []
      : section.table.rows.flatMap(([name = '', valueText = '', unitDisplay = '', rangeText = '']) => {
          const code = labCodes[name];
          const value = parseItalianNumber(valueText);
          const unit = unitDisplay === '' ? unitlessUcum[name] : ucumOf[unitDisplay];
          if (!code || value === null || unit === undefined) return [];
          const range = parseRange(rangeText);
          return [
            {
              patientId: doc.patientId,
              documentId: doc.id,
              loincCode: code.loinc,
              displayIt: name,
              displayEn: code.displayEn,
              value,
              unit,
              unitDisplay,
              referenceLow: range.low,
              referenceHigh: range.high,
              effectiveAt: doc.createdAt,
            },
          ];
        }),
  );
}

/** What a letter diagnoses: a discharge's diagnosis and the history it states, a visit's conclusion. */
function diagnosesOf(doc: SourceDocument): string[] {
  if (doc.type === 'VIS') return paragraphsUnder(doc.content, 'Conclusioni');
  if (doc.type !== 'DIM') return [];
  const history = paragraphsUnder(doc.content, 'Anamnesi').some((text) =>
    text.includes('Ipertensione arteriosa'),
  );
  return [
    ...paragraphsUnder(doc.content, 'Diagnosi di dimissione'),
    ...(history ? ['Ipertensione arteriosa'] : []),
  ];
}

/**
 * A chronic problem once per patient, from the first document that states it (obscuring that one hides the
 * problem, never the other way round); an episode once per document, resolved after `episodeDays`.
 */
export function conditionsOf(docs: readonly SourceDocument[], now: Date): ConditionRow[] {
  const oldestFirst = [...docs].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const seen = new Set<string>();
  return oldestFirst.flatMap((doc) =>
    diagnosesOf(doc).flatMap((text) => {
      const code = diagnosisCodes[text];
      if (!code) return [];
      const key = `${doc.patientId}:${code.icd9cm}`;
      if (code.chronic && seen.has(key)) return [];
      seen.add(key);
      const ended = !code.chronic && now.getTime() - doc.createdAt.getTime() > episodeDays * dayMs;
      return [
        {
          patientId: doc.patientId,
          documentId: doc.id,
          icd9cmCode: code.icd9cm,
          snomedCode: code.snomed,
          displayIt: text,
          displayEn: code.displayEn,
          clinicalStatus: ended ? 'resolved' : 'active',
          onsetDate: isoDay(doc.createdAt),
          recordedAt: doc.createdAt,
        },
      ];
    }),
  );
}

/** A discharge's therapy table with its durations; a visit's advice, whose duration the medicine implies. */
function therapiesOf(doc: SourceDocument): { text: string; duration: string }[] {
  if (doc.type === 'DIM') {
    const table = doc.content.sections.find(
      (section) => section.heading === 'Terapia alla dimissione',
    )?.table;
    return (table?.rows ?? []).map(([text = '', duration = '']) => ({ text, duration }));
  }
  if (doc.type !== 'VIS') return [];
  return paragraphsUnder(doc.content, 'Terapia consigliata').map((text) => ({
    text,
    duration: therapyCodes[text]?.chronic ? 'cronica' : '30 giorni',
  }));
}

/**
 * One statement per medicine of a letter, from its date. A course of N days ends N days later (active until
 * then); a chronic one is active while the letter is under a year old, then completed with no known end.
 */
export function medicationsOf(doc: SourceDocument, now: Date): MedicationRow[] {
  return therapiesOf(doc).flatMap(({ text, duration }) => {
    const code = therapyCodes[text];
    const days = Number.parseInt(duration, 10);
    if (!code || (duration !== 'cronica' && Number.isNaN(days))) return [];
    const age = now.getTime() - doc.createdAt.getTime();
    const end = duration === 'cronica' ? null : new Date(doc.createdAt.getTime() + days * dayMs);
    const active = end === null ? age <= chronicConfirmedDays * dayMs : end.getTime() >= now.getTime();
    return [
      {
        patientId: doc.patientId,
        documentId: doc.id,
        atcCode: code.atc,
        medicationText: code.medication,
        dosageText: code.dosage,
        status: active ? 'active' : 'completed',
        startDate: isoDay(doc.createdAt),
        endDate: end === null ? null : isoDay(end),
      },
    ];
  });
}

/** The emergency room's tetanus prophylaxis for a wound is a vaccination on that day. */
export function immunizationsOf(doc: SourceDocument): ImmunizationRow[] {
  const given =
    doc.type === 'PS' &&
    paragraphsUnder(doc.content, 'Valutazione medica').some((text) =>
      text.includes('profilassi antitetanica'),
    );
  if (!given) return [];
  const { snomed, atc, displayIt, displayEn } = vaccines.td;
  return [
    {
      patientId: doc.patientId,
      documentId: doc.id,
      snomedCode: snomed,
      atcCode: atc,
      displayIt,
      displayEn,
      occurredOn: isoDay(doc.createdAt),
      lotNumber: null,
    },
  ];
}
