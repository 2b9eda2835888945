import { asc, inArray, sql } from 'drizzle-orm';
import { noObscuring } from '../../../src/contract/documents';
import type { DocumentContent } from '../../services/pdf/content';
import { pageCountOf } from '../../services/pdf/layout';
import type { Database } from '../client';
import { documents, documentTypes, patients, units } from '../schema';
import {
  authors,
  type DocumentTypeCode,
  documentTypeRows,
  typeSettings,
  type UnitCode,
  unitOrder,
} from './documents.data';
import { demoMaterial } from './documents-content';
import { createRandom, type Random } from './random';

export { documentTypeRows } from './documents.data';

type DocumentRow = typeof documents.$inferInsert;
type Status = 'ONLINE' | 'OFFLINE' | 'RESTORING' | 'ERROR' | 'NOT_READABLE';

const allTypes: DocumentTypeCode[] = ['LAB', 'RAD', 'DIM', 'VIS', 'PS', 'PSI'];
/** Lab results dominate a real dossier, counselling is rare. */
const typeWeights: [DocumentTypeCode, number][] = [
  ['LAB', 35],
  ['RAD', 20],
  ['VIS', 20],
  ['DIM', 10],
  ['PS', 12],
  ['PSI', 3],
];
const tenYearsMs = 10 * 365.25 * 24 * 3600 * 1000;
const dayMs = 24 * 3600 * 1000;

function weightedType(random: Random): DocumentTypeCode {
  let roll = random.int(1, 100);
  for (const [code, weight] of typeWeights) {
    roll -= weight;
    if (roll <= 0) return code;
  }
  return 'LAB';
}

/** Older documents are more often moved to the offline archive. */
function randomStatus(random: Random, ageMs: number): Status {
  const roll = random.next();
  const offline = ageMs > tenYearsMs / 2 ? 0.2 : 0.04;
  if (roll < offline) return 'OFFLINE';
  if (roll < offline + 0.02) return 'RESTORING';
  if (roll < offline + 0.05) return 'ERROR';
  if (roll < offline + 0.08) return 'NOT_READABLE';
  return 'ONLINE';
}

function accessionNumberOf(random: Random, createdAt: Date): string {
  const one = (): string => `${createdAt.getUTCFullYear()}${random.digits(7)}`;
  // Some reports cover two studies (e.g. chest X-ray and CT in one session).
  return random.chance(0.15) ? `${one()}|${one()}` : one();
}

interface Plan {
  type: DocumentTypeCode;
  status: Status;
  previousVersions: number;
}

/** The first documents of each dossier cover every type and availability state and one version chain. */
function planOf(random: Random, index: number, createdAt: Date, now: Date): Plan {
  const forcedStatuses: Status[] = ['ONLINE', 'OFFLINE', 'RESTORING', 'ERROR', 'NOT_READABLE'];
  if (index < allTypes.length) {
    return {
      type: allTypes[index] as DocumentTypeCode,
      status: forcedStatuses[index] ?? 'ONLINE',
      previousVersions: allTypes[index] === 'DIM' ? 2 : 0,
    };
  }
  const type = weightedType(random);
  const canBeReplaced = type === 'LAB' || type === 'RAD' || type === 'DIM';
  return {
    type,
    status: randomStatus(random, now.getTime() - createdAt.getTime()),
    previousVersions: canBeReplaced && random.chance(0.06) ? 1 : 0,
  };
}

export function withPageLimit(content: DocumentContent): { content: DocumentContent; pageCount: number } {
  let pageCount = pageCountOf(content);
  // Long stays would print more than 5 pages: the diary keeps its first days, as a summary letter does.
  while (pageCount > 5) {
    const longest = content.sections.reduce((best, section) =>
      (section.paragraphs?.length ?? 0) > (best.paragraphs?.length ?? 0) ? section : best,
    );
    if (!longest.paragraphs || longest.paragraphs.length <= 1) break;
    longest.paragraphs.pop();
    pageCount = pageCountOf(content);
  }
  return { content, pageCount };
}

/**
 * The documents of one patient, `count` rows in all, oldest version first in each chain: a row whose
 * `version` is above 1 replaces the row just before it (link them with `linkPreviousVersions` after the
 * insert). `unitIds` follow the unit order of people.data.ts.
 */
