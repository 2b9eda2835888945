import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, gt } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfirmObscureReply,
  DocumentList,
  type ObscuringInfo,
  PrepareObscureReply,
} from '../../src/contract';
import { noObscuring } from '../../src/contract/documents';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documents, tempDocuments, users } from '../db/schema';
import { flags, obscureDocument, signCeremony } from '../test/fixtures/obscuring';

describe.each(databaseTargets)('obscuring through the signature ceremony on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  /** Current ONLINE documents of Mario not written by the demo physician, handed out one per test. */
  let spare: number[] = [];
  const take = (): number => {
    const id = spare.shift();
    if (id === undefined) throw new Error('no spare document left');
    return id;
  };

  const prepare = (body: unknown, user: string | null = 'mario.rossi'): Promise<Response> =>
    ctx.call('/api/documents/prepareObscure', user, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const confirm = (documentIds: number[], user = 'mario.rossi'): Promise<Response> =>
    ctx.call('/api/documents/obscure', user, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentIds }),
    });
  const sign = (tempIds: number[], username = 'mario.rossi'): Promise<number[]> =>
    signCeremony(ctx, tempIds, username);
  const obscure = (documentId: number, obscuringInfo: ObscuringInfo): Promise<number[]> =>
    obscureDocument(ctx, 'mario.rossi', mario, documentId, obscuringInfo);
  const listedIds = async (user: string): Promise<{ ids: number[]; total: number }> => {
    const response = await ctx.call(`/api/documents?patientId=${mario}&max=5000`, user);
    expect(response.status).toBe(200);
    const list = v.parse(DocumentList, await response.json());
    return { ids: list.documents.map((document) => document.id), total: list.paging.totalCount };
  };
  const errorOf = async (response: Response): Promise<{ status: number; code: string }> => ({
    status: response.status,
    code: ((await response.json()) as { code: string }).code,
  });

  beforeAll(async () => {
    ctx = await createTestContext(location);
    const patientOf = async (username: string): Promise<number> =>
      ((await (await ctx.call('/api/me', username)).json()) as { patientId: number }).patientId;
    mario = await patientOf('mario.rossi');
    giulia = await patientOf('giulia.bianchi');
    const rows = await ctx.db
      .select({ id: documents.id, author: documents.authorUserId })
      .from(documents)
      .where(
        and(eq(documents.patientId, mario), eq(documents.superseded, false), eq(documents.status, 'ONLINE')),
      )
      .orderBy(desc(documents.createdAt));
    spare = rows.filter((row) => row.author === null).map((row) => row.id);
  });
  afterAll(() => ctx.close());

  it('prepares a signed request listing whom each document is hidden from', async () => {
    const documentId = take();
    const response = await prepare({
      patientId: mario,
      documents: [{ documentId, obscuringInfo: flags('general', 'son') }],
    });
    expect(response.status).toBe(200);
    const { documentIds } = v.parse(PrepareObscureReply, await response.json());
    expect(documentIds).toHaveLength(1);
    const [temp] = await ctx.db
      .select()
      .from(tempDocuments)
      .where(eq(tempDocuments.id, documentIds[0] ?? 0));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'obscure-')), 'request.pdf');
    writeFileSync(file, temp?.pdf ?? new Uint8Array());
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('Richiesta di oscuramento');
    expect(text).toContain('Nascosto a: Tutti gli operatori sanitari, Figli');
    expect(text).toContain('ROSSI Mario');
    // Nothing changes before the signature.
    expect((await listedIds('dott.ferrari')).ids).toContain(documentId);
  });

  it('hides a signed document from the physician: lists, counts, 404 audited; the patient still sees it', async () => {
    const documentId = take();
    const before = await listedIds('dott.ferrari');
    const preparedIds = await obscure(documentId, flags('general'));
    const after = await listedIds('dott.ferrari');
    expect(after.ids).not.toContain(documentId);
    expect(after.total).toBe(before.total - 1);
    expect((await ctx.call(`/api/documents/${documentId}`, 'dott.ferrari')).status).toBe(404);
    expect((await listedIds('mario.rossi')).ids).toContain(documentId);
    const [change] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.documentId, documentId), eq(auditLog.activity, 'DOCUMENT_OBSCURE')));
    expect(change).toMatchObject({ userRole: 'PAT', outcome: 'ALLOWED', detail: '+general' });
    const [refusal] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.documentId, documentId), eq(auditLog.userRole, 'PHY')))
      .orderBy(desc(auditLog.id));
    expect(refusal?.detail).toBe('OBSCURED');

    const confirmed = await confirm(preparedIds);
    expect(confirmed.status).toBe(200);
    expect(v.parse(ConfirmObscureReply, await confirmed.json())).toMatchObject({
      patientId: mario,
      documents: [{ documentId, obscuringInfo: flags('general') }],
    });
    const check = await ctx.call(
      `/api/documents/${documentId}/checkObscure?patientId=${mario}`,
      'mario.rossi',
    );
    expect(await check.json()).toEqual({ obscured: true, obscuringInfo: flags('general') });
  });

  it('shows the document again after an un-obscuring request is signed', async () => {
    const documentId = take();
    await obscure(documentId, flags('specialist', 'operator'));
    expect((await listedIds('dott.ferrari')).ids).not.toContain(documentId);
    expect((await listedIds('operatore')).ids).not.toContain(documentId);
    await obscure(documentId, flags('operator'));
    expect((await listedIds('dott.ferrari')).ids).toContain(documentId);
    expect((await listedIds('operatore')).ids).not.toContain(documentId);
    await obscure(documentId, noObscuring);
    expect((await listedIds('operatore')).ids).toContain(documentId);
    expect((await ctx.call(`/api/documents/${documentId}`, 'operatore')).status).toBe(200);
    const details = await ctx.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.documentId, documentId), eq(auditLog.activity, 'DOCUMENT_OBSCURE')))
      .orderBy(auditLog.id);
    expect(details.map((row) => row.detail)).toEqual(['+specialist,operator', '-specialist', '-operator']);
  });

  it('keeps a document visible to the physician who wrote it, not to other staff', async () => {
    const [ferrari] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    const [own] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.authorUserId, ferrari?.id ?? 0), eq(documents.superseded, false)))
      .limit(1);
    expect(own).toBeDefined();
    const documentId = own?.id ?? 0;
    await obscure(documentId, flags('general'));
    expect((await listedIds('dott.ferrari')).ids).toContain(documentId);
    expect((await ctx.call(`/api/documents/${documentId}`, 'dott.ferrari')).status).toBe(200);
    expect((await listedIds('operatore')).ids).not.toContain(documentId);
  });

  it('obscures the earlier versions of a document too', async () => {
    const [latest] = await ctx.db
      .select({ id: documents.id, previous: documents.previousVersionId })
      .from(documents)
      .where(and(eq(documents.patientId, mario), gt(documents.version, 1), eq(documents.superseded, false)))
      .limit(1);
    const previous = latest?.previous ?? 0;
    expect((await ctx.call(`/api/documents/${previous}`, 'operatore')).status).toBe(200);
    await obscure(latest?.id ?? 0, flags('general'));
    expect((await ctx.call(`/api/documents/${previous}`, 'operatore')).status).toBe(404);
  });

  it('refuses callers without the permission, other patients and staff', async () => {
    const body = { patientId: mario, documents: [{ documentId: spare[0], obscuringInfo: flags('general') }] };
    expect(await errorOf(await prepare(body, 'dott.ferrari'))).toEqual({
      status: 403,
      code: 'PERMISSION_MISSING',
    });
    expect(await errorOf(await prepare(body, 'ospite'))).toEqual({ status: 403, code: 'PERMISSION_MISSING' });
    expect(await errorOf(await prepare(body, 'giulia.bianchi'))).toEqual({
      status: 403,
      code: 'ACCESS_DENIED',
    });
    await ctx.db
      .update(users)
      .set({ permissions: ['perm.meview.consent.read'] })
      .where(eq(users.username, 'luca.verdi'));
    const own = { ...body, patientId: giulia };
    expect(await errorOf(await prepare(own, 'luca.verdi'))).toEqual({
      status: 403,
      code: 'PERMISSION_MISSING',
    });
    expect((await prepare(body, null)).status).toBe(401);
  });

  it('answers 404 for documents outside the dossier or superseded, 400 for invalid selections', async () => {
    const [other] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.patientId, giulia))
      .limit(1);
    const [old] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.patientId, mario), eq(documents.superseded, true)))
      .limit(1);
    const one = (documentId: number, obscuringInfo = flags('general')) => ({
      patientId: mario,
      documents: [{ documentId, obscuringInfo }],
    });
    expect(await errorOf(await prepare(one(other?.id ?? 0)))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await errorOf(await prepare(one(old?.id ?? 0)))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const documentId = spare[0] ?? 0;
    const unchanged = await prepare(one(documentId, noObscuring));
    expect(unchanged.status).toBe(400);
    expect(((await unchanged.json()) as { fields: unknown[] }).fields).toEqual([
      { field: 'documents.0.obscuringInfo', code: 'invalid' },
    ]);
    const twice = {
      patientId: mario,
      documents: [one(documentId).documents[0], one(documentId).documents[0]],
    };
    expect(await errorOf(await prepare(twice))).toEqual({ status: 400, code: 'BAD_REQUEST' });
    expect((await prepare({ patientId: mario, documents: [] })).status).toBe(400);
    expect(
      (await prepare({ patientId: mario, documents: [{ documentId, obscuringInfo: { general: true } }] }))
        .status,
    ).toBe(400);
  });

  it('confirms only a signed obscure ceremony of the caller', async () => {
    const documentId = take();
    const response = await prepare({
      patientId: mario,
      documents: [{ documentId, obscuringInfo: flags('mate') }],
    });
    const { documentIds } = v.parse(PrepareObscureReply, await response.json());
    const invalid = { status: 409, code: 'SIGN_CONTEXT_INVALID' };
    // Not signed yet, unknown, or signed documents' ids instead of the prepared ones: no context.
    expect(await errorOf(await confirm(documentIds))).toEqual(invalid);
    expect(await errorOf(await confirm([999_999]))).toEqual(invalid);
    const signedIds = await sign(documentIds);
    expect(await errorOf(await confirm([...documentIds, 999_999]))).toEqual(invalid);
    expect(await errorOf(await confirm(documentIds, 'giulia.bianchi'))).toEqual(invalid);
    const confirmed = await confirm(documentIds);
    expect(confirmed.status).toBe(200);
    expect(v.parse(ConfirmObscureReply, await confirmed.json()).documents).toEqual([
      expect.objectContaining({ documentId, obscuringInfo: flags('mate') }),
    ]);
    expect(signedIds).toHaveLength(1);
    expect((await confirm([])).status).toBe(400);
    // A signed ceremony cannot be signed twice.
    await expect(sign(documentIds)).rejects.toMatchObject({ code: 'SIGN_CONTEXT_INVALID' });
  });
});
