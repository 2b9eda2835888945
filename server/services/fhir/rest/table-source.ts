import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type {
  allergies,
  conditions,
  immunizations,
  medicationStatements,
  observations,
} from '../../../db/schema';
import type { Found, Source, SourceContext, Token } from './source';
import { totalOver } from './source';

/** The clinical record's tables: each has an id, the patient's id and the document the row came from. */
type ClinicalTable =
  | typeof conditions
  | typeof allergies
  | typeof medicationStatements
  | typeof immunizations
  | typeof observations;

interface TableSpec<T extends ClinicalTable> {
  idPrefix?: string;
  dates: Record<string, SQL>;
  tokens: Record<string, (token: Token) => SQL | false>;
  /** The order of a page, newest first (an index's order where one exists). */
  newestFirst: SQL;
  found(row: T['$inferSelect'], context: SourceContext): Found;
}

/**
 * A source over one table of the clinical record: the patient's rows the caller may see
 * (clinical/visibility.ts, in the query), the search's conditions, a page with the whole count.
 */
export function tableSource<T extends ClinicalTable>(table: T, spec: TableSpec<T>): Source {
  // One shape for the five tables: their shared columns are what the queries name.
  const shared = table as typeof conditions;
  return {
    idPrefix: spec.idPrefix ?? '',
    dates: spec.dates,
    tokens: spec.tokens,
    idIs: (id) => eq(shared.id, id),
    async ownerOf(db: Database, id: number) {
      const [row] = await db
        .select({ patientId: shared.patientId })
        .from(shared)
        .where(eq(shared.id, id))
        .limit(1);
      return row?.patientId ?? null;
    },
    async search(context, where, limit) {
      const rows = await context.db
        .select({ row: shared, total: totalOver })
        .from(shared)
        .where(and(eq(shared.patientId, context.patientId), context.shown(shared.documentId), ...where))
        .orderBy(spec.newestFirst, desc(shared.id))
        .limit(limit);
      return {
        // The row is the table's own (the cast above only named the columns the five share).
        found: rows.map(({ row }) => spec.found(row as unknown as T['$inferSelect'], context)),
        total: rows[0]?.total ?? 0,
      };
    },
  };
}
