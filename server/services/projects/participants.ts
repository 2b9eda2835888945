import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consents, projects, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizeConsentAccess } from '../access/consents';
import { isModelClosed, modelOfConsent } from '../consents/catalogue';
import { syncInProject } from '../consents/in-project';
import { recordInvitation } from '../consents/record';
import { currentConsents } from '../consents/records';
import { publishLive } from '../live/publish';
import { queueNotification } from '../notify/outbox';
import { isProjectMember } from './read';

/**
 * Only the staff who run a project invite to it or remove from it, and only with perm.meview.project.info
 * (spec 6); anyone else hears 'Non disponi dei permessi o non sei membro del progetto'.
 */
export async function requireProjectMember(db: Database, user: UserRow, projectId: number) {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!project) throw new HttpError(404, 'NOT_FOUND');
  const allowed =
    (user.userType === 'PHY' || user.userType === 'OPT') &&
    (user.permissions as readonly string[]).includes('perm.meview.project.info') &&
    (await isProjectMember(db, user, projectId));
  if (!allowed) throw new HttpError(403, 'PROJECT_NOT_MEMBER');
  return project;
}

async function patientAccounts(db: Database, patientId: number): Promise<number[]> {
  const accounts = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.patientId, patientId), eq(users.userType, 'PAT')));
  return accounts.map((row) => row.id);
}

/** The patient's own account hears that their consents changed (the consents tab and its badge). */
export async function tellPatient(db: Database, patientId: number): Promise<void> {
  const userIds = await patientAccounts(db, patientId);
  if (userIds.length > 0) await publishLive(db, { topics: ['consents'], userIds });
}

/** A push or digest for the patient's own account (never a guest's: a project may be sensitive). */
async function notifyPatient(
  tx: Database,
  patientId: number,
  event: 'PROJECT_INVITED' | 'PROJECT_REMOVED',
  now: Date,
): Promise<void> {
  const userIds = await patientAccounts(tx, patientId);
  await queueNotification(tx, { userIds, event, link: `/consents/${patientId}`, now });
}

/** Invites the patient: a project consent in state INVITE, which the patient signs (joins) or refuses. */
export async function inviteToProject(db: Database, user: UserRow, patientId: number, projectId: number) {
  const project = await requireProjectMember(db, user, projectId);
  await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', `project ${project.code} invitation`);
  const model = modelOfConsent(project.consentCode);
  const now = new Date();
  if (!model || isModelClosed(model, now)) throw new HttpError(409, 'CONSENT_CLOSED');
  await db.transaction(async (tx) => {
    const invited = await recordInvitation(tx, {
      patientId,
      consentCode: project.consentCode,
      projectId,
      invitedByUserId: user.id,
      now,
    });
    if (invited) await notifyPatient(tx, patientId, 'PROJECT_INVITED', now);
  });
  await tellPatient(db, patientId);
}

/**
 * Removes the patient: participation ends and the project consent is revoked (a pending invitation is
 * withdrawn the same way). The revocation is a new version, as a signed one would be, naming who removed
 * (`collectedByUserId`) and marked as ended by the project (`endReason`), never as the patient's revocation.
 */
export async function removeFromProject(db: Database, user: UserRow, patientId: number, projectId: number) {
  const project = await requireProjectMember(db, user, projectId);
  await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', `project ${project.code} removal`);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${patientId})`);
    const current = (await currentConsents(tx, patientId)).find((row) => row.projectId === projectId);
    if (!current || !['GIVEN', 'INVITE'].includes(current.statusCode) || current.revokedAt !== null)
      throw new HttpError(409, 'CONSENT_EDIT_ERROR');
    await tx.update(consents).set({ superseded: true, updatedAt: now }).where(eq(consents.id, current.id));
    const previous = (current.details ?? {}) as { jsonData?: Record<string, unknown>; version?: number };
    await tx.insert(consents).values({
      patientId,
      consentCode: current.consentCode,
      projectId,
      statusCode: 'REVOKED',
      details: { jsonData: previous.jsonData ?? {}, version: (previous.version ?? 1) + 1 },
      // The project ended it, not the patient: who (the member), when (revokedAt), and that only a new
      // invitation reopens it (consents/rules: no give over it, for the patient nor staff).
      endReason: current.statusCode === 'GIVEN' ? 'PROJECT_REMOVED' : 'INVITATION_WITHDRAWN',
      collectedByUserId: user.id,
      revokedAt: now,
      previousConsentId: current.id,
      createdAt: now,
      updatedAt: now,
    });
    await syncInProject(tx, patientId, now);
    // Withdrawing an invitation is not news to the patient; ending a participation is.
    if (current.statusCode === 'GIVEN') await notifyPatient(tx, patientId, 'PROJECT_REMOVED', now);
  });
  await tellPatient(db, patientId);
}
