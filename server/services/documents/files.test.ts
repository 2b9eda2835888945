import { and, desc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Document, DocumentViewUrl } from '../../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../../tests/support/test-app';
import { auditLog, documents } from '../../db/schema';

/** The PDF, ZIP, view-grant and restore routes, through the API. */
describe.each(databaseTargets)('document files on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const marioDocument = async (where: Parameters<typeof and>[0]): Promise<typeof documents.$inferSelect> => {
    const [row] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, false), where))
      .orderBy(desc(documents.pageCount))
      .limit(1);
    if (!row) throw new Error('no such seeded document');
    return row;
  };
  const lastAudit = async (): Promise<typeof auditLog.$inferSelect | undefined> =>
    (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a multi-page PDF through a view grant bound to the user, audited as a view', async () => {
    const lab = await marioDocument(
      and(eq(documents.documentTypeCode, 'LAB'), eq(documents.status, 'ONLINE')),
    );
    expect(lab.pageCount).toBeGreaterThan(1);
    const view = v.parse(
      DocumentViewUrl,
      await (await ctx.call(`/api/documents/${lab.id}/view?context=dossier`, 'mario.rossi')).json(),
    );
    expect(view.url).toMatch(new RegExp(`^/api/documents/${lab.id}/content\\?grant=[A-Za-z0-9_-]{43}$`));
    expect(new Date(view.expiresAt).getTime() - Date.now()).toBeGreaterThan(100_000);

    const content = await ctx.call(view.url, 'mario.rossi');
    expect(content.status).toBe(200);
    expect(content.headers.get('Content-Type')).toBe('application/pdf');
    expect(content.headers.get('Content-Disposition')).toMatch(/^inline; filename=".+\.pdf"$/);
    expect(content.headers.get('Cache-Control')).toBe('no-store');
    const bytes = new Uint8Array(await content.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(lab.pageCount);
    expect(pdf.getTitle()).toBe(lab.title);
    expect(await lastAudit()).toMatchObject({
      activity: 'DOCUMENT_VIEW',
      outcome: 'ALLOWED',
      documentId: lab.id,
    });

    // Same document, same bytes: the PDF is deterministic.
    const again = await ctx.call(view.url, 'mario.rossi');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it("refuses another user's grant and an expired one, and audits the refusal", async () => {
    const lab = await marioDocument(
      and(eq(documents.documentTypeCode, 'LAB'), eq(documents.status, 'ONLINE')),
    );
    const view = v.parse(
      DocumentViewUrl,
      await (await ctx.call(`/api/documents/${lab.id}/view`, 'mario.rossi')).json(),
    );
    const stolen = await ctx.call(view.url, 'ospite');
    expect(stolen.status).toBe(403);
    expect(await lastAudit()).toMatchObject({
      activity: 'DOCUMENT_VIEW',
      outcome: 'DENIED',
      userRole: 'GUE',
      detail: 'INVALID_VIEW_GRANT',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 60 * 1000);
    expect((await ctx.call(view.url, 'mario.rossi')).status).toBe(403);
    const otherDocument = view.url.replace(`/documents/${lab.id}/`, `/documents/${lab.id + 1}/`);
    vi.useRealTimers();
    expect((await ctx.call(otherDocument, 'mario.rossi')).status).toBe(403);
  });

  it('refuses to show unavailable documents (409) and clinician-only ones to the patient side (403)', async () => {
    for (const status of ['OFFLINE', 'RESTORING', 'ERROR']) {
      const unavailable = await marioDocument(eq(documents.status, status));
      const reply = await ctx.call(`/api/documents/${unavailable.id}/view`, 'mario.rossi');
      expect([status, reply.status]).toEqual([status, 409]);
      expect(await reply.json()).toMatchObject({ code: 'DOCUMENT_UNAVAILABLE' });
      expect(await lastAudit()).toMatchObject({ outcome: 'ALLOWED', detail: 'DOCUMENT_UNAVAILABLE' });
    }
    const psi = await marioDocument(eq(documents.documentTypeCode, 'PSI'));
    expect((await ctx.call(`/api/documents/${psi.id}/view`, 'ospite')).status).toBe(403);
    const download = await ctx.call(`/api/documents/${psi.id}/download?format=pdf`, 'mario.rossi');
    expect(download.status).toBe(403);
    expect(await download.json()).toMatchObject({ code: 'DOWNLOAD_NOT_ALLOWED' });
  });

  it('downloads a PDF; staff only after the security acceptance', async () => {
    const visit = await marioDocument(
      and(eq(documents.documentTypeCode, 'VIS'), eq(documents.status, 'ONLINE')),
    );
    const own = await ctx.call(`/api/documents/${visit.id}/download?format=pdf`, 'mario.rossi');
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(await lastAudit()).toMatchObject({ activity: 'DOCUMENT_DOWNLOAD', outcome: 'ALLOWED' });

    const before = await lastAudit();
    const unaccepted = await ctx.call(`/api/documents/${visit.id}/download?format=pdf`, 'dott.ferrari');
    expect(unaccepted.status).toBe(403);
    expect(await unaccepted.json()).toMatchObject({
      code: 'ACCESS_DENIED',
      fields: [{ field: 'accepted', code: 'required' }],
    });
    expect((await lastAudit())?.id).toBe(before?.id);
    const accepted = await ctx.call(
      `/api/documents/${visit.id}/download?format=pdf&accepted=true`,
      'dott.ferrari',
    );
    expect(accepted.status).toBe(200);
    expect((await PDFDocument.load(await accepted.arrayBuffer())).getPageCount()).toBe(visit.pageCount);
  });

  it('zips several documents, auditing each', async () => {
    const lab = await marioDocument(
      and(eq(documents.documentTypeCode, 'LAB'), eq(documents.status, 'ONLINE')),
    );
    const rad = await marioDocument(
      and(eq(documents.documentTypeCode, 'RAD'), eq(documents.status, 'ONLINE')),
    );
    const before = (await lastAudit())?.id ?? 0;
    const reply = await ctx.call(
      `/api/documents/download?ids=${lab.id}&ids=${rad.id}&format=zip`,
      'mario.rossi',
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('Content-Type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await reply.arrayBuffer()));
    expect(Object.keys(files)).toHaveLength(2);
    for (const bytes of Object.values(files))
      expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, mario))
      .orderBy(desc(auditLog.id))
      .limit(2);
    expect(rows.every((row) => row.id > before && row.activity === 'DOCUMENT_DOWNLOAD')).toBe(true);
    expect(rows.map((row) => row.documentId).sort()).toEqual([lab.id, rad.id].sort());
    const luca = await ctx.call(`/api/documents/download?ids=${lab.id}&format=zip`, 'luca.verdi');
    expect(luca.status).toBe(403);
  });

  it('restores an offline document: OFFLINE, then RESTORING, then ONLINE 20 s later; ERROR stays', async () => {
    const offline = await marioDocument(eq(documents.status, 'OFFLINE'));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    const restore = async (id: number): Promise<Document> => {
      const reply = await ctx.call(`/api/documents/${id}/restore`, 'mario.rossi', { method: 'PUT' });
      expect(reply.status).toBe(200);
      return v.parse(Document, await reply.json());
    };
    expect((await restore(offline.id)).status).toBe('RESTORING');
    expect(await lastAudit()).toMatchObject({ activity: 'DOCUMENT_RESTORE', documentId: offline.id });
    const read = async (): Promise<string> =>
      v.parse(Document, await (await ctx.call(`/api/documents/${offline.id}`, 'mario.rossi')).json()).status;
    vi.setSystemTime(Date.now() + 19_000);
    expect(await read()).toBe('RESTORING');
    vi.setSystemTime(Date.now() + 2_000);
    expect(await read()).toBe('ONLINE');
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, offline.id));
    expect(row).toMatchObject({ status: 'ONLINE', restoreRequestedAt: null });

    const failed = await marioDocument(eq(documents.status, 'ERROR'));
    expect((await restore(failed.id)).status).toBe('ERROR');
  });
});
