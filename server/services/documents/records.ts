import { and, desc, eq, getTableColumns, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { Document, DocumentStatus, ObscuringInfo, PatientLocationCode } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, documentTypes, studies, type UserRow, units } from '../../db/schema';
import type { Language } from '../language';
import { patientLocations } from '../reference/reference.data';
import { isStaff } from '../users';

const typeColumns = {
  code: documentTypes.code,
  descIt: documentTypes.descIt,
  descEn: documentTypes.descEn,
  viewableByPatient: documentTypes.viewableByPatient,
};
const unitColumns = { id: units.id, code: units.code, name: units.name, hospital: units.hospital };
/** The row without `content` (the PDF's source, about a kilobyte of JSON): lists never need it. */
const { content: _content, ...summaryColumns } = getTableColumns(documents);

/** What a reply (toDocument) needs of a document row: all a page of the list reads. */
const replyColumns = {
  id: documents.id,
  patientId: documents.patientId,
  title: documents.title,
  accessionNumber: documents.accessionNumber,
  status: documents.status,
  obscuring: documents.obscuring,
  createdAt: documents.createdAt,
  locationCode: documents.locationCode,
  version: documents.version,
  pageCount: documents.pageCount,
};

/** A document as a reply needs it: a DocumentSummary has it all. */
export interface DocumentReplyRow {
  document: Pick<typeof documents.$inferSelect, keyof typeof replyColumns>;
  type: { code: string; descIt: string; descEn: string; viewableByPatient: boolean };
  unit: { code: string; name: string };
}

/** A document row, without its content, with what every reply needs of its type and unit. */
export interface DocumentSummary {
  document: Omit<typeof documents.$inferSelect, 'content'>;
  type: { code: string; descIt: string; descEn: string; viewableByPatient: boolean };
  unit: { id: number; code: string; name: string; hospital: string };
}

/** The whole document row, content included (PDF, single reads). */
export interface DocumentRecord extends DocumentSummary {
  document: typeof documents.$inferSelect;
}

