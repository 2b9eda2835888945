import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { patients } from '../db/schema';

/** The unfiltered list's total comes from patient_counts, kept by a trigger; it must stay exact. */
describe.each(databaseTargets)('the patient list total kept by the database on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  const total = async (query = ''): Promise<number> => {
    const response = await ctx.call(`/api/patients?max=1${query}`, 'dott.ferrari');
    expect(response.status).toBe(200);
    return v.parse(PatientList, await response.json()).paging.totalCount;
  };
  const counted = async (condition: ReturnType<typeof sql>): Promise<number> => {
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(patients).where(condition);
    return Number(row?.n ?? 0);
  };
  const expectExact = async (): Promise<void> => {
    expect(await total()).toBe(await counted(sql`not merged`));
    expect(await total('&positionStatus=deceased')).toBe(await counted(sql`not alive and not merged`));
    expect(await total('&positionStatus=merged')).toBe(await counted(sql`merged`));
    expect(await total('&positionStatus=alive&positionStatus=merged')).toBe(
      await counted(sql`(alive and not merged) or merged`),
    );
  };

  it('follows inserts, updates and deletes, 25 of each at once', async () => {
    await expectExact();
    const before = await total();
    const ids = await Promise.all(
      Array.from({ length: 25 }, async (_, index) => {
        const [row] = await ctx.db
          .insert(patients)
          .values({
            masterId: `COUNT-${index}`,
            name: 'Conta',
            surname: `Totale${index}`,
            fiscalCode: `CNTTTL00A01H501${String.fromCharCode(65 + index)}`,
            birthDate: '2000-01-01',
            sex: 'F',
            demographics: {},
          })
          .returning({ id: patients.mepiId });
        return row?.id ?? 0;
      }),
    );
    expect(await total()).toBe(before + 25);
    await expectExact();
    await Promise.all(
      ids.map((id, index) =>
        ctx.db
          .update(patients)
          .set(index % 2 === 0 ? { merged: true } : { alive: false })
          .where(eq(patients.mepiId, id)),
      ),
    );
    await expectExact();
    await Promise.all(ids.map((id) => ctx.db.delete(patients).where(eq(patients.mepiId, id))));
    expect(await total()).toBe(before);
    await expectExact();
  });

  // The counts change once per statement (migration 0028): one statement over many rows, several states.
  it('follows a statement that inserts, updates or deletes many patients at once', async () => {
    await expectExact();
    const before = await total();
    const rows = await ctx.db
      .insert(patients)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          masterId: `BULK-${index}`,
          name: 'Molti',
          surname: `Insieme${index}`,
          fiscalCode: `MLTNSM00A01H501${String.fromCharCode(65 + index)}`,
          birthDate: '2000-01-01',
          sex: 'M',
          alive: index % 3 !== 0,
          merged: index % 4 === 0,
          demographics: {},
        })),
      )
      .returning({ id: patients.mepiId });
    await expectExact();
    await ctx.db.update(patients).set({ alive: sql`not alive` }).where(sql`master_id like 'BULK-%'`);
    await expectExact();
    // An update that touches neither flag changes no total.
    await ctx.db.update(patients).set({ name: 'Tanti' }).where(sql`master_id like 'BULK-%'`);
    await expectExact();
    await ctx.db.delete(patients).where(sql`master_id like 'BULK-%'`);
    expect(rows).toHaveLength(12);
    expect(await total()).toBe(before);
    await expectExact();
  });
});
