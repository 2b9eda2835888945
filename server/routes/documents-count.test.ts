import { and, count, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents } from '../db/schema';
import { flags } from '../test/fixtures/obscuring';

/**
 * The document list's total comes from document_counts (migration 0022) when the list is unfiltered: it
 * must stay exactly what counting gives through inserts, new versions, obscuring and deletes, concurrent
 * ones included.
 */
describe.each(databaseTargets)('maintained document totals on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;

  const total = async (user: string, filters = ''): Promise<number> => {
    const response = await ctx.call(`/api/documents?patientId=${mario}&max=1${filters}`, user);
    expect(response.status, user).toBe(200);
    return v.parse(DocumentList, await response.json()).paging.totalCount;
  };
  const counted = async (): Promise<number> => {
    const [row] = await ctx.db
      .select({ total: count() })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)));
    return row?.total ?? 0;
  };
  /** Every patient's kept counts against a recount from the documents. */
  const drift = async (): Promise<unknown[]> => {
    const result = await ctx.db.execute(sql`
      select coalesce(c.patient_id, d.patient_id) as patient_id from document_counts c
      full join (select patient_id, count(*)::int as current,
          count(*) filter (where document_is_obscured(obscuring))::int as obscured
        from documents where not superseded group by patient_id) d on d.patient_id = c.patient_id
      where coalesce(c.current, 0) <> coalesce(d.current, 0) or coalesce(c.obscured, 0) <> coalesce(d.obscured, 0)`);
    return (result as unknown as { rows: unknown[] }).rows;
  };
  /** A copy of one of the patient's current documents, as a new current document. */
  const copyOne = async (): Promise<number> => {
    const [source] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)))
      .limit(1);
    if (!source) throw new Error('no document to copy');
    const { id: _id, ...rest } = source;
    const [row] = await ctx.db
      .insert(documents)
      .values({ ...rest, title: 'copy' })
      .returning({ id: documents.id });
    return row?.id ?? 0;
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
  });
  afterAll(() => ctx.close());

  it('answers the counted total to the patient and to staff', async () => {
    expect(await drift()).toEqual([]);
    const exact = await counted();
    expect(exact).toBeGreaterThan(0);
    expect(await total('mario.rossi')).toBe(exact);
    expect(await total('dott.ferrari')).toBe(exact);
  });

  it('follows inserts, new versions, obscuring and deletes', async () => {
    const before = await counted();
    const added = await copyOne();
    expect(await total('mario.rossi')).toBe(before + 1);
    await ctx.db.update(documents).set({ superseded: true }).where(eq(documents.id, added));
    expect(await total('mario.rossi')).toBe(before);
    await ctx.db.update(documents).set({ superseded: false }).where(eq(documents.id, added));
    // Obscured in general: staff count it no more (the list counts), the patient still does.
    await ctx.db
      .update(documents)
      .set({ obscuring: flags('general') })
      .where(eq(documents.id, added));
    expect(await total('mario.rossi')).toBe(before + 1);
    expect(await total('dott.ferrari')).toBe(before);
    await ctx.db.update(documents).set({ obscuring: flags() }).where(eq(documents.id, added));
    expect(await total('dott.ferrari')).toBe(before + 1);
    await ctx.db.delete(documents).where(eq(documents.id, added));
    expect(await total('mario.rossi')).toBe(before);
    expect(await drift()).toEqual([]);
  });

  it('still counts a filtered list', async () => {
    const [type] = await ctx.db
      .select({ code: documents.documentTypeCode, total: count() })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)))
      .groupBy(documents.documentTypeCode)
      .limit(1);
    expect(await total('mario.rossi', `&documentType=${type?.code}`)).toBe(type?.total);
  });

  it('stays exact under 25 concurrent inserts and their removal', async () => {
    const before = await counted();
    const added = await Promise.all(Array.from({ length: 25 }, copyOne));
    expect(await total('mario.rossi')).toBe(before + 25);
    await Promise.all(added.map((id) => ctx.db.delete(documents).where(eq(documents.id, id))));
    expect(await total('mario.rossi')).toBe(before);
    expect(await drift()).toEqual([]);
  });
});
