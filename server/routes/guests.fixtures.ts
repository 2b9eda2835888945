import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { DocumentList, type Guest, PrepareGuestReply } from '../../src/contract';
import type { TestContext } from '../../tests/support/test-app';
import { users } from '../db/schema';
import { romeToday } from '../services/guests/grants';
import { findOpenCeremony } from '../services/signing/ceremony';
import { completeCeremony } from '../services/signing/complete';

export const json = (method: string, body: unknown): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json' },
});

/** A calendar day `days` after today (Rome). */
export function dayFromToday(days: number, now = new Date()): string {
  return romeToday(new Date(now.getTime() + days * 24 * 3600_000));
}

export const newPerson = (fiscalCode = 'BNCLRA90A41H501X') => ({
  name: 'Laura',
  surname: 'Bianchi',
  fiscalCode,
  mobilePhone: '+39 333 9876543',
  email: 'laura.bianchi@example.it',
});

/** The signature of a prepared ceremony, as `/sign/*` completes it (the signing itself is tested there). */
export async function signAs(ctx: TestContext, username: string, tempIds: number[]): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  const { ceremony, documents } = await findOpenCeremony(ctx.db, user, tempIds);
  await completeCeremony(ctx.db, ceremony, documents, async (pdf) => pdf);
}

/** Prepare, sign and confirm: the whole ceremony of a create (no guestId) or an edit. */
export async function signedGuest(
  ctx: TestContext,
  body: Record<string, unknown>,
  username = 'mario.rossi',
): Promise<Guest> {
  const edit = typeof body.guestId === 'number';
  const prepared = await ctx.call(
    `/api/guests/${edit ? 'prepareUpdate' : 'prepareCreate'}`,
    username,
    json('POST', body),
  );
  expect(prepared.status).toBe(200);
  const { documentIds } = v.parse(PrepareGuestReply, await prepared.json());
  await signAs(ctx, username, documentIds);
  const confirmed = await ctx.call(
    edit ? `/api/guests/${String(body.guestId)}` : '/api/guests',
    username,
    json(edit ? 'PUT' : 'POST', { documentIds }),
  );
  expect(confirmed.status).toBe(edit ? 200 : 201);
  return (await confirmed.json()) as Guest;
}

/**
 * A guest account made by the ceremony has a random subject; the test IdP signs tokens for `demo-<username>`,
 * so the account takes that subject, as if the embedded IdP had issued it.
 */
export async function tokenSubjectFor(ctx: TestContext, username: string): Promise<void> {
  await ctx.db
    .update(users)
    .set({ subject: `demo-${username}` })
    .where(eq(users.username, username));
}

export async function listedIds(ctx: TestContext, patientId: number, user: string): Promise<number[]> {
  const response = await ctx.call(`/api/documents?patientId=${patientId}&max=100`, user);
  expect(response.status).toBe(200);
  return v.parse(DocumentList, await response.json()).documents.map((document) => document.id);
}
