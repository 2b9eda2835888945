import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { documents } from '../../../db/schema';
import { readableDocuments } from '../../documents/readable';
import { querySummaries } from '../../documents/records';
import { documentReferenceOf, LOINC_DOCUMENT_TYPES } from '../document-reference';
import { referenceTo, systems } from '../systems';
import { type Source, type Token, withLastUpdated } from './source';

/** The portal's types a LOINC document code stands for; a type the table does not name reads as a consult note. */
function typeCondition(token: Token) {
  if (token.system === null || (token.system !== undefined && token.system !== systems.loinc)) return false;
  if (token.code === undefined) return sql`true`;
  const types = Object.entries(LOINC_DOCUMENT_TYPES).flatMap(([type, loinc]) =>
    loinc.code === token.code ? [type] : [],
  );
  const unnamed = token.code === LOINC_DOCUMENT_TYPES.VIS?.code;
  const named = types.length > 0 ? inArray(documents.documentTypeCode, types) : undefined;
  const others = unnamed
    ? notInArray(documents.documentTypeCode, Object.keys(LOINC_DOCUMENT_TYPES))
    : undefined;
  return or(named, others) ?? false;
}

/**
 * The dossier's documents as DocumentReference, what the caller may read of them (the list's rule, the
 * export's: current versions, obscuring, a guest's grant, the types the patient side may open); the PDF
 * is the `Binary` of the same id.
 */
export const documentSource: Source = {
  idPrefix: '',
  dates: { date: sql`${documents.createdAt}`, _lastUpdated: sql`${documents.createdAt}` },
  tokens: { type: typeCondition },
  idIs: (id) => eq(documents.id, id),
  async ownerOf(db, id) {
    const [row] = await db
      .select({ patientId: documents.patientId })
      .from(documents)
      .where(eq(documents.id, id))
      .limit(1);
    return row?.patientId ?? null;
  },
  async search(context, where, limit) {
    const condition = and(readableDocuments(context.user, context.patientId), ...where);
    const [rows, [count]] = await Promise.all([
      querySummaries(context.db, condition as ReturnType<typeof sql>, { limit, offset: 0 }),
      context.db.select({ total: sql<number>`count(*)::int` }).from(documents).where(condition),
    ]);
    const found = rows.map((summary) => {
      const id = summary.document.id;
      const reference = documentReferenceOf(
        summary,
        { url: `${context.base}/Binary/${id}` },
        { language: context.language, subject: referenceTo(context.mapping.patient) },
      );
      return {
        resource: withLastUpdated({ ...reference, id: String(id) }, summary.document.createdAt),
        sortAt: summary.document.createdAt,
      };
    });
    return { found, total: count?.total ?? 0 };
  },
};
