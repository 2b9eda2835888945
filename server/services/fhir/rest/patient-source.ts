import { and, eq } from 'drizzle-orm';
import { patients } from '../../../db/schema';
import { patientResource } from '../patient';
import type { Source } from './source';

/**
 * The patient themself: a search finds the one patient the request is about (the gate decided it), a
 * read names them by id. The demographic record has no recorded instant, so no date parameter applies.
 */
export const patientSource: Source = {
  idPrefix: '',
  dates: {},
  tokens: {},
  idIs: (id) => eq(patients.mepiId, id),
  ownerOf: async (db, id) => {
    const [row] = await db
      .select({ id: patients.mepiId })
      .from(patients)
      .where(eq(patients.mepiId, id))
      .limit(1);
    return row?.id ?? null;
  },
  async search(context, where) {
    const [row] = await context.db
      .select()
      .from(patients)
      .where(and(eq(patients.mepiId, context.patientId), ...where))
      .limit(1);
    if (!row) return { found: [], total: 0 };
    return {
      found: [{ resource: patientResource(row, context.mapping.patient), sortAt: new Date(0) }],
      total: 1,
    };
  },
};
