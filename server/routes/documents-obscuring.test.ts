import { and, count, desc, eq, like, not } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, studies, units } from '../db/schema';
import { unauthoredDocuments } from '../test/fixtures/obscuring';

const noFlags = {
  general: false,
  mate: false,
  operator: false,
  other: false,
  otherFamily: false,
  parent: false,
  son: false,
  specialist: false,
};

describe.each(databaseTargets)('obscured documents on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let hiddenFromAll: number;
  let hiddenFromOperators: number;

  const listedIds = async (user: string): Promise<{ ids: number[]; total: number }> => {
    const response = await ctx.call(`/api/documents?patientId=${mario}&max=5000`, user);
    expect(response.status, user).toBe(200);
    const list = v.parse(DocumentList, await response.json());
    return { ids: list.documents.map((document) => document.id), total: list.paging.totalCount };
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    // The demo physician's own documents stay visible to her whatever the flags: none of those.
    const current = await unauthoredDocuments(ctx, mario, 2);
    hiddenFromAll = current[0]?.id ?? 0;
    hiddenFromOperators = current[1]?.id ?? 0;
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, general: true } })
      .where(eq(documents.id, hiddenFromAll));
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, operator: true } })
      .where(eq(documents.id, hiddenFromOperators));
  });
  afterAll(() => ctx.close());

  it('keeps every document visible to the patient', async () => {
    const { ids } = await listedIds('mario.rossi');
    expect(ids).toContain(hiddenFromAll);
    expect(ids).toContain(hiddenFromOperators);
  });

  it('leaves obscured documents out of the staff lists and their counts', async () => {
    const patient = await listedIds('mario.rossi');
    const physician = await listedIds('dott.ferrari');
    const operator = await listedIds('operatore');
    expect(physician.ids).not.toContain(hiddenFromAll);
    expect(physician.ids).toContain(hiddenFromOperators);
    expect(physician.total).toBe(patient.total - 1);
    expect(operator.ids).not.toContain(hiddenFromAll);
    expect(operator.ids).not.toContain(hiddenFromOperators);
    expect(operator.total).toBe(patient.total - 2);
  });

  it("hides from a guest (Sara, Mario's partner, with the dossier right) only what is obscured for partners", async () => {
    const guest = await listedIds('ospite');
    // 'general' and 'operator' are staff audiences.
    expect(guest.ids).toContain(hiddenFromAll);
    expect(guest.ids).toContain(hiddenFromOperators);
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, mate: true } })
      .where(eq(documents.id, hiddenFromOperators));
    expect((await listedIds('ospite')).ids).not.toContain(hiddenFromOperators);
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, operator: true } })
      .where(eq(documents.id, hiddenFromOperators));
  });

  it('answers 404 for an obscured document as for a missing one, and audits the attempt DENIED', async () => {
    const response = await ctx.call(`/api/documents/${hiddenFromAll}`, 'dott.ferrari');
    expect(response.status).toBe(404);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.documentId, hiddenFromAll), eq(auditLog.userRole, 'PHY')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ detail: 'OBSCURED', outcome: 'DENIED' });
    expect((await ctx.call(`/api/documents/${hiddenFromAll}`, 'mario.rossi')).status).toBe(200);
  });

  it('leaves out of the type filter the types whose every document is hidden from the caller', async () => {
    const types = async (user: string): Promise<string[]> => {
      const reply = await ctx.call(`/api/documentTypes?patientId=${mario}`, user);
      return ((await reply.json()) as { documentTypes: { code: string }[] }).documentTypes.map((t) => t.code);
    };
    const [psi] = await ctx.db
      .select({ total: count() })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.documentTypeCode, 'PSI')));
    expect(psi?.total).toBeGreaterThan(0);
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, specialist: true } })
      .where(and(eq(documents.patientId, mario), eq(documents.documentTypeCode, 'PSI')));
    expect(await types('dott.ferrari')).not.toContain('PSI');
    expect(await types('operatore')).toContain('PSI');
    expect(await types('mario.rossi')).toContain('PSI');
  });

  it('answers 404 for a DICOM study whose reports are all hidden from the caller, audited DENIED', async () => {
    const [report] = await ctx.db
      .select({ id: documents.id, accession: documents.accessionNumber, unit: units.code })
      .from(documents)
      .innerJoin(studies, eq(studies.accessionNumber, documents.accessionNumber))
      .innerJoin(units, eq(units.id, studies.provenanceUnitId))
      .where(
        and(
          eq(documents.patientId, mario),
          eq(documents.superseded, false),
          not(like(documents.accessionNumber, '%|%')),
        ),
      )
      .limit(1);
    const status = (user: string): Promise<Response> =>
      ctx.call(
        `/api/studies/${report?.accession}/status?patientId=${mario}&docProvenance=${report?.unit}`,
        user,
      );
    expect((await status('dott.ferrari')).status).toBe(200);
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...noFlags, general: true } })
      .where(eq(documents.id, report?.id ?? 0));
    expect((await status('dott.ferrari')).status).toBe(404);
    expect((await status('mario.rossi')).status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, mario), eq(auditLog.userRole, 'PHY')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ detail: `study ${report?.accession} OBSCURED`, outcome: 'DENIED' });
  });
});
