import { and, eq, or } from 'drizzle-orm';
import type { DicomStatus, StudyStatus } from '../../../src/contract';
import type { Database } from '../../db/client';
import { studies, units } from '../../db/schema';
import { HttpError } from '../../http-error';

export type StudyRow = typeof studies.$inferSelect;

/** How long a study takes to come back from the long-term archive (a move). */
export const MOVE_DURATION_MS = 15_000;

/** The status a study has at `now`: a move finishes by itself after MOVE_DURATION_MS. */
export function settledStatus(study: Pick<StudyRow, 'status' | 'moveRequestedAt'>, now: Date): StudyStatus {
  const status = study.status as StudyStatus;
  if (status !== 'MOVING' || !study.moveRequestedAt) return status;
  return now.getTime() - study.moveRequestedAt.getTime() >= MOVE_DURATION_MS ? 'ONLINE' : 'MOVING';
}

/**
 * The study `id` (accession number or Study Instance UID) of this patient from this provenance unit;
 * a given `studyLocation` must match too. Null when there is none.
 */
export async function findStudy(
  db: Database,
  query: { id: string; patientId: number; docProvenance: string; studyLocation?: string | undefined },
): Promise<StudyRow | null> {
  const [row] = await db
    .select({ study: studies })
    .from(studies)
    .innerJoin(units, eq(units.id, studies.provenanceUnitId))
    .where(
      and(
        or(eq(studies.studyId, query.id), eq(studies.accessionNumber, query.id)),
        eq(studies.patientId, query.patientId),
        eq(units.code, query.docProvenance),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (query.studyLocation && row.study.studyLocation !== query.studyLocation) return null;
  return row.study;
}

/** The status at `now`, persisting a finished move so every reader agrees afterwards. */
export async function currentStatus(db: Database, study: StudyRow, now: Date): Promise<StudyStatus> {
  const status = settledStatus(study, now);
  if (status !== study.status) {
    // Conditional, so two readers settling the same move at once do no harm.
    await db
      .update(studies)
      .set({ status })
      .where(and(eq(studies.studyId, study.studyId), eq(studies.status, study.status)));
  }
  return status;
}

/**
 * Asks the archive to bring a study online: OFFLINE becomes MOVING; MOVING and ONLINE stay as they are;
 * a study in ERROR cannot be moved (409 STUDY_MOVE_FAILED).
 */
export async function requestMove(db: Database, study: StudyRow, now: Date): Promise<StudyStatus> {
  const status = await currentStatus(db, study, now);
  if (status === 'ERROR') throw new HttpError(409, 'STUDY_MOVE_FAILED');
  if (status !== 'OFFLINE') return status;
  await db
    .update(studies)
    .set({ status: 'MOVING', moveRequestedAt: now })
    .where(and(eq(studies.studyId, study.studyId), eq(studies.status, 'OFFLINE')));
  return 'MOVING';
}

/** Splits a document's accession field: several numbers are separated by `|`. */
export function accessionNumbersOf(field: string | null | undefined): string[] {
  return (field ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A document's DICOM status from its accession field: null without one, MULTIPLE for several,
 * NOTFOUND when no study has it, otherwise that study's status.
 */
export function dicomStatusOf(
  accessionField: string | null | undefined,
  statusByAccession: ReadonlyMap<string, StudyStatus>,
): DicomStatus | null {
  const numbers = accessionNumbersOf(accessionField);
  const [only] = numbers;
  if (only === undefined) return null;
  if (numbers.length > 1) return 'MULTIPLE';
  return statusByAccession.get(only) ?? 'NOTFOUND';
}
