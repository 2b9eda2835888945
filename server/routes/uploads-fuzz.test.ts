import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { uploadedDocuments } from '../db/schema';
import { makePdf, pdfOfSize } from '../services/uploads/test-pdfs';
import { type UploadInput, uploadCalls, uploadForm } from '../test/fixtures/uploads';

describe.each(databaseTargets)('upload fuzzing on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof uploadCalls>;
  let pdf: Uint8Array;
  let before: { uploads: number; approvers: number };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = uploadCalls(ctx);
    pdf = await makePdf('Esame del sangue', 2);
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    before = await calls.rowCounts();
  });

  /** A refused upload: status, catalogue code, field in error, and not one row more. */
  const refused = async (input: UploadInput, status: number, code: string, field = 'file'): Promise<void> => {
    const response = await calls.upload('mario.rossi', input);
    const body = (await response.json()) as { code: string; fields?: { field: string }[] };
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    expect(body.fields?.map((each) => each.field)).toContain(field);
    expect(await calls.rowCounts()).toEqual(before);
  };

  it('refuses bytes that are not a PDF whatever the name and declared type', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await refused({ bytes: png, name: 'referto.pdf', type: 'application/pdf' }, 400, 'UPLOAD_NOT_PDF');
    const text = new TextEncoder().encode('Referto: tutto bene.\n%%EOF');
    await refused({ bytes: text, name: 'referto.PDF' }, 400, 'UPLOAD_NOT_PDF');
    // The header is not enough: a PDF is checked all the way to a parsed page.
    const fake = new TextEncoder().encode('%PDF-1.7\nnot really a pdf\n%%EOF\n');
    await refused({ bytes: fake, name: 'fake.pdf' }, 400, 'UPLOAD_WRONG_FORMAT');
  });

  it('refuses an empty file and truncated PDFs', async () => {
    await refused({ bytes: new Uint8Array(0), name: 'vuoto.pdf' }, 400, 'UPLOAD_WRONG_FORMAT');
    for (const share of [0.95, 0.5, 0.1])
      await refused(
        { bytes: pdf.slice(0, Math.floor(pdf.length * share)), name: 'tagliato.pdf' },
        400,
        'UPLOAD_WRONG_FORMAT',
      );
  });

  it('accepts a real PDF named .exe with a foreign type, and never keeps the name', async () => {
    const created = await calls.created('mario.rossi', {
      bytes: pdf,
      name: 'setup.exe',
      type: 'application/octet-stream',
      fields: { title: '' },
    });
    // No title typed: the sanitized file name without its extension.
    expect(created.title).toBe('setup');
    const [row] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
    expect(row?.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(row?.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });

  it('accepts exactly 2 MB and refuses one byte more, before storing anything', async () => {
    const exact = await pdfOfSize(UPLOAD_MAX_BYTES);
    expect(exact.length).toBe(2 * 1024 * 1024);
    const created = await calls.created('mario.rossi', { bytes: exact });
    expect(created.byteSize).toBe(UPLOAD_MAX_BYTES);
    before = await calls.rowCounts();
    const over = await pdfOfSize(UPLOAD_MAX_BYTES + 1);
    await refused({ bytes: over }, 413, 'UPLOAD_TOO_LARGE');
  });

  it('stops reading a body far past the limit', async () => {
    const huge = new Uint8Array(3 * UPLOAD_MAX_BYTES);
    huge.set(pdf);
    await refused({ bytes: huge }, 413, 'UPLOAD_TOO_LARGE');
    // A declared length over the limit is refused before a byte is read.
    const response = await ctx.call('/api/uploadedDocuments', 'mario.rossi', {
      method: 'POST',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(5 * UPLOAD_MAX_BYTES),
      },
      body: new Uint8Array(16),
    });
    expect(response.status).toBe(413);
    expect(await calls.rowCounts()).toEqual(before);
  });

  it('turns odd, unicode and path-traversal names into plain titles, never into stored names', async () => {
    const cases: [name: string, title: string][] = [
      ['../../etc/passwd.pdf', 'passwd'],
      ['..\\..\\Windows\\System32\\config.pdf', 'config'],
      ['Référé cardiologia 📄 <script>alert(1)<script>.pdf', 'Référé cardiologia 📄 scriptalert(1)script'],
      ['referto\u202Efdp.exe', 'refertofdp'],
      ['...pdf', 'Documento'],
      [`${'a'.repeat(300)}.pdf`, 'a'.repeat(120)],
    ];
    for (const [name, title] of cases) {
      const created = await calls.created('mario.rossi', { bytes: pdf, name, fields: { title: '' } });
      expect(created.title).toBe(title);
      const [row] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
      expect(row?.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    }
  });

  it('validates the fields before the file, with the field in error', async () => {
    await refused({ bytes: pdf, fields: { documentType: 'NOPE' } }, 400, 'BAD_REQUEST', 'documentType');
    await refused({ bytes: pdf, fields: { documentType: '' } }, 400, 'BAD_REQUEST', 'documentType');
    await refused({ bytes: pdf, fields: { title: 'x'.repeat(121) } }, 400, 'BAD_REQUEST', 'title');
    await refused({ bytes: pdf, fields: { documentDate: '31/12/2025' } }, 400, 'BAD_REQUEST', 'documentDate');
    await refused(
      { bytes: pdf, fields: { approvingPhysicians: 'abc' } },
      400,
      'BAD_REQUEST',
      'approvingPhysicians.0',
    );
    await refused({}, 400, 'BAD_REQUEST', 'file');
    const json = await ctx.call('/api/uploadedDocuments', 'mario.rossi', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentType: 'EXT_REPORT', file: 'JVBERi0=' }),
    });
    expect(json.status).toBe(400);
    expect(await calls.rowCounts()).toEqual(before);
  });

  it('keeps the old file when a replacement is refused', async () => {
    const created = await calls.created('mario.rossi', { bytes: pdf });
    const [old] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
    const form = uploadForm({
      bytes: new TextEncoder().encode('GIF89a'),
      name: 'nuovo.pdf',
      fields: { title: 'Nuovo' },
    });
    const response = await calls.modify('mario.rossi', created.id, form);
    expect(response.status).toBe(400);
    const [after] = await ctx.db.select().from(uploadedDocuments).where(eq(uploadedDocuments.id, created.id));
    expect({ sha: after?.sha256, name: after?.storedName, title: after?.title }).toEqual({
      sha: old?.sha256,
      name: old?.storedName,
      title: old?.title,
    });
  });
});