export function buildDocumentRows(
  random: Random,
  patientId: number,
  count: number,
  unitIds: number[],
  now: Date,
): DocumentRow[] {
  const rows: DocumentRow[] = [];
  for (let index = 0; rows.length < count; index += 1) {
    const ageMs = Math.floor(random.next() * tenYearsMs);
    const createdAt = new Date(Math.floor((now.getTime() - ageMs) / 60_000) * 60_000);
    const plan = planOf(random, index, createdAt, now);
    const settings = typeSettings[plan.type];
    const unit = random.pick(settings.units);
    const unitId = unitIds[unitOrder.indexOf(unit as UnitCode)];
    if (unitId === undefined) throw new Error(`no unit id for ${unit}`);
    const material = demoMaterial(random, plan.type, unit);
    const base = {
      patientId,
      documentTypeCode: plan.type,
      provenanceUnitId: unitId,
      locationCode: random.pick(settings.locations),
      title: material.title,
      accessionNumber: plan.type === 'RAD' ? accessionNumberOf(random, createdAt) : null,
      obscuring: noObscuring,
      authorName: random.pick(authors),
    };
    const versions = Math.min(plan.previousVersions + 1, count - rows.length);
    for (let version = 1; version <= versions; version += 1) {
      const isCurrent = version === versions;
      const { content, pageCount } = withPageLimit(material.contentFor(version));
      rows.push({
        ...base,
        // Each replacement follows the previous version by a few days.
        createdAt: new Date(createdAt.getTime() - (versions - version) * 3 * dayMs),
        status: isCurrent ? plan.status : 'ONLINE',
        version,
        superseded: !isCurrent,
        pageCount,
        content,
      });
    }
  }
  return rows;
}

/** Sets `previousVersionId` of rows inserted in the order `buildDocumentRows` gave them. */
export async function linkPreviousVersions(db: Database, rows: DocumentRow[], ids: number[]): Promise<void> {
  const links = rows.flatMap((row, index) => {
    const previous = ids[index - 1];
    const id = ids[index];
    return (row.version ?? 1) > 1 && previous !== undefined && id !== undefined
      ? [sql`(${id}::int, ${previous}::int)`]
      : [];
  });
  if (links.length === 0) return;
  await db.execute(
    sql`update documents set previous_version_id = v.prev from (values ${sql.join(links, sql`, `)}) as v(id, prev) where documents.id = v.id`,
  );
}

/**
 * The demo physician wrote the visit reports of the first demo patient: obscuring never hides a document
 * from its author, and the demo shows it. Nothing happens when the demo accounts are not there.
 */
async function attributeToDemoPhysician(db: Database): Promise<void> {
  await db.execute(
    sql`update documents set author_user_id = author.id, author_name = author.display_name from users author, users patient where author.username = 'dott.ferrari' and patient.username = 'mario.rossi' and documents.patient_id = patient.patient_id and documents.document_type_code = 'VIS'`,
  );
}

/** The demo documents: deterministic for a given seed and day, 20 to 80 per patient by default. */
export async function seedDocuments(
  db: Database,
  options: { perPatient?: [min: number, max: number]; patientIds?: number[]; seed?: number } = {},
): Promise<{ documents: number }> {
  const [min, max] = options.perPatient ?? [20, 80];
  const random = createRandom(options.seed ?? 20261123);
  await db.insert(documentTypes).values(documentTypeRows).onConflictDoNothing();
  const unitRows = await db
    .select({ id: units.id, code: units.code })
    .from(units)
    .where(inArray(units.code, [...unitOrder]));
  const unitIds = unitOrder.map((code) => unitRows.find((row) => row.code === code)?.id ?? -1);
  const patientIds =
    options.patientIds ??
    (await db.select({ id: patients.mepiId }).from(patients).orderBy(asc(patients.mepiId))).map(
      (row) => row.id,
    );
  // Whole days, so that a reseed on the same day gives the same documents.
  const now = new Date(Math.floor(Date.now() / dayMs) * dayMs);
  const rows = patientIds.flatMap((patientId) =>
    buildDocumentRows(random, patientId, random.int(min, max), unitIds, now),
  );
  // One transaction: PGlite commits are the costly part of thousands of rows.
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 500) {
      const inserted = await tx
        .insert(documents)
        .values(rows.slice(start, start + 500))
        .returning({ id: documents.id });
      ids.push(...inserted.map((row) => row.id));
    }
    await linkPreviousVersions(tx, rows, ids);
    await attributeToDemoPhysician(tx);
  });
  return { documents: rows.length };
}
