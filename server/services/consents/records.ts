import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  Consent,
  ConsentJsonData,
  ConsentListQuery,
  ConsentMedium,
  ConsentNotification,
  ConsentProjectAction,
  ConsentStatus,
  Permission,
  SignerType,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import { consents, projects, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import {
  allModels,
  type ConsentModel,
  consentTitle,
  isDossierConsent,
  isModelClosed,
  type Language,
  modelOfConsent,
} from './catalogue';
import { projectActionsOf } from './project-action';

export type ConsentRow = typeof consents.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

/** The current (not superseded) version of each consent of the patient, oldest first. */
export function currentConsents(db: Database, patientId: number): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(and(eq(consents.patientId, patientId), eq(consents.superseded, false)))
    .orderBy(asc(consents.id));
}

export function isExpired(row: Pick<ConsentRow, 'statusCode' | 'expiresAt'>, now: Date): boolean {
  return row.statusCode === 'GIVEN' && row.expiresAt !== null && row.expiresAt <= now;
}

/** Given and still valid: what grants access (dossier) or participation (project). */
export function isInForce(row: Pick<ConsentRow, 'statusCode' | 'expiresAt' | 'revokedAt'>, now: Date) {
  return row.statusCode === 'GIVEN' && row.revokedAt === null && !isExpired(row, now);
}

/** A consent is identified by its code and, for project consents, its project. */
export function sameConsent(row: ConsentRow, consentCode: string, projectId: number | null): boolean {
  return row.consentCode === consentCode && (row.projectId ?? null) === projectId;
}

/** Project consents still GIVEN: the dossier consent can be revoked only once these are revoked. */
export function givenProjectConsents(rows: readonly ConsentRow[]): ConsentRow[] {
  return rows.filter((row) => row.projectId !== null && row.statusCode === 'GIVEN' && row.revokedAt === null);
}

function has(user: UserRow, permission: Permission): boolean {
  return (user.permissions as readonly string[]).includes(permission);
}

/** Whether this user may collect this consent at all (permissions; patients only their collectable ones). */
export function mayCollect(user: UserRow, model: ConsentModel): boolean {
  if (!has(user, 'perm.meview.consent.write')) return false;
  if (user.userType === 'PAT')
    return has(user, 'perm.meview.consent.patient.autonomy') && model.patientCollectable;
  return user.userType === 'PHY' || user.userType === 'OPT';
}

export function consentIdOf(row: {
  documentId: number | null;
  projectId: number | null;
  electronicDocumentId: string | null;
}): string {
  return `${row.documentId ?? ''}-${row.projectId ?? ''}-${row.electronicDocumentId ?? ''}`;
}

interface ListContext {
  user: UserRow;
  rows: readonly ConsentRow[];
  projectsById: ReadonlyMap<number, ProjectRow>;
  projectActions: ReadonlyMap<number, ConsentProjectAction>;
  language: Language;
  now: Date;
}

function toConsent(row: ConsentRow | null, model: ConsentModel, context: ListContext): Consent {
  const { user, now, language } = context;
  const status = (row?.statusCode ?? 'NONE') as ConsentStatus;
  const expired = row ? isExpired(row, now) : false;
  const closed = isModelClosed(model, now);
  const writable = mayCollect(user, model) && !closed;
  const project = row?.projectId ? context.projectsById.get(row.projectId) : undefined;
  const projectsFirst = isDossierConsent(model.consentCode) && givenProjectConsents(context.rows).length > 0;
  const documentId = row?.signedDocumentId ?? null;
  const projectId = row?.projectId ?? null;
  const electronicDocumentId = row?.electronicDocumentId ?? null;
  return {
    id: row
      ? String(row.id)
      : `${consentIdOf({ documentId, projectId, electronicDocumentId })}:${model.consentCode}`,
    consentId: row?.id ?? null,
    documentId,
    projectId,
    electronicDocumentId,
    consentCode: model.consentCode,
    category: model.category,
    desc: consentTitle(model, project, language),
    modelCode: model.modelCode,
    statusCode: status,
    expired,
    signedAt: row?.signedAt?.toISOString() ?? null,
    revokedAt: row?.revokedAt?.toISOString() ?? null,
    expiresAt: row?.expiresAt?.toISOString() ?? null,
    medium: (row?.medium ?? null) as ConsentMedium | null,
    signerType: (row?.signerType ?? null) as SignerType | null,
    // A consent the project ended reopens only with a new invitation (rules.ts says the same to a give).
    canGive:
      writable && !row?.endReason && (['NONE', 'INVITE', 'REVOKED', 'REJECTED'].includes(status) || expired),
    canRevoke: writable && status === 'GIVEN' && !projectsFirst,
    canReject: writable && status === 'INVITE',
    canModify: !closed,
    patientCollectable: model.patientCollectable,
    project: project ? { id: project.id, code: project.code, name: project.name } : null,
    projectAction: row ? (context.projectActions.get(row.id) ?? null) : null,
    version: row ? versionOf(row) : 0,
    details: (row?.details ?? {}) as Record<string, unknown>,
  };
}

