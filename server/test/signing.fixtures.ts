import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TestContext } from '../../tests/support/test-app';
import type { UserRow } from '../app-env';
import { users } from '../db/schema';
import { FEA_CONSENT_CODE } from '../services/consents/catalogue';
import { CONSENT_KINDS, type ConsentEffect } from '../services/consents/effects';
import { prepareCeremony } from '../services/signing/ceremony';
import { recentSms } from '../services/sms/outbox';

export async function smallPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

export async function userNamed(ctx: TestContext, username: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
}

/** The subject of a consent the test ceremony lists but holds no document for: its effect fails. */
export const UNSIGNED_SUBJECT = 'TEST-UNSIGNED';

/**
 * A ceremony of a real kind for the signature tests: giving the FEA consent once per document, so each
 * signed PDF becomes a consent version pointing at it (what the effect received, visible in `consents`).
 * With `failing`, the effect also lists a consent with no document in the ceremony: it fails after the
 * first consents are written, so the whole signature rolls back. Staff collect it for Mario Rossi.
 */
export async function prepare(
  ctx: TestContext,
  username: string,
  options: { documents?: number; now?: Date; failing?: boolean } = {},
): Promise<{ ceremonyId: string; documentIds: number[]; user: UserRow; patientId: number }> {
  const user = await userNamed(ctx, username);
  const patientId = user.patientId ?? (await userNamed(ctx, 'mario.rossi')).patientId;
  if (patientId === null) throw new Error('no demo patient');
  const subjects = Array.from({ length: options.documents ?? 1 }, (_, index) => `TEST-${index}`);
  const documents = await Promise.all(
    subjects.map(async (subject, index) => ({
      title: `Consenso ${index + 1}`,
      subject,
      pdf: await smallPdf(`Consenso di prova ${index + 1} per ${user.displayName}`),
    })),
  );
  const effect: ConsentEffect = {
    patientId,
    signer: { type: 'self' },
    items: [...subjects, ...(options.failing ? [UNSIGNED_SUBJECT] : [])].map((subject) => ({
      consentCode: FEA_CONSENT_CODE,
      projectId: null,
      action: 'give',
      jsonData: {},
      subject,
    })),
  };
  const prepared = await prepareCeremony(ctx.db, {
    user,
    patientId,
    kind: CONSENT_KINDS.consent,
    effect,
    documents,
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...prepared, user, patientId };
}

/** The code of the last signature SMS sent to this user's phone. */
export async function lastCode(ctx: TestContext, user: UserRow): Promise<string> {
  const [sms] = await recentSms(ctx.db, { withinMs: 24 * 3600_000, to: user.mobilePhone ?? '' });
  const code = sms?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code sent');
  return code;
}

export function json(method: string, body: unknown): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}
