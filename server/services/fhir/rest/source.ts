import type { Resource } from '@medplum/fhirtypes';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { UserRow } from '../../../db/schema';
import type { RowCondition } from '../../clinical/visibility';
import type { Language } from '../../language';
import type { MappingContext } from '../systems';
import type { DatePeriod } from './dates';

/** What a search or a read of one patient's resources knows besides the query. */
export interface SourceContext {
  db: Database;
  user: UserRow;
  patientId: number;
  language: Language;
  /** The endpoint's absolute base (`https://…/fhir`): attachments and links are absolute. */
  base: string;
  mapping: MappingContext;
  /** What of the record this caller may see (clinical/visibility.ts), for tables taken from documents. */
  shown: RowCondition;
  /** Whether rows from no document are shown (clinical/visibility.ts documentlessShown): the readings. */
  documentless: boolean;
}

/** One row found, mapped; `sortAt` orders rows of several sources in one page (newest first). */
export interface Found {
  resource: Resource;
  sortAt: Date;
}

/** A token of a search (`system|code`): no system given is `undefined`, an empty one (`|code`) is `null`. */
export interface Token {
  system: string | null | undefined;
  code: string | undefined;
}

/**
 * One table's rows as resources of a type. A type may come from several sources (Observation: the
 * hospital's results and the patient's readings), each with its id prefix so ids never collide. Each
 * search parameter it supports maps to an SQL condition; an unsupported one is ignored, as FHIR's lenient
 * handling says, and left out of the self link.
 */
export interface Source {
  idPrefix: string;
  /**
   * Only the patient themself reads these (their treatment history): anyone else is refused the whole
   * type (403, audited), whatever the id, so the refusal tells nothing of one.
   */
  selfOnly?: boolean;
  /**
   * Date parameters (`date`, `onset-date`, `_lastUpdated` …) and the timestamp each one searches, or the
   * period (a CarePlan's `date` is the period it covers).
   */
  dates: Record<string, SQL | DatePeriod>;
  /** Token parameters (`code`, `category` …): the condition one token puts on the rows, false if none. */
  tokens: Record<string, (token: Token) => SQL | false>;
  /** The condition that picks one row by its numeric id (a read is a search by id). */
  idIs(id: number): SQL;
  /** Whose row this is, before any access is decided (a read learns the patient from the row). */
  ownerOf(db: Database, id: number): Promise<number | null>;
  /** The rows matching `where` (the patient's, visible, filtered), newest first, with their total. */
  search(context: SourceContext, where: SQL[], limit: number): Promise<{ found: Found[]; total: number }>;
}

/** The codes of one token that a column of this system holds: `system|code`, `|code` never matches. */
export function codeIn(column: SQL, system: string, token: Token): SQL | false {
  if (token.system === null) return false;
  if (token.system !== undefined && token.system !== system) return false;
  return token.code === undefined ? sql`true` : sql`${column} = ${token.code}`;
}

/** A fixed category of a whole source: the token matches all of its rows or none. */
export function fixedCode(system: string, code: string, token: Token): SQL | false {
  if (token.system === null || (token.system !== undefined && token.system !== system)) return false;
  return token.code === undefined || token.code === code ? sql`true` : false;
}

/** Any of several conditions of one token (a category that is a plan's kind or its type): false if none applies. */
export function anyOf(...conditions: (SQL | false)[]): SQL | false {
  const applying = conditions.filter((condition): condition is SQL => condition !== false);
  return applying.length === 0 ? false : sql`(${sql.join(applying, sql` or `)})`;
}

/** `total` of a window count: every page tells the whole search's size. */
export const totalOver = sql<number>`(count(*) over ())::int`;

/**
 * A row found, its resource built only when read: a source reads up to the page's end plus one, and a type
 * of two sources keeps about half of what they read, so only the page's rows are mapped.
 */
export function foundLazily(sortAt: Date, build: () => Resource): Found {
  let built: Resource | undefined;
  return {
    sortAt,
    get resource() {
      built ??= build();
      return built;
    },
  };
}

/** A mapped resource with the instant it was last recorded (`meta.lastUpdated`). */
export function withLastUpdated<T extends Resource>(resource: T, updated: Date): T {
  return { ...resource, meta: { ...resource.meta, lastUpdated: updated.toISOString() } };
}
