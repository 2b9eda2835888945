import { createHash } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import { phantomFor } from '../../services/studies/phantoms';
import { accessionNumbersOf } from '../../services/studies/study-status';
import { uidFor } from '../../services/studies/uid';
import type { Database } from '../client';
import { documents, studies, units } from '../schema';

interface Candidate {
  patientId: number;
  accessionNumber: string;
  provenanceUnitId: number;
  hospital: string;
  title: string;
  modality: string;
}

/** The modality of a radiology document: the one its content names, else guessed from the title. */
export function modalityOf(title: string, content: unknown): string {
  if (typeof content === 'object' && content !== null && 'modality' in content) {
    const { modality } = content as { modality: unknown };
    if (typeof modality === 'string' && modality !== '') return modality;
  }
  if (/\b(TC|CT)\b|tomografia/i.test(title)) return 'CT';
  if (/\b(RM|MR)\b|risonanza/i.test(title)) return 'MR';
  return 'CR';
}

function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

type Plan = 'ONLINE' | 'OFFLINE' | 'ERROR' | 'NONE';

/**
 * The showcase patient (the first with four studies, the demo's Mario Rossi) gets one of each:
 * ONLINE, OFFLINE, the one ERROR of the demo and an accession number without a study (NOTFOUND).
 * Everyone else: one in four OFFLINE, one in 25 without a study, the rest ONLINE.
 */
function planFor(candidate: Candidate, index: number, showcase: boolean, errorTaken: boolean): Plan {
  if (showcase && index < 4) {
    const plan = (['ONLINE', 'OFFLINE', 'ERROR', 'NONE'] as const)[index] ?? 'ONLINE';
    return plan === 'ERROR' && errorTaken ? 'ONLINE' : plan;
  }
  const hash = hashOf(`${candidate.patientId}|${candidate.accessionNumber}`);
  if (hash % 25 === 0) return 'NONE';
  return index % 4 === 1 ? 'OFFLINE' : 'ONLINE';
}

/**
 * A study for every accession number in `documents` (run after the documents seed), with mixed
 * statuses and some accession numbers deliberately left without one. Existing studies are kept, so
 * running it again only adds studies for new documents.
 */
export async function seedStudies(db: Database): Promise<{ studies: number }> {
  const rows = await db
    .select({
      patientId: documents.patientId,
      accessionNumber: documents.accessionNumber,
      provenanceUnitId: documents.provenanceUnitId,
      title: documents.title,
      content: documents.content,
      hospital: units.hospital,
    })
    .from(documents)
    .innerJoin(units, eq(units.id, documents.provenanceUnitId))
    .where(isNotNull(documents.accessionNumber));

  const byPatient = new Map<number, Map<string, Candidate>>();
  for (const row of rows) {
    const perPatient = byPatient.get(row.patientId) ?? new Map<string, Candidate>();
    byPatient.set(row.patientId, perPatient);
    for (const accessionNumber of accessionNumbersOf(row.accessionNumber)) {
      if (perPatient.has(accessionNumber)) continue;
      perPatient.set(accessionNumber, {
        ...row,
        accessionNumber,
        modality: modalityOf(row.title, row.content),
      });
    }
  }
  const patientIds = [...byPatient.keys()].sort((a, b) => a - b);
  const showcase = patientIds.find((id) => (byPatient.get(id)?.size ?? 0) >= 4);

  // A second run (new documents) must not add a second study in ERROR.
  const [existingError] = await db
    .select({ studyId: studies.studyId })
    .from(studies)
    .where(eq(studies.status, 'ERROR'))
    .limit(1);
  const values: (typeof studies.$inferInsert)[] = [];
  for (const patientId of patientIds) {
    const candidates = [...(byPatient.get(patientId)?.values() ?? [])].sort((a, b) =>
      a.accessionNumber.localeCompare(b.accessionNumber),
    );
    candidates.forEach((candidate, index) => {
      const plan = planFor(candidate, index, patientId === showcase, existingError !== undefined);
      if (plan === 'NONE') return;
      values.push({
        studyId: uidFor(`study/${candidate.patientId}/${candidate.accessionNumber}`),
        patientId: candidate.patientId,
        accessionNumber: candidate.accessionNumber,
        provenanceUnitId: candidate.provenanceUnitId,
        studyLocation: `PACS ${candidate.hospital}`,
        modality: candidate.modality,
        description: candidate.title,
        status: plan,
        sliceCount: phantomFor(candidate.modality).sliceCount,
      });
    });
  }
  let inserted = 0;
  // In chunks: a few thousand rows in one statement would pass the bound-parameter limit.
  for (let start = 0; start < values.length; start += 500) {
    const chunk = await db
      .insert(studies)
      .values(values.slice(start, start + 500))
      .onConflictDoNothing()
      .returning({ studyId: studies.studyId });
    inserted += chunk.length;
  }
  return { studies: inserted };
}
