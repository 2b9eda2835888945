import { and, eq, sql } from 'drizzle-orm';
import type { ConsentAction, ConsentMedium, ConsentSigner } from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents } from '../../db/schema';
import { HttpError } from '../../http-error';
import { queuePatientNotification } from '../notify/outbox';
import { expiryOf, modelOfConsent } from './catalogue';
import { syncInProject } from './in-project';
import { type ConsentRow, currentConsents } from './records';
import { assertAction, statusOfAction } from './rules';

/**
 * Tells a project's members that the patient refused its invitation, inside the consent's transaction.
 * Given by the caller (the projects area owns the members), so consents does not import projects.
 */
export type InviteRefusalNotifier = (
  tx: Database,
  refusal: { projectId: number; patientId: number; now: Date },
) => Promise<void>;

export interface ConsentVersionInput {
  patientId: number;
  consentCode: string;
  projectId: number | null;
  action: ConsentAction;
  jsonData: Record<string, unknown>;
  signer: ConsentSigner;
  medium: ConsentMedium;
  signedDocumentId: number;
  collectedByUserId: number;
  now: Date;
}

/**
 * Records a signed (or scanned) consent as a new version: the current version is superseded and kept
 * for `consensusPreviousVersions`. The rules are checked again here, inside the transaction, so a
 * project consent given meanwhile still blocks the dossier revoke.
 */
export async function recordConsentVersion(
  tx: Database,
  input: ConsentVersionInput,
  onInviteRefused: InviteRefusalNotifier,
): Promise<ConsentRow> {
  const model = modelOfConsent(input.consentCode);
  if (!model) throw new HttpError(400, 'BAD_REQUEST', [{ field: 'consentCode', code: 'invalid' }]);
  // One signature at a time per patient: the row lock makes the revoke-order check race-free.
  await tx.execute(sql`select pg_advisory_xact_lock(${input.patientId})`);
  const rows = await currentConsents(tx, input.patientId);
  const current = assertAction(rows, model, input, input.now);
  if (current)
    await tx
      .update(consents)
      .set({ superseded: true, updatedAt: input.now })
      .where(eq(consents.id, current.id));
  const previous = (current?.details ?? {}) as { jsonData?: Record<string, unknown>; version?: number };
  const jsonData = input.action === 'give' ? input.jsonData : (previous.jsonData ?? {});
  const [row] = await tx
    .insert(consents)
    .values({
      patientId: input.patientId,
      consentCode: input.consentCode,
      projectId: input.projectId,
      statusCode: statusOfAction[input.action],
      signedDocumentId: input.signedDocumentId,
      electronicDocumentId: `EDR-${input.now.getUTCFullYear()}-${String(input.signedDocumentId).padStart(8, '0')}`,
      medium: input.medium,
      signerType: input.signer.type,
      details: { jsonData, signer: input.signer, version: (previous.version ?? (current ? 1 : 0)) + 1 },
      collectedByUserId: input.collectedByUserId,
      signedAt: input.now,
      revokedAt: input.action === 'revoke' ? input.now : null,
      expiresAt: input.action === 'give' ? expiryOf(model, input.now) : null,
      previousConsentId: current?.id ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('consent not stored');
  if (input.projectId !== null) await syncInProject(tx, input.patientId, input.now);
  if (input.projectId !== null && input.action === 'reject' && current?.statusCode === 'INVITE')
    await onInviteRefused(tx, {
      projectId: input.projectId,
      patientId: input.patientId,
      now: input.now,
    });
  return row;
}

/** Earlier versions of the consent whose signed document is this one (newest first). */
export async function previousVersions(db: Database, patientId: number, signedDocumentId: number) {
  const [start] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.patientId, patientId), eq(consents.signedDocumentId, signedDocumentId)))
    .limit(1);
  if (!start) throw new HttpError(404, 'NOT_FOUND');
  const chain: ConsentRow[] = [];
  let previousId = start.previousConsentId;
  while (previousId !== null) {
    const [row] = await db.select().from(consents).where(eq(consents.id, previousId)).limit(1);
    if (!row) break;
    chain.push(row);
    previousId = row.previousConsentId;
  }
  return { start, chain };
}

/**
 * Staff invite a patient to a consent (status INVITE). An invitation already pending is left as it
 * is (false: nothing new to tell the patient); a consent in force cannot be invited again (CONSENT_EDIT_ERROR).
 */
export async function recordInvitation(
  tx: Database,
  input: {
    patientId: number;
    consentCode: string;
    projectId: number | null;
    invitedByUserId: number;
    now: Date;
  },
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${input.patientId})`);
  const rows = await currentConsents(tx, input.patientId);
  const current = rows.find(
    (row) => row.consentCode === input.consentCode && row.projectId === input.projectId,
  );
  if (current?.statusCode === 'INVITE') return false;
  if (current && current.statusCode === 'GIVEN' && !(current.expiresAt && current.expiresAt <= input.now))
    throw new HttpError(409, 'CONSENT_EDIT_ERROR');
  if (current)
    await tx
      .update(consents)
      .set({ superseded: true, updatedAt: input.now })
      .where(eq(consents.id, current.id));
  const previous = (current?.details ?? {}) as { version?: number };
  await tx.insert(consents).values({
    patientId: input.patientId,
    consentCode: input.consentCode,
    projectId: input.projectId,
    statusCode: 'INVITE',
    details: { jsonData: {}, version: (previous.version ?? (current ? 1 : 0)) + 1 },
    collectedByUserId: input.invitedByUserId,
    previousConsentId: current?.id ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await queuePatientNotification(tx, {
    patientIds: [input.patientId],
    event: 'CONSENT_TO_SIGN',
    link: `/consents/${input.patientId}`,
    now: input.now,
  });
  return true;
}