function versionOf(row: ConsentRow): number {
  const version = (row.details as { version?: unknown }).version;
  return typeof version === 'number' ? version : 1;
}

export async function projectMap(db: Database, ids: readonly number[]): Promise<Map<number, ProjectRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The patient's consents as the caller sees them: every current version, plus the dossier-category
 * consents never asked (status NONE) so they can be given.
 */
export async function listConsents(
  db: Database,
  user: UserRow,
  patientId: number,
  language: Language,
  now: Date,
): Promise<Consent[]> {
  const rows = await currentConsents(db, patientId);
  const projectsById = await projectMap(
    db,
    rows.flatMap((row) => (row.projectId ? [row.projectId] : [])),
  );
  const projectActions = await projectActionsOf(db, rows);
  const context: ListContext = { user, rows, projectsById, projectActions, language, now };
  const listed: Consent[] = [];
  for (const row of rows) {
    const model = modelOfConsent(row.consentCode);
    if (model) listed.push(toConsent(row, model, context));
  }
  for (const model of allModels()) {
    if (model.category !== 'DOSSIER' || rows.some((row) => row.consentCode === model.consentCode)) continue;
    listed.push(toConsent(null, model, context));
  }
  return listed;
}

function asArray<T>(value: T | T[] | undefined): T[] | undefined {
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
}

export function filterConsents(list: readonly Consent[], query: ConsentListQuery): Consent[] {
  const statuses = asArray(query.statusCode);
  const codes = asArray(query.consentCode);
  const categories = asArray(query.category);
  return list.filter(
    (consent) =>
      (!statuses || statuses.includes(consent.statusCode)) &&
      (!codes || codes.includes(consent.consentCode)) &&
      (!categories || categories.includes(consent.category)) &&
      (query.projectId === undefined || consent.projectId === query.projectId) &&
      (query.expired === undefined || consent.expired === (query.expired === 'true')),
  );
}

/**
 * Spec section 4: green when nothing is pending, grey when everything is pending, yellow otherwise.
 * Pending = an invitation to answer or an expired consent to renew.
 */
export function notificationOf(list: readonly Consent[]): ConsentNotification {
  const asked = list.filter((consent) => consent.consentId !== null);
  const pending = asked.filter((consent) => consent.statusCode === 'INVITE' || consent.expired).length;
  const colour = pending === 0 ? 'green' : pending === asked.length ? 'grey' : 'yellow';
  return { count: pending, colour };
}

/** The answers recorded with one consent, its patient's access checked and audited first. */
export async function consentAnswers(
  db: Database,
  user: UserRow,
  consentId: number,
): Promise<ConsentJsonData> {
  const [row] = await db.select().from(consents).where(eq(consents.id, consentId));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  await authorizePatientAccess(db, user, row.patientId, 'CONSENT_READ', {
    detail: `consent ${row.id} answers`,
  });
  const model = modelOfConsent(row.consentCode);
  if (!model) throw new HttpError(404, 'MODEL_SCHEMA_ERROR');
  const details = row.details as { jsonData?: Record<string, unknown> };
  return {
    consentId: row.id,
    consentCode: row.consentCode,
    modelCode: model.modelCode,
    jsonData: details.jsonData ?? {},
  };
}
