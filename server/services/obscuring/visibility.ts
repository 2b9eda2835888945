import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { noObscuring, type ObscuringInfo } from '../../../src/contract/documents';
import type { Database } from '../../db/client';
import { documents, type UserRow } from '../../db/schema';
import { guestVisibleCondition } from '../accounts/guest-grants';

/** The viewers a patient can hide a document from, in the order the portal shows them. */
export const obscuringFlags = [
  'general',
  'specialist',
  'operator',
  'mate',
  'parent',
  'son',
  'otherFamily',
  'other',
] as const satisfies readonly (keyof ObscuringInfo)[];

/** A stored `documents.obscuring` value with every flag present (older rows may lack some). */
export function obscuringOf(stored: unknown): ObscuringInfo {
  const value = (stored ?? {}) as Partial<Record<keyof ObscuringInfo, unknown>>;
  const result = { ...noObscuring };
  for (const flag of obscuringFlags) result[flag] = value[flag] === true;
  return result;
}

/**
 * Which obscuring flags hide a document from this caller. The patient sees everything; staff do not see
 * documents obscured in general, operators also not those obscured for operators, physicians not those
 * obscured for specialists. Guests are decided by their grant (visibleToCondition, isVisibleToGuest); here
 * any flag counts for them, the safe answer for a caller that checks flags alone.
 */
export function hidingFlags(user: Pick<UserRow, 'userType'>): (keyof ObscuringInfo)[] {
  switch (user.userType) {
    case 'PAT':
      return [];
    case 'PHY':
      return ['general', 'specialist'];
    case 'OPT':
      return ['general', 'operator'];
    case 'ADM':
      return ['general'];
    default:
      return [...obscuringFlags];
  }
}

type Viewer = Pick<UserRow, 'userType' | 'id' | 'patientId'>;

/** True when the document is hidden from this caller; never from the user who wrote it. */
export function isObscuredFor(
  user: Viewer,
  document: { obscuring: unknown; authorUserId: number | null },
): boolean {
  if (document.authorUserId !== null && document.authorUserId === user.id) return false;
  const obscuring = obscuringOf(document.obscuring);
  return hidingFlags(user).some((flag) => obscuring[flag]);
}

/**
 * SQL condition keeping only the documents this caller may see; null when nothing is hidden. The id may be
 * a placeholder (a statement prepared per kind of caller, the document list's). A guest
 * sees what their live grant allows: shared documents, or with the 'dossier' right the documents not
 * obscured for their relationship (guestVisibleCondition).
 */
export function visibleToCondition(
  user: Pick<UserRow, 'userType' | 'patientId'> & { id: number | SQLWrapper },
): SQL | null {
  if (user.userType === 'GUE') {
    // A guest's condition reads their grants: never part of a statement prepared for others.
    if (typeof user.id !== 'number') throw new Error('no prepared condition for guests');
    return guestVisibleCondition({ id: user.id, patientId: user.patientId });
  }
  const flags = hidingFlags(user);
  if (flags.length === 0) return null;
  const hidden = sql.join(
    flags.map((flag) => sql`coalesce((${documents.obscuring} ->> ${flag})::boolean, false)`),
    sql` or `,
  );
  // The author keeps their own documents (a null author matches nobody).
  return sql`(not (${hidden}) or ${documents.authorUserId} = ${user.id})`;
}

/**
 * A DICOM study belongs to the reports that name its accession number: when every such report is hidden
 * from this caller, so is the study (else its images would show what the patient obscured).
 */
export async function isStudyObscuredFor(
  db: Database,
  user: Viewer,
  patientId: number,
  accessionNumber: string,
): Promise<boolean> {
  const visible = visibleToCondition(user);
  if (!visible) return false;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      shown: sql<number>`(count(*) filter (where ${visible}))::int`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.patientId, patientId),
        eq(documents.superseded, false),
        sql`${accessionNumber} = any(string_to_array(${documents.accessionNumber}, '|'))`,
      ),
    );
  return (row?.total ?? 0) > 0 && row?.shown === 0;
}