/** Documents matching `where`, newest first, joined with their type and unit. */
export function queryRecords(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<DocumentRecord[]> {
  return db
    .select({ document: documents, type: typeColumns, unit: unitColumns })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .innerJoin(units, eq(units.id, documents.provenanceUnitId))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** As queryRecords, without the content: a page of the list (the order matches documents_patient_list_idx). */
export function querySummaries(
  db: Database,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<DocumentSummary[]> {
  return db
    .select({ document: summaryColumns, type: typeColumns, unit: unitColumns })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .innerJoin(units, eq(units.id, documents.provenanceUnitId))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** A list row: what the reply needs, the exact number of matching rows, and the statuses of its studies. */
export interface ListRow extends DocumentReplyRow {
  /** All rows matching `where`, not only this page's (an InitPlan: counted once per statement). */
  total: number;
  /** `|`-joined statuses of the studies behind the accession numbers; null when there are none. */
  studyStatuses: string | null;
}

/**
 * A page of the list in one statement: querySummaries, its total and the study lookup of dicomStatuses
 * (one index probe per accession number, studies_accession_idx). `maintained`: the total kept
 * by the database (document_counts), when it applies; COALESCE evaluates only what it needs, so a kept
 * total found means no count at all. Not run: the caller runs it or prepares it (limit and offset may be
 * placeholders). `withAudit`: the statement also writes the audit row and settles the patient's finished
 * restores (see auditedListParts).
 */
export function listPageQuery(
  db: Database,
  where: SQL,
  limit: number | Placeholder,
  offset: number | Placeholder,
  maintained: SQL | null,
  withAudit: AuditedListParts | null = null,
) {
  const counted = sql<number>`(select count(*)::int from ${documents} where ${where})`;
  const total = maintained ? sql<number>`coalesce(${maintained}, ${counted})` : counted;
  // One equality probe of studies_accession_idx per accession number: with `= any(array)` the planner
  // cannot tell the array's length and reads the whole table once it is small (0.15 ms per page).
  const statuses = sql<
    string | null
  >`case when coalesce(${documents.accessionNumber}, '') = '' then null else (
    select string_agg((select string_agg(${studies.status}::text, '|') from ${studies}
        where ${studies.accessionNumber} = wanted.accession and ${studies.patientId} = ${documents.patientId}), '|')
    from unnest(string_to_array(${documents.accessionNumber}, '|')) as wanted(accession)) end`;
  const fields = {
    // Only what the reply needs: a third fewer columns to send, decode and map than the whole summary.
    document: withAudit ? { ...replyColumns, status: withAudit.settledStatus } : replyColumns,
    type: typeColumns,
    unit: { code: units.code, name: units.name },
    total: total.mapWith(Number),
    studyStatuses: statuses,
  };
  return (withAudit ? db.with(...withAudit.ctes).select(fields) : db.select(fields))
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.code, documents.documentTypeCode))
    .innerJoin(units, eq(units.id, documents.provenanceUnitId))
    .where(where)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit)
    .offset(offset);
}

/** The audit row and the settling of restores as CTEs of the page, and the status the settling leaves. */
export interface AuditedListParts {
  ctes: WithSubquery[];
  /** As it is after the settling: the statement's own select sees the rows as they were before it. */
  settledStatus: SQL<string>;
}

export async function findRecord(db: Database, documentId: number): Promise<DocumentRecord | null> {
  const [record] = await queryRecords(db, eq(documents.id, documentId));
  return record ?? null;
}

/** The versions a document replaces, newest first (the oldest last). */
export async function previousVersionsOf(db: Database, record: DocumentRecord): Promise<DocumentRecord[]> {
  const versions: DocumentRecord[] = [];
  const seen = new Set<number>([record.document.id]);
  let previousId = record.document.previousVersionId;
  // Chains are short; the guard only protects against a corrupt cycle.
  while (previousId !== null && !seen.has(previousId) && versions.length < 100) {
    seen.add(previousId);
    const previous = await findRecord(db, previousId);
    if (!previous || previous.document.patientId !== record.document.patientId) break;
    versions.push(previous);
    previousId = previous.document.previousVersionId;
  }
  return versions;
}

/**
 * Whether the caller may open the document: nobody opens a NOT_READABLE one, and the patient side
 * (the patient, their guests) does not open types reserved to clinicians (spec 6).
 */
export function isViewableBy(
  user: Pick<UserRow, 'userType'>,
  record: {
    document: Pick<DocumentReplyRow['document'], 'status'>;
    type: Pick<DocumentReplyRow['type'], 'viewableByPatient'>;
  },
): boolean {
  if (record.document.status === 'NOT_READABLE') return false;
  return isStaff(user) || record.type.viewableByPatient;
}

type DicomInfo = Pick<Document, 'dicomStatus' | 'showDicom'>;

/** DICOM status of each document with an accession number, read from the studies behind it. */
export async function dicomStatuses(
  db: Database,
  records: DocumentSummary[],
): Promise<Map<number, DicomInfo>> {
  const result = new Map<number, DicomInfo>();
  const withImages = records.filter((record) => record.document.accessionNumber);
  if (withImages.length === 0) return result;
  const numbersOf = (record: DocumentSummary): string[] =>
    (record.document.accessionNumber ?? '').split('|').filter(Boolean);
  const patientIds = [...new Set(withImages.map((record) => record.document.patientId))];
  const rows = await db
    .select({
      accessionNumber: studies.accessionNumber,
      patientId: studies.patientId,
      status: studies.status,
    })
    .from(studies)
    .where(
      and(
        inArray(studies.patientId, patientIds),
        inArray(studies.accessionNumber, withImages.flatMap(numbersOf)),
      ),
    );
  for (const record of withImages) {
    const numbers = numbersOf(record);
    const found = rows.filter(
      (row) => row.patientId === record.document.patientId && numbers.includes(row.accessionNumber),
    );
    result.set(
      record.document.id,
      dicomOf(
        numbers,
        found.map((row) => row.status),
      ),
    );
  }
  return result;
}

/** The rule for a document's images, from its accession numbers and the statuses of the studies found. */
function dicomOf(numbers: string[], statuses: string[]): DicomInfo {
  const [only] = statuses;
  if (!only) return { dicomStatus: 'NOTFOUND', showDicom: false };
  if (numbers.length > 1 || statuses.length > 1) return { dicomStatus: 'MULTIPLE', showDicom: true };
  return { dicomStatus: only as DicomInfo['dicomStatus'], showDicom: true };
}

/** toDocument for a list row: its images come with the row, no lookup. */
export function listRowToDocument(
  row: ListRow,
  user: Pick<UserRow, 'userType'>,
  language: Language,
): Document {
  const accession = row.document.accessionNumber;
  const dicom = accession
    ? dicomOf(accession.split('|').filter(Boolean), row.studyStatuses?.split('|') ?? [])
    : undefined;
  return toDocument(row, user, language, dicom);
}

/** The contract's Document, in the caller's language and with what the caller may open. */
export function toDocument(
  record: DocumentReplyRow,
  user: Pick<UserRow, 'userType'>,
  language: Language,
  dicom: DicomInfo | undefined,
): Document {
  const { document } = record;
  const location = patientLocations.find((item) => item.code === document.locationCode);
  return {
    id: document.id,
    patientId: document.patientId,
    title: document.title,
    accessionNumber: document.accessionNumber,
    documentType: {
      code: record.type.code,
      desc: language === 'en' ? record.type.descEn : record.type.descIt,
    },
    documentProvenanceUnit: { code: record.unit.code, desc: record.unit.name },
    status: document.status as DocumentStatus,
    viewable: isViewableBy(user, record),
    obscuringInfo: document.obscuring as ObscuringInfo,
    docCreationDateTime: document.createdAt.toISOString(),
    patientCurrentLocation: {
      code: document.locationCode as PatientLocationCode,
      desc: location?.desc[language] ?? document.locationCode,
    },
    dicomStatus: dicom?.dicomStatus ?? null,
    showDicom: dicom?.showDicom ?? false,
    version: document.version,
    pageCount: document.pageCount,
  };
}

/** Maps a page of records, looking up their DICOM statuses in one query. */
export async function toDocuments(
  db: Database,
  records: DocumentSummary[],
  user: Pick<UserRow, 'userType'>,
  language: Language,
): Promise<Document[]> {
  const dicom = await dicomStatuses(db, records);
  return records.map((record) => toDocument(record, user, language, dicom.get(record.document.id)));
}
