import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documents, documentTypes, type UserRow } from '../../db/schema';
import { liveGrant } from '../accounts/guest-grants';
import { visibleToCondition } from '../obscuring/visibility';
import { isStaff } from '../users';

/**
 * Whether a row of the clinical record taken from a document (`document_id`) is shown to this caller: only
 * when the document itself would be. It is a current version (not superseded), readable (nobody opens a
 * NOT_READABLE document), not hidden by obscuring or outside a guest's grant (visibleToCondition, the
 * document list's rule), and, for the patient's side (the patient, their guests), of a type the patient may
 * view (documents/records.ts `isViewableBy`): the list names such a document but never opens it, and its
 * values are its content.
 */
function documentShown(user: UserRow, documentId: Column): SQL {
  const visible = visibleToCondition(user);
  return sql`exists (select 1 from ${documents}
    inner join ${documentTypes} on ${documentTypes.code} = ${documents.documentTypeCode}
    where ${documents.id} = ${documentId}
      and ${documents.superseded} = false
      and ${documents.status} <> 'NOT_READABLE'
      ${isStaff(user) ? sql`` : sql`and ${documentTypes.viewableByPatient}`}
      ${visible ? sql`and (${visible})` : sql``})`;
}

/**
 * Whether rows that come from no document (a vaccination from the registry, an allergy known to the
 * hospital) are shown: they follow the dossier's access alone, which the gate has decided. A guest reads
 * the dossier only with the 'dossier' right of their grant; a guest who was shared some documents sees the
 * rows of those documents and nothing else.
 */
export async function documentlessShown(db: Database, user: UserRow, patientId: number): Promise<boolean> {
  if (user.userType !== 'GUE') return true;
  const grant = await liveGrant(db, user, patientId);
  return grant?.rights.includes('dossier') ?? false;
}

/** The SQL condition on a clinical table's `document_id` column for this caller. */
export type RowCondition = (documentId: Column) => SQL;

/**
 * The condition every read of the clinical record applies, in SQL, so nothing hidden leaves the database:
 * what is hidden from the caller is absent, never marked.
 */
export async function clinicalRowsShown(
  db: Database,
  user: UserRow,
  patientId: number,
): Promise<RowCondition> {
  return rowsShownGiven(user, await documentlessShown(db, user, patientId));
}

/** clinicalRowsShown once `documentlessShown` is known (a caller that needs both asks for it once). */
export function rowsShownGiven(user: UserRow, withoutDocument: boolean): RowCondition {
  return (documentId) =>
    withoutDocument
      ? sql`(${documentId} is null or ${documentShown(user, documentId)})`
      : sql`(${documentId} is not null and ${documentShown(user, documentId)})`;
}
