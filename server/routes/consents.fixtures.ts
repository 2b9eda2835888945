import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { type Consent, ConsentList, ProfileDenied } from '../../src/contract';
import type { TestContext } from '../../tests/support/test-app';
import { projects } from '../db/schema';
import { findOpenCeremony } from '../services/signing/ceremony';
import { completeCeremony } from '../services/signing/complete';
import { json, userNamed } from '../test/signing.fixtures';

export { json, userNamed };

/** The patient id of a demo patient account (also for the one whose /me answers 403 code 0). */
export async function patientIdOf(ctx: TestContext, username: string): Promise<number> {
  const user = await userNamed(ctx, username);
  if (user.patientId === null) throw new Error(`${username} is not a patient`);
  return user.patientId;
}

export async function projectIdOf(ctx: TestContext, code: string): Promise<number> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.code, code));
  if (!project) throw new Error(`no project ${code}`);
  return project.id;
}

export async function consentList(
  ctx: TestContext,
  patientId: number,
  username: string,
  query = '',
): Promise<ConsentList> {
  const response = await ctx.call(`/api/patients/${patientId}/consensus${query}`, username);
  expect(response.status).toBe(200);
  return v.parse(ConsentList, await response.json());
}

export function find(list: ConsentList, consentCode: string): Consent {
  const consent = list.patientConsensusList.find((each) => each.consentCode === consentCode);
  if (!consent) throw new Error(`no ${consentCode} in the list`);
  return consent;
}

export async function expectError(response: Response, status: number, code: string): Promise<unknown> {
  const body = (await response.json()) as { code: string };
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  return body;
}

export async function meCode(ctx: TestContext, username: string): Promise<number | 'ok'> {
  const response = await ctx.call('/api/me', username);
  if (response.status === 200) return 'ok';
  return v.parse(ProfileDenied, await response.json()).code;
}

/** Signs the prepared documents as the signature routes would, with a stand-in for PAdES. */
export async function signPrepared(ctx: TestContext, username: string, documentIds: number[]) {
  const user = await userNamed(ctx, username);
  const { ceremony, documents } = await findOpenCeremony(ctx.db, user, documentIds);
  return completeCeremony(ctx.db, ceremony, documents, async (pdf) => {
    const marker = new TextEncoder().encode('\n%signed-by-test\n');
    const signed = new Uint8Array(pdf.length + marker.length);
    signed.set(pdf);
    signed.set(marker, pdf.length);
    return signed;
  });
}

export const dossierAnswers = { informationRead: true, sensitiveData: 'exclude' };
export const self = { type: 'self' } as const;
