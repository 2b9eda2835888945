import { type SQL, sql } from 'drizzle-orm';
import { patients } from '../../db/schema';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The least string above every string that starts with `prefix`, in code-point order ("C"): the last
 * character plus one. Null when there is none (the last is U+10FFFF) or the text has a lone surrogate.
 */
export function prefixEnd(prefix: string): string | null {
  if (/\p{Cs}/u.test(prefix)) return null;
  const characters = [...prefix];
  const last = characters.pop()?.codePointAt(0);
  if (last === undefined) return null;
  let next = last + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // surrogates are no characters
  if (next > 0x10ffff) return null;
  return characters.join('') + String.fromCodePoint(next);
}

/**
 * `key` starts with `prefix`, as a range on `key` (an expression in collation "C", the key of an index).
 * A LIKE would give the index the same range but then test the pattern again on every row in it: the
 * bare range counts the 133,000 patients of `surname=r` a fifth faster.
 */
export function startsWith(key: SQL, prefix: string): SQL {
  const end = prefixEnd(prefix);
  return end === null
    ? sql`${key} like ${`${escapeLike(prefix)}%`}`
    : sql`(${key} >= ${prefix} and ${key} < ${end})`;
}

/** Case-insensitive prefix on the `lower(column) COLLATE "C"` keys of migration 0019. */
export function lowerPrefix(column: typeof patients.name | typeof patients.surname, text: string): SQL {
  return startsWith(sql`lower(${column}) collate "C"`, text.toLowerCase());
}

/**
 * A fiscal-code prefix (the contract upper-cases it, as it is stored). `ordered`: for the page, whose order
 * the one- to three-character prefixes take from the `left(fiscal_code, n)` indexes of migration 0028
 * (`left(code, n) = prefix` is the same test for a prefix of n characters). The count keeps the range,
 * counted from the narrower prefix index of migration 0019 without reading the table.
 */
export function fiscalCodePrefix(code: string, ordered: boolean): SQL {
  const length = [...code].length;
  if (ordered && length <= 3) return sql`left(${patients.fiscalCode}, ${sql.raw(String(length))}) = ${code}`;
  return startsWith(sql`${patients.fiscalCode} collate "C"`, code);
}

export type Status = 'alive' | 'deceased' | 'merged';

/** The position-status condition on a table with `alive` and `merged` (patients, patient_counts). */
export function statusCondition(statuses: Status[], alive: SQL, merged: SQL): SQL {
  if (statuses.length === 0) return sql`not ${merged}`;
  const byStatus: Record<Status, SQL> = {
    alive: sql`(${alive} and not ${merged})`,
    deceased: sql`(not ${alive} and not ${merged})`,
    merged: sql`${merged}`,
  };
  return sql`(${sql.join(
    statuses.map((status) => byStatus[status]),
    sql` or `,
  )})`;
}
