import type { Consent } from '@medplum/fhirtypes';
import { and, desc, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CeremonyKind } from '../../../../src/contract';
import { consents, projects, signatureCeremonies, signedDocuments, type UserRow } from '../../../db/schema';
import { allModels, modelOfConsent } from '../../consents/catalogue';
import { isConsentKind } from '../../signing/on-behalf';
import { isStaff } from '../../users';
import {
  consentDocumentReference,
  consentResource,
  consentStates,
  STORED_CONSENT_STATUSES,
} from '../consents';
import { restEntry, systems } from '../systems';
import { codeIn, fixedCode, type Source, totalOver, withLastUpdated } from './source';

/**
 * Consent.status in SQL, so a search by status and the resource agree: a superseded version, or a given
 * consent expired or revoked, is inactive; otherwise the stored status's (fhir/consents.ts).
 */
const consentState = sql<Consent['status']>`(case
  when ${consents.superseded} or (${consents.statusCode} = 'GIVEN'
    and (${consents.revokedAt} is not null or ${consents.expiresAt} <= now())) then 'inactive'
  ${sql.join(
    Object.entries(consentStates).map(
      ([code, state]) => sql`when ${consents.statusCode} = ${code} then ${state}::text`,
    ),
    sql` `,
  )}
  end)`;

/** When the patient acted: the signature, else the revocation, else the invitation. */
const actedAt = sql`coalesce(${consents.signedAt}, ${consents.revokedAt}, ${consents.createdAt})`;

/** The consents area's own rule: its list is for those holding `perm.meview.consent.read` (no guest does). */
const readsConsents = (user: UserRow): boolean =>
  (user.permissions as readonly string[]).includes('perm.meview.consent.read');

/**
 * Every version of the patient's consents (the current and those superseded, as the list and its
 * previous versions show them), for a caller who may read consents; a model the portal no longer has is
 * left out, as the list leaves it.
 */
export const consentSource: Source = {
  idPrefix: '',
  dates: { date: actedAt, _lastUpdated: sql`${consents.updatedAt}` },
  tokens: { status: (token) => codeIn(consentState, systems.consentState, token) },
  idIs: (id) => eq(consents.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: consents.patientId })
      .from(consents)
      .where(eq(consents.id, id))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    if (!readsConsents(context.user)) return { found: [], total: 0 };
    const rows = await context.db
      .select({ row: consents, project: { name: projects.name }, state: consentState, total: totalOver })
      .from(consents)
      .leftJoin(projects, eq(projects.id, consents.projectId))
      .where(
        and(
          eq(consents.patientId, context.patientId),
          inArray(consents.statusCode, [...STORED_CONSENT_STATUSES]),
          inArray(
            consents.consentCode,
            allModels().map((model) => model.consentCode),
          ),
          ...where,
        ),
      )
      .orderBy(desc(actedAt), desc(consents.id))
      .limit(limit);
    const found = rows.flatMap(({ row, project, state }) => {
      const model = modelOfConsent(row.consentCode);
      if (!model) return [];
      const source = { row, state, model, project: project?.name ? { name: project.name } : null };
      const resource = consentResource(source, restEntry('Consent', row.id), context.mapping);
      return [
        {
          resource: withLastUpdated(resource, row.updatedAt),
          sortAt: row.signedAt ?? row.revokedAt ?? row.createdAt,
        },
      ];
    });
    return { found, total: rows[0]?.total ?? 0 };
  },
};

/**
 * A column of `signed_documents` named with its table: a query of one table names its columns bare, and a
 * bare `id` inside a subquery would be the subquery's own.
 */
const ofSigned = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(signedDocuments))}.${sql.identifier(column.name)}`;

/** The signed PDFs (and paper scans) behind the patient's consents. */
const behindConsent = sql`exists (select 1 from ${consents}
  where ${consents.signedDocumentId} = ${ofSigned(signedDocuments.id)})`;
const current = sql<boolean>`exists (select 1 from ${consents}
  where ${consents.signedDocumentId} = ${ofSigned(signedDocuments.id)} and not ${consents.superseded})`;
const consentKinds = CeremonyKind.options.filter(isConsentKind);

/**
 * Who reads a signed consent, as `GET /signedDocuments/{id}` decides (signing/documents.ts): the patient;
 * staff a consent document (a paper scan or a consent ceremony's PDF); a guest none.
 */
function documentsShownTo(user: UserRow): SQL | null {
  if (user.userType === 'GUE') return null;
  if (!isStaff(user)) return sql`true`;
  return or(
    eq(signedDocuments.kind, 'paper-scan'),
    sql`exists (select 1 from ${signatureCeremonies}
      where ${signatureCeremonies.id} = ${ofSigned(signedDocuments.ceremonyId)}
      and ${inArray(signatureCeremonies.kind, consentKinds)})`,
  ) as SQL;
}

/** The consents' signed PDFs as DocumentReference `consent-<id>` (LOINC 59284-0), each PDF the Binary of that id. */
export const consentDocumentSource: Source = {
  idPrefix: 'consent-',
  dates: { date: sql`${signedDocuments.signedAt}`, _lastUpdated: sql`${signedDocuments.signedAt}` },
  tokens: { type: (token) => fixedCode(systems.loinc, '59284-0', token) },
  idIs: (id) => eq(signedDocuments.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: signedDocuments.patientId })
      .from(signedDocuments)
      .where(and(eq(signedDocuments.id, id), behindConsent))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const shown = documentsShownTo(context.user);
    if (!shown) return { found: [], total: 0 };
    const rows = await context.db
      .select({
        id: signedDocuments.id,
        title: signedDocuments.title,
        signedAt: signedDocuments.signedAt,
        current,
        total: totalOver,
      })
      .from(signedDocuments)
      .where(and(eq(signedDocuments.patientId, context.patientId), behindConsent, shown, ...where))
      .orderBy(desc(signedDocuments.signedAt), desc(signedDocuments.id))
      .limit(limit);
    const mapping = { ...context.mapping, base: context.base };
    const found = rows.map((row) => ({
      resource: withLastUpdated(consentDocumentReference(row, mapping), row.signedAt),
      sortAt: row.signedAt,
    }));
    return { found, total: rows[0]?.total ?? 0 };
  },
};
