import { type SQL, sql } from 'drizzle-orm';

/** Where a date without a zone is read: the portal's users are in Italy, as the treatment history says. */
const LOCAL_ZONE = 'Europe/Rome';

type Prefix = 'eq' | 'gt' | 'lt' | 'ge' | 'le';

/** The instant a partial date starts at, and the one its precision ends at (`2024` → 2024 to 2025). */
function rangeOf(value: string): { start: SQL; end: SQL } {
  if (value.includes('T')) {
    // A time comes with a zone (the contract requires it); second precision: the range is that second.
    const start = sql`${value}::timestamptz`;
    return { start, end: sql`(${start} + interval '1 second')` };
  }
  const [year, month, day] = value.split('-');
  const first = `${year}-${month ?? '01'}-${day ?? '01'}`;
  const step = day ? '1 day' : month ? '1 month' : '1 year';
  const start = sql`(${first}::date)::timestamp`;
  return {
    start: sql`(${start} at time zone ${LOCAL_ZONE})`,
    end: sql`((${start} + ${step}::interval) at time zone ${LOCAL_ZONE})`,
  };
}

/**
 * One date search (FHIR search §3.1.1.4.5) on a timestamp column, the value read as the range its
 * precision implies: `eq2024-03` is within March, `ge2024` from its first instant, `le2024` to its last,
 * `gt`/`lt` beyond the range's end or before its start.
 */
export function dateCondition(column: SQL, search: string): SQL {
  const match = /^(eq|gt|lt|ge|le)?(.+)$/.exec(search) as RegExpExecArray;
  const prefix = (match[1] ?? 'eq') as Prefix;
  const { start, end } = rangeOf(match[2] as string);
  switch (prefix) {
    case 'eq':
      return sql`(${column} >= ${start} and ${column} < ${end})`;
    case 'ge':
      return sql`${column} >= ${start}`;
    case 'gt':
      return sql`${column} >= ${end}`;
    case 'le':
      return sql`${column} < ${end}`;
    case 'lt':
      return sql`${column} < ${start}`;
  }
}

/** Every repetition must hold: `date=ge2020&date=le2021`. */
export const dateConditions = (column: SQL, searches: string | string[] | undefined): SQL[] =>
  searches === undefined ? [] : [searches].flat().map((search) => dateCondition(column, search));
