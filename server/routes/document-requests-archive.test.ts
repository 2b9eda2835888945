import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentRequest, Hospitalizations, RequestArchive } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { desk, documentsOf, fieldsOf, patientIdOf, post } from '../test/fixtures/document-requests';

const CONFLICT =
  "Non è stato stato possibile completare la richiesta in quanto i ricoveri selezionati risultano già associati ad un'altra richiesta";

describe.each(databaseTargets)('medical-record requests and the archive on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let stays: Hospitalizations['hospitalizations'];
  const records = (ids: number[], patientId = mario) => ({
    kind: 'MEDICAL_RECORDS',
    patientId,
    items: ids.map((hospitalizationId) => ({ hospitalizationId, numCopies: 1 })),
    delivery: desk(),
  });
  const archive = async (query = '', username = 'mario.rossi'): Promise<RequestArchive> => {
    const response = await ctx.call(`/api/documentRequest/archive?patientId=${mario}${query}`, username);
    expect(response.status).toBe(200);
    return v.parse(RequestArchive, await response.json());
  };
  const change = (id: number, action: 'cancel' | 'delete', username = 'mario.rossi'): Promise<Response> =>
    action === 'cancel'
      ? ctx.call(`/api/documentRequest/${id}/cancel`, username, { method: 'PUT' })
      : ctx.call(`/api/documentRequest/${id}`, username, { method: 'DELETE' });

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    const response = await ctx.call(`/api/hospitalizations?patientId=${mario}`, 'mario.rossi');
    stays = v.parse(Hospitalizations, await response.json()).hospitalizations;
  });
  afterAll(() => ctx.close());

  it("lists the patient's admissions newest first, localised, to those who may see them", async () => {
    expect(stays).toHaveLength(4);
    expect(stays.map((stay) => stay.admittedAt)).toEqual(
      stays
        .map((stay) => stay.admittedAt)
        .sort()
        .reverse(),
    );
    expect(stays[0]?.regime).toEqual({ code: 'O', desc: 'Ricovero ordinario' });
    const english = await ctx.call(`/api/hospitalizations?patientId=${mario}`, 'dott.ferrari', {
      language: 'en-EN',
    });
    expect(v.parse(Hospitalizations, await english.json()).hospitalizations[0]?.regime.desc).toBe(
      'Inpatient admission',
    );
    expect((await ctx.call(`/api/hospitalizations?patientId=${mario}`, 'giulia.bianchi')).status).toBe(403);
    expect((await ctx.call(`/api/hospitalizations?patientId=${mario}`, 'ospite')).status).toBe(403);
    expect((await ctx.call('/api/hospitalizations?patientId=abc', 'mario.rossi')).status).toBe(400);
  });

  it('refuses an admission already held by the seeded request, with the catalogue message', async () => {
    const held = stays.at(-1)?.id ?? 0;
    for (const path of ['quote', 'createRequest']) {
      const response = await post(ctx, path, 'mario.rossi', records([stays[0]?.id ?? 0, held]));
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        code: 'HOSPITALIZATIONS_ALREADY_REQUESTED',
        message: CONFLICT,
      });
    }
    const foreign = await post(ctx, 'createRequest', 'mario.rossi', records([stays[0]?.id ?? 0, 999_999]));
    expect(await fieldsOf(foreign)).toEqual(['items.1.hospitalizationId:invalid']);
  });

  it('lets only one of two concurrent requests take the same admission, and frees it on cancel', async () => {
    const free = stays[1]?.id ?? 0;
    const quote = await post(ctx, 'quote', 'mario.rossi', records([free]));
    expect(await quote.json()).toMatchObject({ priceCents: 2500 });
    const replies = await Promise.all([
      post(ctx, 'createRequest', 'mario.rossi', records([free])),
      post(ctx, 'createRequest', 'operatore', records([free])),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    const winner = replies.find((reply) => reply.status === 201);
    const created = v.parse(DocumentRequest, await winner?.json());
    expect((await change(created.id, 'delete')).status).toBe(409);
    const cancelled = await change(created.id, 'cancel');
    expect(v.parse(DocumentRequest, await cancelled.json())).toMatchObject({
      status: 'CANCELLED',
      cancellable: false,
      deletable: true,
    });
    expect((await change(created.id, 'cancel')).status).toBe(409);
    expect((await post(ctx, 'createRequest', 'mario.rossi', records([free]))).status).toBe(201);
  });

  it('pages the archive newest first and deletes only finished requests', async () => {
    const { plain } = await documentsOf(ctx, mario);
    for (let copies = 1; copies <= 3; copies += 1) {
      const body = {
        kind: 'REPORTS',
        patientId: mario,
        items: [{ documentId: plain[0], document: true, dicom: false, numCopies: copies }],
        delivery: desk(),
      };
      expect((await post(ctx, 'createRequest', 'mario.rossi', body)).status).toBe(201);
    }
    const first = await archive('&max=2');
    expect(first.documents).toHaveLength(2);
    expect(first.paging).toMatchObject({
      max: 2,
      offset: 0,
      totalPage: Math.ceil(first.paging.totalCount / 2),
    });
    expect(first.documents[0]?.items[0]?.numCopies).toBe(3);
    const all = await archive('&max=100');
    const dates = all.documents.map((request) => request.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const statuses = new Set(all.documents.map((request) => request.status));
    expect([...statuses].sort()).toEqual(['CANCELLED', 'COMPLETED', 'SUBMITTED']);
    const completed = all.documents.find((request) => request.status === 'COMPLETED');
    expect(completed?.deletable).toBe(true);
    expect((await change(completed?.id ?? 0, 'delete', 'giulia.bianchi')).status).toBe(403);
    expect((await change(completed?.id ?? 0, 'delete')).status).toBe(204);
    const after = await archive('&max=100');
    expect(after.paging.totalCount).toBe(all.paging.totalCount - 1);
    expect(after.documents.some((request) => request.id === completed?.id)).toBe(false);
    expect((await change(completed?.id ?? 0, 'delete')).status).toBe(404);
    expect((await ctx.call(`/api/documentRequest/archive?patientId=${mario}`, 'admin')).status).toBe(403);
    expect(
      (await ctx.call(`/api/documentRequest/archive?patientId=${mario}&max=0`, 'mario.rossi')).status,
    ).toBe(400);
    expect((await archive('', 'dott.ferrari')).paging.totalCount).toBe(after.paging.totalCount);
  });
});
