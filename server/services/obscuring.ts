import { type SQL, sql } from 'drizzle-orm';
import type { ObscuringInfo } from '../../src/contract';
import type { UserRow } from '../app-env';
import { documents } from '../db/schema';

/**
 * Which obscuring flags hide a document from this caller. The patient sees everything; staff do not see
 * documents obscured in general, operators also not those obscured for operators, physicians not those
 * obscured for specialists. Guests' relationships (mate, parent, son…) come with the guests feature: until
 * then any flag hides the document from a guest.
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
      return ['general', 'mate', 'operator', 'other', 'otherFamily', 'parent', 'son', 'specialist'];
  }
}

export function isObscuredFor(user: Pick<UserRow, 'userType'>, obscuring: Partial<ObscuringInfo>): boolean {
  return hidingFlags(user).some((flag) => obscuring[flag] === true);
}

/** SQL condition keeping only the documents this caller may see; null when nothing is hidden. */
export function visibleToCondition(user: Pick<UserRow, 'userType'>): SQL | null {
  const flags = hidingFlags(user);
  if (flags.length === 0) return null;
  const hidden = sql.join(
    flags.map((flag) => sql`coalesce((${documents.obscuring} ->> ${flag})::boolean, false)`),
    sql` or `,
  );
  return sql`not (${hidden})`;
}
