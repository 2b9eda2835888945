import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import type { CeremonyKind } from '../../../src/contract';
import { noObscuring } from '../../../src/contract/documents';
import type { Database } from '../../db/client';
import { documents, pairPlans, type UserRow, units, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { queuePatientNotification } from '../notify/outbox';
import { patientHeader } from '../patients';
import type { CeremonyRow, SignedOutput } from '../signing/ceremony';
import { prepareCeremony } from '../signing/ceremony';
import { signedContent } from '../signing/dossier-content';
import { romeToday } from './coding';
import { renderPlanPdf } from './plan-pdf';
import { visiblePlan } from './plans';
import { storedExercises, storedThresholds } from './records';

export const PAIR_KIND = 'pair' satisfies CeremonyKind;
/** Spec 9: the dossier document type of a signed plan; migration 0021 creates it with its unit. */
export const PAIR_DOCUMENT_TYPE = '180.051';
const PAIR_UNIT_CODE = 'RIAB';
/** Lock key space shared with plans.ts: plan writes of one patient run one at a time. */
const PAIR_LOCK = 4_715;

const PairEffect = v.object({ pairId: v.number(), patientId: v.number(), pageCount: v.number() });

/**
 * `POST /pair/preparePairDocument/?patientId` {pairId}: renders the DRAFT as the plan document and opens a
 * 'pair' ceremony the physician signs with their own PIN and SMS code. A plan with no exercise, or one
 * that would be expired at once, has nothing to sign.
 */
export async function preparePairDocument(
  db: Database,
  user: UserRow,
  patientId: number,
  pairId: number,
  options: { applicationTitle: string; now?: Date },
): Promise<{ documentIds: number[] }> {
  if (user.userType !== 'PHY') throw new HttpError(403, 'ACCESS_DENIED');
  const row = await visiblePlan(db, user, pairId, 'PAIR_WRITE');
  if (row.patientId !== patientId) throw new HttpError(404, 'NOT_FOUND');
  if (row.status !== 'DRAFT') throw new HttpError(409, 'PAIR_NOT_EDITABLE');
  const now = options.now ?? new Date();
  const exercises = storedExercises(row);
  if (exercises.length === 0)
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'exercises', code: 'required' }]);
  if (row.stopDate < romeToday(now))
    throw new HttpError(400, 'BAD_REQUEST', [{ field: 'planningValidityStopDate', code: 'invalidPeriod' }]);
  const pdf = await renderPlanPdf({
    hospital: options.applicationTitle,
    patient: await patientHeader(db, patientId),
    physician: user.displayName,
    name: row.name,
    startDate: row.startDate,
    stopDate: row.stopDate,
    exercises,
    thresholds: storedThresholds(row),
    preparedAt: now,
  });
  const { documentIds } = await prepareCeremony(db, {
    user,
    patientId,
    kind: PAIR_KIND,
    effect: { pairId, patientId, pageCount: (await PDFDocument.load(pdf)).getPageCount() },
    documents: [{ title: `Piano riabilitativo - ${row.name}`, subject: PAIR_KIND, pdf }],
    now,
  });
  return { documentIds };
}

/**
 * The signed plan takes effect in the signing transaction: the patient's current ACTIVE plan becomes
 * REPLACED (EXPIRED if past its stop date), the signed PDF enters the dossier as type 180.051, and the
 * DRAFT becomes ACTIVE. Plan writes of the patient are serialised by a lock; the unique partial index
 * holds one ACTIVE plan per patient whatever happens.
 */
export async function applyPair(
  tx: Database,
  ceremony: CeremonyRow,
  signed: readonly SignedOutput[],
): Promise<void> {
  const effect = v.parse(PairEffect, ceremony.effect);
  const output = signed.find((each) => each.subject === PAIR_KIND);
  if (!output) throw new Error('no signed plan document');
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}, ${effect.patientId})`);
  const [plan] = await tx.select().from(pairPlans).where(eq(pairPlans.id, effect.pairId));
  // Deleted or signed in the meantime: the signature has nothing left to activate.
  if (plan?.status !== 'DRAFT' || plan.patientId !== effect.patientId)
    throw new HttpError(409, 'PAIR_NOT_EDITABLE');
  const now = new Date();
  const today = romeToday(now);
  const [previous] = await tx
    .update(pairPlans)
    .set({
      status: sql`case when ${pairPlans.stopDate} < ${today}::date then 'EXPIRED' else 'REPLACED' end`,
      updatedAt: now,
    })
    .where(and(eq(pairPlans.patientId, effect.patientId), eq(pairPlans.status, 'ACTIVE')))
    .returning({ id: pairPlans.id });
  const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.code, PAIR_UNIT_CODE));
  if (!unit) throw new Error('the RIAB unit of migration 0021 is missing');
  const [signer] = await tx
    .select({ name: users.displayName })
    .from(users)
    .where(eq(users.id, ceremony.userId));
  const [document] = await tx
    .insert(documents)
    .values({
      patientId: effect.patientId,
      documentTypeCode: PAIR_DOCUMENT_TYPE,
      provenanceUnitId: unit.id,
      locationCode: 'I',
      title: `Piano riabilitativo - ${plan.name}`,
      createdAt: now,
      obscuring: noObscuring,
      pageCount: effect.pageCount,
      authorName: signer?.name ?? '',
      authorUserId: ceremony.userId,
      content: signedContent(output.signedDocumentId),
    })
    .returning({ id: documents.id });
  if (!document) throw new Error('plan document not stored');
  await tx
    .update(pairPlans)
    .set({
      status: 'ACTIVE',
      activatedAt: now,
      updatedAt: now,
      documentId: document.id,
      replacesId: previous?.id ?? null,
    })
    .where(eq(pairPlans.id, plan.id));
  await queuePatientNotification(tx, {
    patientIds: [effect.patientId],
    event: 'DOCUMENT_NEW',
    link: '/dossier',
    now,
  });
}
