import { SQL, sql } from 'drizzle-orm';

/** Where a date without a zone is read: the portal's users are in Italy, as the treatment history says. */
const LOCAL_ZONE = 'Europe/Rome';

/** A date column (no time) as the instant its day starts in Italy, so date searches compare instants. */
export const dayStart = (column: unknown): SQL => sql`((${column})::timestamp at time zone 'Europe/Rome')`;

/** The instant after a date column's day ends in Italy (a period's exclusive end); null stays null. */
export const dayAfter = (column: unknown): SQL =>
  sql`(((${column}) + 1)::timestamp at time zone 'Europe/Rome')`;

/** A day (`YYYY-MM-DD`) as an instant to order rows of several sources by. */
export const dayOf = (day: string): Date => new Date(`${day}T00:00:00Z`);

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

/** A search value's prefix (none is eq) and the range its precision implies. */
function searchRange(search: string): { prefix: Prefix; start: SQL; end: SQL } {
  const match = /^(eq|gt|lt|ge|le)?(.+)$/.exec(search) as RegExpExecArray;
  return { prefix: (match[1] ?? 'eq') as Prefix, ...rangeOf(match[2] as string) };
}

/**
 * One date search (FHIR search §3.1.1.4.5) on a timestamp column, the value read as the range its
 * precision implies: `eq2024-03` is within March, `ge2024` from its first instant, `le2024` to its last,
 * `gt`/`lt` beyond the range's end or before its start.
 */
export function dateCondition(column: SQL, search: string): SQL {
  const { prefix, start, end } = searchRange(search);
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

/** What a resource covers (CarePlan.period): its first instant and the instant after its last; null is open. */
export interface DatePeriod {
  start: SQL;
  end: SQL;
}

/**
 * One date search on a period, as §3.1.1.4.5 words it for ranges: `eq` the search's range contains the
 * whole period; `gt` the period reaches beyond the range, `lt` it begins before it; `ge` and `le` are `gt`
 * and `lt` or `eq`. A period without an end is ongoing.
 */
export function periodCondition(period: DatePeriod, search: string): SQL {
  const { prefix, start, end } = searchRange(search);
  const until = sql`coalesce(${period.end}, 'infinity'::timestamptz)`;
  const within = sql`(${period.start} >= ${start} and ${until} <= ${end})`;
  switch (prefix) {
    case 'eq':
      return within;
    case 'gt':
      return sql`${until} > ${end}`;
    case 'lt':
      return sql`${period.start} < ${start}`;
    case 'ge':
      return sql`(${until} > ${end} or ${within})`;
    case 'le':
      return sql`(${period.start} < ${start} or ${within})`;
  }
}

/** Every repetition must hold: `date=ge2020&date=le2021`. */
export const dateConditions = (target: SQL | DatePeriod, searches: string | string[] | undefined): SQL[] =>
  searches === undefined
    ? []
    : [searches]
        .flat()
        .map((search) =>
          target instanceof SQL ? dateCondition(target, search) : periodCondition(target, search),
        );
