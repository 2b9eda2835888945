/** Calls of the upload tests: multipart uploads as the portal sends them, and the rows they leave. */
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { UploadedDocument } from '../../src/contract';
import type { TestContext } from '../../tests/support/test-app';
import { uploadApprovers, uploadedDocuments } from '../db/schema';

export interface UploadInput {
  bytes?: Uint8Array;
  name?: string;
  type?: string;
  fields?: Record<string, string | string[]>;
}

export function uploadForm(input: UploadInput): FormData {
  const form = new FormData();
  const fields = { documentType: 'EXT_REPORT', title: 'Visita cardiologica esterna', ...input.fields };
  for (const [key, value] of Object.entries(fields))
    for (const each of [value].flat()) form.append(key, each);
  if (input.bytes)
    form.append(
      'file',
      new File([new Uint8Array(input.bytes)], input.name ?? 'referto.pdf', {
        type: input.type ?? 'application/pdf',
      }),
    );
  return form;
}

export function uploadCalls(ctx: TestContext) {
  const send = (method: string, path: string, user: string, body?: FormData | object): Promise<Response> =>
    ctx.call(path, user, {
      method,
      ...(body instanceof FormData
        ? { body }
        : body
          ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
          : {}),
    });
  return {
    send,
    upload: (user: string, input: UploadInput): Promise<Response> =>
      send('POST', '/api/uploadedDocuments', user, uploadForm(input)),
    modify: (user: string, id: number, form: FormData): Promise<Response> =>
      send('PUT', `/api/uploadedDocuments/${id}`, user, form),
    validate: (user: string, id: number): Promise<Response> =>
      send('PUT', `/api/uploadedDocuments/${id}/validate`, user),
    reject: (user: string, id: number, reason?: string): Promise<Response> =>
      send('PUT', `/api/uploadedDocuments/${id}/reject`, user, reason === undefined ? {} : { reason }),
    remove: (user: string, id: number): Promise<Response> =>
      send('DELETE', `/api/uploadedDocuments/${id}`, user),
    /** A successful upload's reply. */
    async created(user: string, input: UploadInput): Promise<UploadedDocument> {
      const response = await send('POST', '/api/uploadedDocuments', user, uploadForm(input));
      if (response.status !== 201)
        throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      return v.parse(UploadedDocument, await response.json());
    },
    async notifications(user: string): Promise<number> {
      const reply = (await (await ctx.call('/api/notifications', user)).json()) as {
        uploadedDocuments: number;
      };
      return reply.uploadedDocuments;
    },
    /** Rows of both upload tables: a refused upload must leave them as they were. */
    async rowCounts(): Promise<{ uploads: number; approvers: number }> {
      const [uploads] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploadedDocuments);
      const [approvers] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(uploadApprovers);
      return { uploads: uploads?.n ?? -1, approvers: approvers?.n ?? -1 };
    },
  };
}
