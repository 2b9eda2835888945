import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CustomDocumentTypes,
  DocumentList,
  UploadedDocument,
  UploadedDocumentList,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, uploadedDocuments, users } from '../db/schema';
import { makePdf } from '../services/uploads/test-pdfs';
import { uploadCalls, uploadForm } from '../test/fixtures/uploads';

describe.each(databaseTargets)('uploaded documents on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof uploadCalls>;
  let pdf: Uint8Array;
  let mario: number;
  let ferrari: number;

  const list = async (user: string, query = ''): Promise<UploadedDocumentList> => {
    const response = await ctx.call(`/api/uploadedDocuments${query}`, user);
    expect(response.status).toBe(200);
    return v.parse(UploadedDocumentList, await response.json());
  };
  const one = async (user: string, id: number): Promise<UploadedDocument> =>
    v.parse(UploadedDocument, await (await ctx.call(`/api/uploadedDocuments/${id}`, user)).json());
  const codeOf = async (response: Response): Promise<[number, string]> => [
    response.status,
    ((await response.json()) as { code: string }).code,
  ];

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = uploadCalls(ctx);
    pdf = await makePdf('Visita cardiologica');
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    const [physician] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    ferrari = physician?.id ?? 0;
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('lists the custom document types in the caller language', async () => {
    const it = v.parse(
      CustomDocumentTypes,
      await (await ctx.call('/api/uploadedDocuments/customDocumentTypes', 'mario.rossi')).json(),
    );
    const en = v.parse(
      CustomDocumentTypes,
      await (
        await ctx.call('/api/uploadedDocuments/customDocumentTypes', 'dott.ferrari', { language: 'en-EN' })
      ).json(),
    );
    expect(it.documentTypes).toContainEqual({ code: 'DISCHARGE', desc: 'Lettera di dimissione' });
    expect(en.documentTypes).toContainEqual({ code: 'DISCHARGE', desc: 'Discharge letter' });
  });

  it('gives the calls to patients and physicians only, each to their own side', async () => {
    for (const user of ['operatore', 'admin', 'ospite'])
      for (const path of ['/api/uploadedDocuments', '/api/uploadedDocuments/customDocumentTypes'])
        expect(await codeOf(await ctx.call(path, user))).toEqual([403, 'PERMISSION_MISSING']);
    expect(await codeOf(await calls.upload('dott.ferrari', { bytes: pdf }))).toEqual([
      403,
      'PERMISSION_MISSING',
    ]);
    expect(await codeOf(await calls.upload('ospite', { bytes: pdf }))).toEqual([403, 'PERMISSION_MISSING']);
    const created = await calls.created('mario.rossi', { bytes: pdf });
    expect(await codeOf(await calls.validate('mario.rossi', created.id))).toEqual([
      403,
      'PERMISSION_MISSING',
    ]);
    expect(await codeOf(await calls.reject('operatore', created.id, 'no'))).toEqual([
      403,
      'PERMISSION_MISSING',
    ]);
    expect(await codeOf(await calls.remove('dott.ferrari', created.id))).toEqual([403, 'PERMISSION_MISSING']);
    // Another patient learns nothing: not in the list, 404 alone, 403 (audited) on Mario's list.
    expect((await list('giulia.bianchi')).documents.map((each) => each.id)).not.toContain(created.id);
    expect((await ctx.call(`/api/uploadedDocuments/${created.id}`, 'giulia.bianchi')).status).toBe(404);
    expect((await ctx.call(`/api/uploadedDocuments/${created.id}/content`, 'giulia.bianchi')).status).toBe(
      404,
    );
    expect((await calls.remove('giulia.bianchi', created.id)).status).toBe(404);
    expect((await ctx.call(`/api/uploadedDocuments?patient=${mario}`, 'giulia.bianchi')).status).toBe(403);
    expect((await calls.remove('mario.rossi', created.id)).status).toBe(204);
  });

  it('stores an upload as pending, serves its bytes audited, and lists it for the physician to review', async () => {
    const created = await calls.created('mario.rossi', {
      bytes: pdf,
      fields: {
        documentType: 'EXT_LAB',
        title: 'Emocromo',
        documentDate: '2026-10-01',
        note: 'Laboratorio privato',
      },
    });
    expect(created).toMatchObject({
      status: 'PENDING',
      patientId: mario,
      documentType: { code: 'EXT_LAB', desc: 'Esami di laboratorio' },
      title: 'Emocromo',
      documentDate: '2026-10-01',
      note: 'Laboratorio privato',
      approvingPhysicians: [],
      documentOwner: { first: 'Mario', last: 'Rossi' },
      canModify: true,
      canReview: false,
    });
    expect((await list('mario.rossi')).documents[0]).toMatchObject({ id: created.id, status: 'PENDING' });
    const content = await ctx.call(`/api/uploadedDocuments/${created.id}/content`, 'dott.ferrari');
    expect(content.headers.get('Content-Type')).toBe('application/pdf');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(pdf);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.activity, 'DOCUMENT_VIEW'), eq(auditLog.detail, `upload ${created.id} content`)),
      );
    expect(audit).toMatchObject({ userId: ferrari, patientId: mario, outcome: 'ALLOWED' });
    const toReview = await list('dott.ferrari', '?status=PENDING');
    expect(toReview.documents.find((each) => each.id === created.id)).toMatchObject({
      canReview: true,
      canModify: false,
    });
    expect((await list('dott.ferrari', `?patient=${mario}`)).paging.totalCount).toBeGreaterThan(0);
  });

  it('modifies and deletes a pending upload, then refuses every change once reviewed', async () => {
    const created = await calls.created('mario.rossi', { bytes: pdf });
    const [before] = await ctx.db
      .select()
      .from(uploadedDocuments)
      .where(eq(uploadedDocuments.id, created.id));
    const replacement = await makePdf('Seconda versione', 3);
    const form = uploadForm({
      bytes: replacement,
      name: 'nuovo.pdf',
      fields: { title: 'Titolo nuovo', note: '' },
    });
    const modified = await calls.modify('mario.rossi', created.id, form);
    expect(modified.status).toBe(200);
    expect(await modified.json()).toMatchObject({
      title: 'Titolo nuovo',
      byteSize: replacement.length,
      note: null,
    });
    const [after] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
    expect(after?.storedName).not.toBe(before?.storedName);
    expect(await codeOf(await calls.modify('giulia.bianchi', created.id, uploadForm({})))).toEqual([
      404,
      'NOT_FOUND',
    ]);

    expect(await codeOf(await calls.reject('dott.ferrari', created.id))).toEqual([400, 'BAD_REQUEST']);
    expect(await codeOf(await calls.reject('dott.ferrari', created.id, '   '))).toEqual([400, 'BAD_REQUEST']);
    const rejected = await calls.reject(
      'dott.ferrari',
      created.id,
      'Il documento è illeggibile: ripeti la scansione',
    );
    expect(await rejected.json()).toMatchObject({
      status: 'REJECTED',
      rejectionReason: 'Il documento è illeggibile: ripeti la scansione',
      reviewedBy: 'Dott.ssa Anna Ferrari',
      canReview: false,
    });
    const conflict: [number, string] = [409, 'UPLOAD_NOT_PENDING'];
    expect(await codeOf(await calls.modify('mario.rossi', created.id, uploadForm({})))).toEqual(conflict);
    expect(await codeOf(await calls.remove('mario.rossi', created.id))).toEqual(conflict);
    expect(await codeOf(await calls.validate('dott.ferrari', created.id))).toEqual(conflict);
    expect(await codeOf(await calls.reject('dott.ferrari', created.id, 'ancora'))).toEqual(conflict);
    expect(await one('mario.rossi', created.id)).toMatchObject({ status: 'REJECTED', canModify: false });

    const doomed = await calls.created('mario.rossi', { bytes: pdf });
    expect((await calls.remove('mario.rossi', doomed.id)).status).toBe(204);
    expect((await ctx.call(`/api/uploadedDocuments/${doomed.id}`, 'mario.rossi')).status).toBe(404);
  });

  it('validation puts the very same file in the dossier, in one step', async () => {
    const created = await calls.created('mario.rossi', {
      bytes: pdf,
      fields: { title: 'Ecocardiogramma esterno' },
    });
    const validated = v.parse(
      UploadedDocument,
      await (await calls.validate('dott.ferrari', created.id)).json(),
    );
    expect(validated.status).toBe('VALIDATED');
    const documentId = validated.dossierDocumentId ?? 0;
    const [document] = await ctx.db.select().from(documents).where(eq(documents.id, documentId));
    expect(document).toMatchObject({
      patientId: mario,
      documentTypeCode: 'UPL',
      title: 'Ecocardiogramma esterno',
    });
    const dossier = v.parse(
      DocumentList,
      await (await ctx.call(`/api/documents?patientId=${mario}&context=list&max=5`, 'mario.rossi')).json(),
    );
    expect(dossier.documents[0]).toMatchObject({
      id: documentId,
      documentType: { code: 'UPL' },
      viewable: true,
    });
    const view = (await (await ctx.call(`/api/documents/${documentId}/view`, 'mario.rossi')).json()) as {
      url: string;
    };
    const bytes = await (await ctx.call(view.url, 'mario.rossi')).arrayBuffer();
    expect(new Uint8Array(bytes)).toEqual(pdf);
    expect(await codeOf(await calls.validate('dott.ferrari', created.id))).toEqual([
      409,
      'UPLOAD_NOT_PENDING',
    ]);
  });

  it('gives one review and one 409 when two reviews race, and one dossier document', async () => {
    const created = await calls.created('mario.rossi', { bytes: pdf });
    const replies = await Promise.all([
      calls.validate('dott.ferrari', created.id),
      calls.validate('dott.ferrari', created.id),
      calls.reject('dott.ferrari', created.id, 'In contemporanea'),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409, 409]);
    const linked = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        sql`${documents.content} ->> 'kind' = 'upload' and (${documents.content} ->> 'uploadId')::int = ${created.id}`,
      );
    const [row] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
    expect(linked.length).toBe(row?.status === 'VALIDATED' ? 1 : 0);
  });

  it('lets the patient address physicians, and hides addressed uploads from the others', async () => {
    expect(
      await codeOf(await calls.upload('mario.rossi', { bytes: pdf, fields: { approvingPhysicians: '1' } })),
    ).toEqual([400, 'BAD_REQUEST']);
    const [other] = await ctx.db
      .insert(users)
      .values({
        subject: 'demo-dott.neri',
        username: 'dott.neri',
        userType: 'PHY',
        displayName: 'Dott. Neri',
        permissions: ['perm.meview.customDocument.read'],
      })
      .returning();
    const addressed = await calls.created('mario.rossi', {
      bytes: pdf,
      fields: { approvingPhysicians: [String(other?.id)] },
    });
    expect(addressed.approvingPhysicians).toEqual([{ id: other?.id, displayName: 'Dott. Neri' }]);
    expect((await list('dott.ferrari')).documents.map((each) => each.id)).not.toContain(addressed.id);
    expect((await calls.validate('dott.ferrari', addressed.id)).status).toBe(404);
    expect((await list('dott.neri')).documents.map((each) => each.id)).toContain(addressed.id);
    // Addressed to nobody again: every physician with access may review it.
    const cleared = uploadForm({ fields: { approvingPhysicians: '0' } });
    expect((await calls.modify('mario.rossi', addressed.id, cleared)).status).toBe(200);
    expect((await list('dott.ferrari')).documents.map((each) => each.id)).toContain(addressed.id);
    expect((await calls.remove('mario.rossi', addressed.id)).status).toBe(204);
  });

  it('keeps a patient without the dossier consent out of the physicians lists', async () => {
    const created = await calls.created('luca.verdi', { bytes: pdf });
    expect((await list('dott.ferrari')).documents.map((each) => each.id)).not.toContain(created.id);
    expect(await codeOf(await calls.validate('dott.ferrari', created.id))).toEqual([
      403,
      'DOSSIER_NOT_AUTHORIZED',
    ]);
  });

  it('counts uploads to review for a physician and unseen reviews for the patient', async () => {
    const [pending] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(uploadedDocuments)
      .where(and(eq(uploadedDocuments.status, 'PENDING'), eq(uploadedDocuments.patientId, mario)));
    expect(await calls.notifications('dott.ferrari')).toBe(pending?.n);
    await list('mario.rossi');
    expect(await calls.notifications('mario.rossi')).toBe(0);
    const created = await calls.created('mario.rossi', { bytes: pdf });
    expect(await calls.notifications('dott.ferrari')).toBe((pending?.n ?? 0) + 1);
    await calls.reject('dott.ferrari', created.id, 'Manca la seconda pagina');
    expect(await calls.notifications('dott.ferrari')).toBe(pending?.n);
    expect(await calls.notifications('mario.rossi')).toBe(1);
    expect(
      (await list('mario.rossi')).documents.find((each) => each.id === created.id)?.rejectionReason,
    ).toBe('Manca la seconda pagina');
    expect(await calls.notifications('mario.rossi')).toBe(0);
    const reply = await (await ctx.call('/api/notifications', 'operatore')).json();
    expect(reply).toEqual({ conferences: 0, messages: 0, uploadedDocuments: 0, surveys: 0 });
  });
});
