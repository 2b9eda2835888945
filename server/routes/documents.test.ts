import { and, count, desc, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, DocumentList, DocumentVersions } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, studies, units } from '../db/schema';

describe.each(databaseTargets)('documents on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const list = async (query: string, user = 'mario.rossi'): Promise<DocumentList> => {
    const response = await ctx.call(`/api/documents?${query}`, user);
    expect(response.status).toBe(200);
    return v.parse(DocumentList, await response.json());
  };
  const auditCount = async (): Promise<number> =>
    (await ctx.db.select({ total: count() }).from(auditLog))[0]?.total ?? 0;
  const firstOf = async (where: Parameters<typeof and>[0]): Promise<typeof documents.$inferSelect> => {
    const [row] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, mario), where))
      .limit(1);
    if (!row) throw new Error('no such seeded document');
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
  });
  afterAll(() => ctx.close());

  it('lists current versions newest first with paging, and says whether the dossier is empty', async () => {
    const all = await list(`patientId=${mario}&max=5000&context=list`);
    const [{ total } = { total: 0 }] = await ctx.db
      .select({ total: count() })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)));
    expect(all.paging.totalCount).toBe(total);
    expect(all.noDocumentsInDossier).toBe(false);
    const dates = all.documents.map((document) => document.docCreationDateTime);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(all.documents.map((document) => document.status))).toEqual(
      new Set(['ONLINE', 'OFFLINE', 'RESTORING', 'ERROR', 'NOT_READABLE']),
    );

    const page2 = await list(`patientId=${mario}&max=5&offset=5`);
    expect(page2.paging).toEqual({ totalCount: total, totalPage: Math.ceil(total / 5), max: 5, offset: 5 });
    expect(page2.documents.map((document) => document.id)).toEqual(
      all.documents.slice(5, 10).map((d) => d.id),
    );
    expect(page2.noDocumentsInDossier).toBeUndefined();
    // Past the last page: no rows, still the exact total, and the dossier is not empty.
    const past = await list(`patientId=${mario}&max=5&offset=100000&context=list`);
    expect(past).toMatchObject({ documents: [], noDocumentsInDossier: false, paging: { totalCount: total } });

    const emptyPatient = mario + 10;
    await ctx.db.delete(documents).where(eq(documents.patientId, emptyPatient));
    const empty = await list(`patientId=${emptyPatient}&context=list`, 'dott.ferrari');
    expect(empty).toMatchObject({ documents: [], noDocumentsInDossier: true, paging: { totalCount: 0 } });
  });

  it('filters by type, provenance, location and status, each repeatable', async () => {
    const byType = await list(`patientId=${mario}&max=5000&documentType=LAB&documentType=RAD`);
    expect(byType.documents.length).toBeGreaterThan(0);
    expect(new Set(byType.documents.map((d) => d.documentType.code))).toEqual(new Set(['LAB', 'RAD']));
    const byUnit = await list(`patientId=${mario}&max=5000&provenance=PS`);
    expect(byUnit.documents.every((d) => d.documentProvenanceUnit.code === 'PS')).toBe(true);
    const byLocation = await list(`patientId=${mario}&max=5000&location=E&location=O`);
    expect(byLocation.documents.every((d) => ['E', 'O'].includes(d.patientCurrentLocation.code))).toBe(true);
    const byStatus = await list(`patientId=${mario}&status=OFFLINE&status=ERROR&max=5000`);
    expect(new Set(byStatus.documents.map((d) => d.status))).toEqual(new Set(['OFFLINE', 'ERROR']));
  });

  it('filters by an inclusive period of days in Rome, and refuses a period that ends before it starts', async () => {
    const base = await firstOf(eq(documents.documentTypeCode, 'VIS'));
    // 23:30 UTC on 10 March is already 11 March in Rome.
    await ctx.db
      .update(documents)
      .set({ createdAt: new Date('2016-03-10T23:30:00Z') })
      .where(eq(documents.id, base.id));
    const day11 = await list(`patientId=${mario}&dateFrom=2016-03-11&dateTo=2016-03-11`);
    expect(day11.documents.map((d) => d.id)).toContain(base.id);
    const day10 = await list(`patientId=${mario}&dateFrom=2016-03-01&dateTo=2016-03-10`);
    expect(day10.documents.map((d) => d.id)).not.toContain(base.id);

    const invalid = await ctx.call(
      `/api/documents?patientId=${mario}&dateFrom=2024-05-02&dateTo=2024-05-01`,
      'mario.rossi',
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: [{ field: 'dateFrom', code: 'invalidPeriod' }],
    });
  });

  it('marks clinician-only types and NOT_READABLE documents as not viewable for the patient side only', async () => {
    const psi = await firstOf(eq(documents.documentTypeCode, 'PSI'));
    const notReadable = await firstOf(eq(documents.status, 'NOT_READABLE'));
    const viewable = async (user: string, id: number): Promise<boolean> =>
      v.parse(Document, await (await ctx.call(`/api/documents/${id}`, user)).json()).viewable;
    expect(await viewable('mario.rossi', psi.id)).toBe(false);
    expect(await viewable('ospite', psi.id)).toBe(false);
    expect(await viewable('dott.ferrari', psi.id)).toBe(psi.status !== 'NOT_READABLE');
    expect(await viewable('dott.ferrari', notReadable.id)).toBe(false);
    expect(await viewable('mario.rossi', notReadable.id)).toBe(false);
  });

  it('derives the DICOM status from the studies behind the accession numbers', async () => {
    const rad = await firstOf(eq(documents.documentTypeCode, 'RAD'));
    const [unit] = await ctx.db.select().from(units).where(eq(units.code, 'RAD'));
    const insert = (accessionNumber: string): Promise<{ id: number }[]> =>
      ctx.db
        .insert(documents)
        .values({ ...rad, id: undefined, accessionNumber, createdAt: new Date('2030-01-01T10:00:00Z') })
        .returning({ id: documents.id });
    const [none] = await insert('T-NONE');
    const [single] = await insert('T-ONE');
    const [several] = await insert('T-ONE|T-TWO');
    // One accession number, two studies behind it; and one whose study is another patient's.
    const [twins] = await insert('T-TWIN');
    const [elsewhere] = await insert('T-OTHER');
    const study = (studyId: string, accessionNumber: string, patientId = mario) => ({
      studyId,
      patientId,
      accessionNumber,
      provenanceUnitId: unit?.id ?? 0,
      modality: 'CT',
      description: 'TC',
      status: 'OFFLINE',
      sliceCount: 1,
    });
    await ctx.db
      .insert(studies)
      .values([
        study('test-study-1', 'T-ONE'),
        study('test-study-2', 'T-TWIN'),
        study('test-study-3', 'T-TWIN'),
        study('test-study-4', 'T-OTHER', mario + 1),
      ]);
    // The filtered list (built per request) and the unfiltered one (prepared) read the studies alike.
    for (const query of [`patientId=${mario}&dateFrom=2030-01-01`, `patientId=${mario}&max=10`]) {
      const page = await list(query);
      const byId = new Map(page.documents.map((d) => [d.id, [d.dicomStatus, d.showDicom]]));
      expect(byId.get(none?.id ?? 0)).toEqual(['NOTFOUND', false]);
      expect(byId.get(single?.id ?? 0)).toEqual(['OFFLINE', true]);
      expect(byId.get(several?.id ?? 0)).toEqual(['MULTIPLE', true]);
      expect(byId.get(twins?.id ?? 0)).toEqual(['MULTIPLE', true]);
      expect(byId.get(elsewhere?.id ?? 0)).toEqual(['NOTFOUND', false]);
    }
    const lab = (await list(`patientId=${mario}&documentType=LAB`)).documents[0];
    expect(lab).toMatchObject({ accessionNumber: null, dicomStatus: null, showDicom: false });
    await ctx.db
      .delete(studies)
      .where(inArray(studies.studyId, ['test-study-2', 'test-study-3', 'test-study-4']));
    await ctx.db.delete(documents).where(inArray(documents.accessionNumber, ['T-NONE', 'T-TWIN', 'T-OTHER']));
  });

  it('gives a document its previous versions, oldest last, and lists only the current one', async () => {
    const current = await firstOf(eq(documents.version, 3));
    const response = await ctx.call(`/api/documents/${current.id}/previousVersions`, 'mario.rossi');
    const versions = v.parse(DocumentVersions, await response.json());
    expect(versions.documents.map((d) => d.version)).toEqual([2, 1]);
    const listed = (await list(`patientId=${mario}&max=5000`)).documents.map((d) => d.id);
    expect(listed).toContain(current.id);
    expect(listed).not.toContain(versions.documents[0]?.id);
  });

  it('answers checkObscure for the document of that patient only', async () => {
    const any = await firstOf(eq(documents.documentTypeCode, 'LAB'));
    const reply = await ctx.call(`/api/documents/${any.id}/checkObscure?patientId=${mario}`, 'mario.rossi');
    expect(await reply.json()).toMatchObject({ obscured: false, obscuringInfo: { general: false } });
    expect(
      (await ctx.call(`/api/documents/${any.id}/checkObscure?patientId=${mario + 1}`, 'mario.rossi')).status,
    ).toBe(404);
  });

  it('lists the types of the dossier, the viewable types per side and the provenances', async () => {
    const types = await (
      await ctx.call(`/api/documentTypes?patientId=${mario}`, 'mario.rossi', { language: 'en-EN' })
    ).json();
    expect(types.documentTypes).toContainEqual({ code: 'LAB', desc: 'Laboratory results' });
    const patientSide = await (await ctx.call(`/api/viewableDocumentTypes/${mario}`, 'ospite')).json();
    const staffSide = await (await ctx.call(`/api/viewableDocumentTypes/${mario}`, 'dott.ferrari')).json();
    expect(patientSide.documentTypes.map((t: { code: string }) => t.code)).not.toContain('PSI');
    expect(staffSide.documentTypes.map((t: { code: string }) => t.code)).toContain('PSI');
    const provenances = await (await ctx.call('/api/provenances', 'mario.rossi')).json();
    expect(provenances.provenances).toContainEqual({ code: 'CARD', desc: 'Cardiologia' });
  });

  it('applies the access matrix to every role, with one audit row per attempt', async () => {
    const giulia = mario + 1;
    const luca = mario + 2;
    const marioDoc = await firstOf(eq(documents.documentTypeCode, 'LAB'));
    const [lucaDoc] = await ctx.db.select().from(documents).where(eq(documents.patientId, luca)).limit(1);
    const cases: [user: string, patient: number, documentId: number, status: number, audited: boolean][] = [
      ['mario.rossi', mario, marioDoc.id, 200, true],
      ['mario.rossi', giulia, 0, 403, true],
      ['ospite', mario, marioDoc.id, 200, true],
      ['ospite', luca, lucaDoc?.id ?? 0, 403, true],
      ['luca.verdi', luca, lucaDoc?.id ?? 0, 200, true],
      ...['dott.ferrari', 'operatore', 'admin'].flatMap((user): typeof cases => [
        [user, mario, marioDoc.id, 200, true],
        [user, luca, lucaDoc?.id ?? 0, 403, true],
        [user, 999_999, 999_999, 404, false],
      ]),
    ];
    for (const [user, patient, documentId, status, audited] of cases) {
      const before = await auditCount();
      const listed = await ctx.call(`/api/documents?patientId=${patient}`, user);
      expect([user, patient, listed.status]).toEqual([user, patient, status]);
      expect(await auditCount()).toBe(before + (audited ? 1 : 0));
      if (documentId === 0) continue;
      const read = await ctx.call(`/api/documents/${documentId}`, user);
      expect([user, documentId, read.status]).toEqual([user, documentId, status]);
      expect(await auditCount()).toBe(before + (audited ? 2 : 0));
    }
    const [last] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, luca), eq(auditLog.userRole, 'ADM')))
      .orderBy(auditLog.id);
    expect(last).toMatchObject({ activity: 'DOCUMENT_LIST', outcome: 'DENIED', accessTitle: 'NONE' });
    const refused = await ctx.call(`/api/documents?patientId=${luca}`, 'dott.ferrari');
    expect(await refused.json()).toMatchObject({ code: 'DOSSIER_NOT_AUTHORIZED' });
  });

  it('settles a finished restore when the list is read, in the statement of its audit row, not for a refused caller', async () => {
    const offline = await firstOf(eq(documents.status, 'OFFLINE'));
    const statusOf = async (): Promise<{ status: string; restoreRequestedAt: Date | null } | undefined> =>
      (
        await ctx.db
          .select({ status: documents.status, restoreRequestedAt: documents.restoreRequestedAt })
          .from(documents)
          .where(eq(documents.id, offline.id))
      )[0];
    await ctx.db
      .update(documents)
      .set({ status: 'RESTORING', restoreRequestedAt: new Date(Date.now() - 60_000) })
      .where(eq(documents.id, offline.id));
    const before = await auditCount();
    expect((await ctx.call(`/api/documents?patientId=${mario}`, 'luca.verdi')).status).toBe(403);
    expect(await auditCount()).toBe(before + 1);
    expect((await statusOf())?.status).toBe('RESTORING');

    const online = await list(`patientId=${mario}&status=ONLINE&max=5000`);
    expect(online.documents.map((d) => d.id)).toContain(offline.id);
    expect(await auditCount()).toBe(before + 2);
    expect(await statusOf()).toEqual({ status: 'ONLINE', restoreRequestedAt: null });
  });

  it('shows a restore the unfiltered list settles as ONLINE in the same reply, for the patient and for staff', async () => {
    const [due, pending] = [
      await firstOf(eq(documents.status, 'OFFLINE')),
      await firstOf(eq(documents.status, 'ERROR')),
    ];
    const restoring = (id: number, requestedAt: Date) =>
      ctx.db
        .update(documents)
        .set({ status: 'RESTORING', restoreRequestedAt: requestedAt })
        .where(eq(documents.id, id));
    await restoring(due.id, new Date(Date.now() - 60_000));
    // Still within its 20 s: it stays RESTORING in the reply and in the database.
    await restoring(pending.id, new Date(Date.now() - 1_000));
    const statusIn = (reply: DocumentList, id: number) => reply.documents.find((d) => d.id === id)?.status;
    const before = await auditCount();
    const first = await list(`patientId=${mario}&max=5000`);
    expect([statusIn(first, due.id), statusIn(first, pending.id)]).toEqual(['ONLINE', 'RESTORING']);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      activity: 'DOCUMENT_LIST',
      outcome: 'ALLOWED',
      accessTitle: 'SELF',
      patientId: mario,
    });
    const stored = await ctx.db
      .select({
        id: documents.id,
        status: documents.status,
        restoreRequestedAt: documents.restoreRequestedAt,
      })
      .from(documents)
      .where(inArray(documents.id, [due.id, pending.id]))
      .orderBy(documents.id);
    expect(stored.find((d) => d.id === due.id)).toEqual({
      id: due.id,
      status: 'ONLINE',
      restoreRequestedAt: null,
    });
    expect(stored.find((d) => d.id === pending.id)?.status).toBe('RESTORING');

    await restoring(due.id, new Date(Date.now() - 60_000));
    const staff = await list(`patientId=${mario}&max=5000`, 'dott.ferrari');
    expect(statusIn(staff, due.id)).toBe('ONLINE');
    const [staffRow] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(staffRow).toMatchObject({
      activity: 'DOCUMENT_LIST',
      accessTitle: 'DOSSIER_CONSENT',
      outcome: 'ALLOWED',
    });
    await ctx.db
      .update(documents)
      .set({ status: 'ERROR', restoreRequestedAt: null })
      .where(eq(documents.id, pending.id));
  });
});
