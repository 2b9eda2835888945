import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from './support/test-app';

/**
 * An id the database cannot hold (PostgreSQL `integer`), a negative or a non-numeric one
 * is a 400 with the field in error on every route, never a 500 from the database.
 */
const badIds = ['9999999999', '2147483648', '-1', '0', 'abc', '1e3', '01'];

const probes: { method: string; path: (id: string) => string; user: string; field: string }[] = [
  { method: 'GET', path: (id) => `/api/documents/${id}`, user: 'dott.ferrari', field: 'id' },
  { method: 'GET', path: (id) => `/api/documents/${id}/previousVersions`, user: 'dott.ferrari', field: 'id' },
  { method: 'GET', path: (id) => `/api/patients/${id}`, user: 'dott.ferrari', field: 'id' },
  { method: 'GET', path: (id) => `/api/documents?patientId=${id}`, user: 'dott.ferrari', field: 'patientId' },
  { method: 'GET', path: (id) => `/api/uploadedDocuments/${id}`, user: 'dott.ferrari', field: 'id' },
  { method: 'GET', path: (id) => `/api/signedDocuments/${id}`, user: 'mario.rossi', field: 'id' },
  { method: 'GET', path: (id) => `/api/trackingPatientHistory/${id}`, user: 'mario.rossi', field: 'id' },
  { method: 'GET', path: (id) => `/api/guests/${id}`, user: 'mario.rossi', field: 'guestId' },
  { method: 'PUT', path: (id) => `/api/documentRequest/${id}/cancel`, user: 'mario.rossi', field: 'id' },
  { method: 'DELETE', path: (id) => `/api/documentRequest/${id}`, user: 'mario.rossi', field: 'id' },
  { method: 'GET', path: (id) => `/api/pais/${id}`, user: 'mario.rossi', field: 'id' },
  { method: 'GET', path: (id) => `/api/pais?patientId=${id}`, user: 'mario.rossi', field: 'patientId' },
  { method: 'PUT', path: (id) => `/api/pais/${id}/activity/1/done`, user: 'mario.rossi', field: 'paiId' },
];

describe.each(databaseTargets)('identifiers out of range on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  it.each(probes)(
    '$method $path answers 400 for ids out of range, negative or not numeric',
    async (probe) => {
      for (const id of badIds) {
        const response = await ctx.call(probe.path(id), probe.user, { method: probe.method });
        expect({ id, status: response.status }).toEqual({ id, status: 400 });
        const body = (await response.json()) as { code: string; fields?: { field: string }[] };
        expect(body.code).toBe('BAD_REQUEST');
        expect(body.fields?.map((field) => field.field)).toContain(probe.field);
      }
    },
  );

  it('still looks up the largest id the database holds (an unknown record, not a 400)', async () => {
    const response = await ctx.call('/api/documents/2147483647', 'dott.ferrari');
    expect([403, 404]).toContain(response.status);
  });

  it('refuses an out-of-range id in a JSON body and a paging offset past the range', async () => {
    const body = await ctx.call('/api/documents/obscure', 'mario.rossi', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentIds: [9_999_999_999] }),
    });
    expect(body.status).toBe(400);
    expect(((await body.json()) as { fields: unknown[] }).fields).toEqual([
      { field: 'documentIds.0', code: 'outOfRange' },
    ]);
    const offset = await ctx.call('/api/documents?patientId=1&offset=99999999999999999999', 'dott.ferrari');
    expect(offset.status).toBe(400);
  });
});
