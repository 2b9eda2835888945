import { and, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, type UserRow } from '../../db/schema';
import { fileNameOf } from '../documents/files';
import { readableDocuments } from '../documents/readable';
import {
  type DocumentRecord,
  type DocumentSummary,
  queryRecords,
  querySummaries,
} from '../documents/records';
import type { Language, Localized } from '../language';

/** Statuses whose PDF is not at hand: kept offline (or being restored), or broken at the source. */
const NOT_AT_HAND = ['OFFLINE', 'RESTORING', 'ERROR'] as const;

/** The archive's folders and files, in the requester's language. */
export const archiveNames: Record<Language, { documents: string; summary: string; record: string }> = {
  it: { documents: 'documenti', summary: 'sintesi-sanitaria', record: 'fascicolo-fhir.json' },
  en: { documents: 'documents', summary: 'patient-summary', record: 'record-fhir.json' },
};

export const archiveFileName: Localized = { it: 'fascicolo', en: 'health-record' };

const atHand = (user: UserRow, patientId: number): SQL =>
  and(readableDocuments(user, patientId), notInArray(documents.status, [...NOT_AT_HAND])) as SQL;
const offline = (user: UserRow, patientId: number): SQL =>
  and(readableDocuments(user, patientId), inArray(documents.status, [...NOT_AT_HAND])) as SQL;

export async function countDocuments(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<{ total: number; offline: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${notInArray(documents.status, [...NOT_AT_HAND])})::int`,
      offline: sql<number>`count(*) filter (where ${inArray(documents.status, [...NOT_AT_HAND])})::int`,
    })
    .from(documents)
    .where(readableDocuments(user, patientId));
  return { total: row?.total ?? 0, offline: row?.offline ?? 0 };
}

/** After this row in the lists' order (newest first, then the higher id). */
const after = (last: { createdAt: Date; id: number } | null): SQL | undefined =>
  last
    ? sql`(${documents.createdAt}, ${documents.id}) < (${last.createdAt.toISOString()}::timestamptz, ${last.id})`
    : undefined;

/**
 * Pages of `batch` rows, newest first, by keyset (never an offset: the 10,000th document costs what the
 * first does); only one page is held at a time.
 */
async function* pages<Row extends DocumentSummary>(
  read: (where: SQL) => Promise<Row[]>,
  where: SQL,
): AsyncGenerator<Row> {
  let last: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const rows = await read(and(where, after(last)) as SQL);
    yield* rows;
    const tail = rows.at(-1);
    if (!tail) return;
    last = { createdAt: tail.document.createdAt, id: tail.document.id };
  }
}

/** The documents whose PDF goes into the archive, content included (the PDF is drawn from it). */
export const documentsAtHand = (
  db: Database,
  user: UserRow,
  patientId: number,
  batch = 50,
): AsyncGenerator<DocumentRecord> =>
  pages((where) => queryRecords(db, where, { limit: batch, offset: 0 }), atHand(user, patientId));

/** The same documents without their content: what the index and the Bundle describe. */
export const summariesAtHand = (
  db: Database,
  user: UserRow,
  patientId: number,
): AsyncGenerator<DocumentSummary> =>
  pages((where) => querySummaries(db, where, { limit: 500, offset: 0 }), atHand(user, patientId));

/** The documents the requester may see whose PDF is not in the archive (to be restored first). */
export const summariesOffline = (
  db: Database,
  user: UserRow,
  patientId: number,
): AsyncGenerator<DocumentSummary> =>
  pages((where) => querySummaries(db, where, { limit: 500, offset: 0 }), offline(user, patientId));

/** `documenti/2024/2024-03-15-lettera-di-dimissione-123.pdf`: a folder per year, the day first in the name. */
export function documentPath(record: DocumentSummary, language: Language): string {
  const year = record.document.createdAt.toISOString().slice(0, 4);
  return `${archiveNames[language].documents}/${year}/${fileNameOf(record)}`;
}
