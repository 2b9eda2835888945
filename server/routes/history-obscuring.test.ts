import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TreatmentHistory } from '../../src/contract';
import { HistoryActivities, HistoryDocTypes } from '../../src/contract/history';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog } from '../db/schema';
import { flags, obscureDocument, unauthoredDocuments } from '../test/fixtures/obscuring';

/** Staff must not learn from the treatment history what the patient hid from them. */
describe.each(databaseTargets)('obscuring in the treatment history on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  /** Hidden from all staff; read by the physician before it was hidden. */
  let hidden: { id: number; type: string };
  /** Hidden from physicians only. */
  let hiddenFromPhysicians: number;

  // Every row, the viewer's own included: these tests are about what obscuring hides.
  const history = async (query: string, username: string): Promise<TreatmentHistory> => {
    const response = await ctx.call(
      `/api/trackingPatientHistory/${mario}?max=100&includeOwn=true&${query}`,
      username,
    );
    expect(response.status).toBe(200);
    const page = v.parse(TreatmentHistory, await response.json());
    expect(page.paging.totalPage).toBeLessThanOrEqual(1);
    return page;
  };
  const facet = async (name: string, username: string): Promise<unknown> =>
    (await ctx.call(`/api/trackingPatientHistory/${mario}/${name}`, username)).json();
  const auditIdsOf = async (documentId: number): Promise<number[]> =>
    (await ctx.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.documentId, documentId))).map(
      (row) => row.id,
    );
  const itemIds = (page: TreatmentHistory): number[] => page.items.map((item) => item.id);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const current = await unauthoredDocuments(ctx, mario, 2);
    const [first, second] = current;
    if (!first || !second) throw new Error('seeded documents missing');
    hidden = first;
    hiddenFromPhysicians = second.id;
    // Read by staff while visible: rows that name the document (and its type) before it is hidden.
    expect((await ctx.call(`/api/documents/${hidden.id}`, 'dott.ferrari')).status).toBe(200);
    expect((await ctx.call(`/api/documents/${hiddenFromPhysicians}`, 'operatore')).status).toBe(200);
    await obscureDocument(ctx, 'mario.rossi', mario, hidden.id, flags('general'));
    await obscureDocument(ctx, 'mario.rossi', mario, hiddenFromPhysicians, flags('specialist'));
  });
  afterAll(() => ctx.close());

  it('audits a staff read refused on an obscured document as DENIED, answered 404', async () => {
    expect((await ctx.call(`/api/documents/${hidden.id}`, 'dott.ferrari')).status).toBe(404);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.documentId, hidden.id), eq(auditLog.userRole, 'PHY')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ outcome: 'DENIED', detail: 'OBSCURED', accessTitle: 'DOSSIER_CONSENT' });
    expect((await ctx.call(`/api/documents/${hidden.id}`, 'mario.rossi')).status).toBe(200);
  });

  it('shows the patient the obscuring and every row about the hidden documents', async () => {
    const own = await history('', 'mario.rossi');
    expect(
      own.items.filter((item) => item.treatmentType === 'DOCUMENT_OBSCURE').length,
    ).toBeGreaterThanOrEqual(2);
    expect(itemIds(own)).toEqual(expect.arrayContaining(await auditIdsOf(hidden.id)));
    expect(own.items).toContainEqual(
      expect.objectContaining({ userRole: 'PHY', treatmentType: 'DOCUMENT_READ', outcome: 'DENIED' }),
    );
    const activities = v.parse(HistoryActivities, await facet('activities', 'mario.rossi'));
    expect(activities.activities.map((activity) => activity.activityId)).toContain('DOCUMENT_OBSCURE');
  });

  it('hides from staff the obscuring, the refusals and the rows of documents hidden from them', async () => {
    for (const username of ['dott.ferrari', 'operatore']) {
      const staff = await history('', username);
      expect(staff.items.length, username).toBeGreaterThan(0);
      expect(staff.items.map((item) => item.treatmentType)).not.toContain('DOCUMENT_OBSCURE');
      expect(staff.items.filter((item) => item.outcome === 'DENIED' && item.userRole === 'PHY')).toEqual([]);
      const shown = new Set(itemIds(staff));
      expect(
        (await auditIdsOf(hidden.id)).filter((id) => shown.has(id)),
        username,
      ).toEqual([]);
      const activities = v.parse(HistoryActivities, await facet('activities', username));
      expect(activities.activities.map((activity) => activity.activityId)).not.toContain('DOCUMENT_OBSCURE');
      const types = v.parse(HistoryDocTypes, await facet('docTypes', username));
      expect(
        types.documentTypes.map((type) => type.code),
        username,
      ).not.toContain(hidden.type);
      expect((await history('activity=DOCUMENT_OBSCURE', username)).paging.totalCount).toBe(0);
    }
    const patientTypes = v.parse(HistoryDocTypes, await facet('docTypes', 'mario.rossi'));
    expect(patientTypes.documentTypes.map((type) => type.code)).toContain(hidden.type);
  });

  it('hides a document’s rows only from the staff it is hidden from', async () => {
    const physician = new Set(itemIds(await history('', 'dott.ferrari')));
    const operator = new Set(itemIds(await history('', 'operatore')));
    const readRows = (
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.documentId, hiddenFromPhysicians), eq(auditLog.activity, 'DOCUMENT_READ')))
    ).map((row) => row.id);
    expect(readRows.length).toBe(1);
    expect(readRows.filter((id) => physician.has(id))).toEqual([]);
    expect(readRows.filter((id) => operator.has(id))).toEqual(readRows);
  });
});
