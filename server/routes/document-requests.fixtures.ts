/** Shared pieces of the copy-request API tests: bodies the portal would send and the seed's ids. */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Delivery, DeliveryInfo } from '../../src/contract';
import type { TestContext } from '../../tests/support/test-app';
import { documents } from '../db/schema';

export const EMPTY_INFO: DeliveryInfo = {
  surname: '',
  name: '',
  address: '',
  addressNumber: '',
  zip: '',
  city: '',
  province: '',
  mobile: '',
  email: '',
  delegated: null,
};

export const desk = (overrides: Partial<Delivery> = {}): Delivery => ({
  type: 'DESK',
  modality: 'SELF',
  documentSupport: 'PAPER',
  imageSupport: null,
  info: { ...EMPTY_INFO },
  ...overrides,
});

export const courier = (info: Partial<DeliveryInfo> = {}): Delivery => ({
  type: 'COURIER',
  modality: 'SELF',
  documentSupport: 'PAPER',
  imageSupport: null,
  info: {
    ...EMPTY_INFO,
    surname: 'Rossi',
    name: 'Mario',
    address: 'Via Roma',
    addressNumber: '12',
    zip: '20121',
    city: 'Milano',
    province: 'MI',
    mobile: '+39 333 1000001',
    email: 'mario.rossi@example.it',
    ...info,
  },
});

export async function patientIdOf(ctx: TestContext, username: string): Promise<number> {
  const me = (await (await ctx.call('/api/me', username)).json()) as { patientId: number };
  return me.patientId;
}

/** A patient's current documents: with studies (an accession number) and without. */
export async function documentsOf(
  ctx: TestContext,
  patientId: number,
): Promise<{ withStudies: number[]; plain: number[] }> {
  const current = and(eq(documents.patientId, patientId), eq(documents.superseded, false));
  const withStudies = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(current, isNotNull(documents.accessionNumber)))
    .orderBy(asc(documents.id));
  const plain = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(and(current, isNull(documents.accessionNumber)))
    .orderBy(asc(documents.id));
  return { withStudies: withStudies.map((row) => row.id), plain: plain.map((row) => row.id) };
}

export function post(ctx: TestContext, path: string, username: string, body: unknown): Promise<Response> {
  return ctx.call(`/api/documentRequest/${path}`, username, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
}

export async function fieldsOf(response: Response): Promise<string[]> {
  const reply = (await response.json()) as { fields?: { field: string; code: string }[] };
  return (reply.fields ?? []).map((entry) => `${entry.field}:${entry.code}`);
}
