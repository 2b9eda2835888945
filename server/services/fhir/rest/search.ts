import type { Bundle, Resource } from '@medplum/fhirtypes';
import { or, type SQL } from 'drizzle-orm';
import {
  FHIR_DATE_PARAMETERS,
  FHIR_PAGE_DEFAULT,
  FHIR_TOKEN_PARAMETERS,
  type FhirResourceType,
  type FhirSearchQuery,
} from '../../../../src/contract/fhir';
import { dateConditions } from './dates';
import type { Found, Source, SourceContext, Token } from './source';

/** `a|b,c` as tokens: any of them matches (FHIR search: a comma is OR). */
function tokensOf(value: string): Token[] {
  return value.split(',').map((part) => {
    const bar = part.indexOf('|');
    if (bar < 0) return { system: undefined, code: part || undefined };
    return { system: part.slice(0, bar) || null, code: part.slice(bar + 1) || undefined };
  });
}

/** `reading-12` is the readings' 12; `12` the other source's. Null: the id is not this source's. */
export function numericId(source: Source, id: string): number | null {
  if (!id.startsWith(source.idPrefix)) return null;
  const rest = id.slice(source.idPrefix.length);
  return /^[1-9]\d{0,9}$/.test(rest) ? Number(rest) : null;
}

/**
 * A source's conditions for the query, and the parameters it applied; null when the query excludes the
 * whole source (a code of another system, an id of another source).
 */
function conditionsFor(source: Source, query: FhirSearchQuery): { where: SQL[]; applied: string[] } | null {
  const where: SQL[] = [];
  const applied: string[] = [];
  if (query._id !== undefined) {
    const id = numericId(source, query._id);
    if (id === null) return null;
    where.push(source.idIs(id));
    applied.push('_id');
  }
  for (const name of FHIR_TOKEN_PARAMETERS) {
    const value = query[name];
    const condition = source.tokens[name];
    if (value === undefined || !condition) continue;
    const matches = tokensOf(value).flatMap((token) => {
      const match = condition(token);
      return match === false ? [] : [match];
    });
    if (matches.length === 0) return null;
    where.push(or(...matches) as SQL);
    applied.push(name);
  }
  for (const name of FHIR_DATE_PARAMETERS) {
    const column = source.dates[name];
    if (query[name] === undefined || !column) continue;
    where.push(...dateConditions(column, query[name]));
    applied.push(name);
  }
  return { where, applied };
}

export interface SearchPage {
  resources: Resource[];
  total: number;
  /** The parameters some source applied (the self link names them). */
  applied: Set<string>;
  more: boolean;
}

/**
 * One page of a search over the type's sources: each asked for the rows up to the page's end plus one,
 * merged newest first, then cut to the page. Offsets are bounded by the contract.
 */
export async function searchPage(
  context: SourceContext,
  sources: readonly Source[],
  query: FhirSearchQuery,
): Promise<SearchPage> {
  const count = query._count ?? FHIR_PAGE_DEFAULT;
  const offset = query._offset ?? 0;
  const applied = new Set<string>();
  const results = await Promise.all(
    sources.map(async (source) => {
      const conditions = conditionsFor(source, query);
      if (!conditions) return { found: [] as Found[], total: 0 };
      for (const name of conditions.applied) applied.add(name);
      return source.search(context, conditions.where, Math.max(1, offset + count + 1));
    }),
  );
  const merged = results
    .flatMap((result) => result.found)
    .sort((a, b) => b.sortAt.getTime() - a.sortAt.getTime());
  return {
    resources: merged.slice(offset, offset + count).map((found) => found.resource),
    total: results.reduce((sum, result) => sum + result.total, 0),
    applied,
    more: merged.length > offset + count,
  };
}

/** A searchset Bundle: absolute fullUrls, the total, `self` with what was applied, `next` when there is more. */
export function searchBundle(
  type: FhirResourceType,
  page: SearchPage,
  query: FhirSearchQuery,
  links: { base: string; patientId?: number },
): Bundle {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (!page.applied.has(name) || value === undefined) continue;
    for (const item of [value].flat()) params.append(name, String(item));
  }
  if (links.patientId !== undefined) params.set('patient', String(links.patientId));
  const count = query._count ?? FHIR_PAGE_DEFAULT;
  params.set('_count', String(count));
  const offset = query._offset ?? 0;
  const url = (at: number) => {
    const copy = new URLSearchParams(params);
    if (at > 0) copy.set('_offset', String(at));
    return `${links.base}/${type}?${copy.toString()}`;
  };
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: page.total,
    link: [
      { relation: 'self', url: url(offset) },
      ...(page.more ? [{ relation: 'next', url: url(offset + count) }] : []),
    ],
    entry: page.resources.map((resource) => ({
      fullUrl: `${links.base}/${resource.resourceType}/${resource.id}`,
      resource,
      search: { mode: 'match' },
    })),
  };
}
