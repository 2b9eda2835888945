import { and, asc, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { DocumentContent } from '../../services/pdf/content';
import type { Database } from '../client';
import {
  allergies,
  conditions,
  documents,
  immunizations,
  medicationStatements,
  observations,
  patients,
} from '../schema';
import { insertAsJson } from './bulk-insert';
import {
  conditionsOf,
  immunizationsOf,
  medicationsOf,
  observationsOf,
  type SourceDocument,
  seedDay,
} from './clinical-derive';
import { registryOf, withAllergiesInHistory } from './clinical-registry';
import { allergySubstances } from './clinical-registry.data';
import { diabeticPatientId, diabeticRecord } from './diabetic';
import { rewriteDocuments } from './document-rewrites';
import { createRandom } from './random';

/** Rows of each table of the clinical record the seed wrote. */
export interface ClinicalCounts {
  observations: number;
  conditions: number;
  medicationStatements: number;
  allergies: number;
  immunizations: number;
}

/** Psychiatric counselling (PSI) is not the patient's to read, so nothing of it reaches the record. */
const sourceTypes = ['LAB', 'DIM', 'VIS', 'PS'];

/**
 * The structured clinical record of the demo patients (all of them, or `patientIds`), rebuilt from their
 * documents: lab results from the current lab reports, problems and medicines from discharge letters and
 * visits, tetanus shots from the emergency room; allergies and registry vaccinations drawn per patient with a
 * fixed seed. Run after the documents (and the diabetic patient's lab panel); deterministic for a day.
 */
export async function seedClinical(
  db: Database,
  options: { patientIds?: number[] } = {},
): Promise<ClinicalCounts> {
  const now = seedDay();
  return db.transaction(async (tx) => {
    const patientRows = await tx
      .select({ id: patients.mepiId, birthDate: patients.birthDate })
      .from(patients)
      .where(options.patientIds ? inArray(patients.mepiId, options.patientIds) : undefined)
      .orderBy(asc(patients.mepiId));
    const ids = patientRows.map((row) => row.id);
    const documentRows = await tx
      .select({
        id: documents.id,
        patientId: documents.patientId,
        type: documents.documentTypeCode,
        createdAt: documents.createdAt,
        superseded: documents.superseded,
        content: documents.content,
      })
      .from(documents)
      .where(and(inArray(documents.documentTypeCode, sourceTypes), inArray(documents.patientId, ids)))
      .orderBy(asc(documents.createdAt), asc(documents.id));
    const all = documentRows.flatMap((row) => {
      const parsed = v.safeParse(DocumentContent, row.content);
      return parsed.success ? [{ ...row, content: parsed.output }] : [];
    });
    const current: SourceDocument[] = all.filter((doc) => !doc.superseded);
    const medicines = current.flatMap((doc) => medicationsOf(doc, now));

    const random = createRandom(20261128);
    const registries = patientRows.map((patient) => {
      const letter = current.find((doc) => doc.patientId === patient.id && doc.type === 'DIM');
      const prescribed = new Set(
        medicines.filter((row) => row.patientId === patient.id).map((row) => row.atcCode),
      );
      return registryOf(
        random,
        {
          ...patient,
          prescribed,
          firstLetter: letter ? { id: letter.id, createdAt: letter.createdAt } : null,
        },
        now,
      );
    });
    const allergyRows = registries.flatMap((registry) => registry.allergies);
    // Every discharge letter of a patient with allergies names them in its history (all versions alike).
    const letters = all.flatMap((doc) => {
      const known = allergyRows.filter((row) => row.patientId === doc.patientId);
      if (doc.type !== 'DIM' || known.length === 0) return [];
      const substances = known.flatMap((row) => allergySubstances.filter((s) => s.snomed === row.snomedCode));
      return [{ id: doc.id, content: withAllergiesInHistory(doc.content, substances) }];
    });
    await rewriteDocuments(tx, letters);

    const diabetic = await diabeticPatientId(tx);
    const baseline = diabetic !== null && ids.includes(diabetic) ? diabeticRecord(diabetic, now) : null;
    const rows = {
      observations: current.flatMap(observationsOf),
      conditions: [...conditionsOf(current, now), ...(baseline ? [baseline.condition] : [])],
      medicationStatements: [...medicines, ...(baseline ? [baseline.medication] : [])],
      allergies: allergyRows,
      immunizations: [
        ...current.flatMap(immunizationsOf),
        ...registries.flatMap((registry) => registry.immunizations),
      ],
    };
    // A rebuild: the patients' earlier rows go first.
    for (const table of [observations, conditions, medicationStatements, allergies, immunizations]) {
      await tx.delete(table).where(inArray(table.patientId, ids));
    }
    await insertAsJson(tx, observations, rows.observations);
    await insertAsJson(tx, conditions, rows.conditions);
    await insertAsJson(tx, medicationStatements, rows.medicationStatements);
    await insertAsJson(tx, allergies, rows.allergies);
    await insertAsJson(tx, immunizations, rows.immunizations);
    return {
      observations: rows.observations.length,
      conditions: rows.conditions.length,
      medicationStatements: rows.medicationStatements.length,
      allergies: rows.allergies.length,
      immunizations: rows.immunizations.length,
    };
  });
}
