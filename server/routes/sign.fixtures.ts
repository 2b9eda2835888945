import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TestContext } from '../../tests/support/test-app';
import type { UserRow } from '../app-env';
import { consents, smsOutbox, users } from '../db/schema';
import { prepareCeremony, registerCeremonyEffect } from '../services/signing/ceremony';
import { recentSms } from '../services/sms/outbox';

/** Ceremony kinds of the tests: one records what it received, one fails after the PDFs are stored. */
export const effectCalls: { ceremonyId: string; signedDocumentIds: number[] }[] = [];
registerCeremonyEffect('test-effect', async (tx, ceremony, signed) => {
  effectCalls.push({ ceremonyId: ceremony.id, signedDocumentIds: signed.map((s) => s.signedDocumentId) });
  // A real write, so a rollback of the effect is observable too.
  if (ceremony.patientId !== null)
    await tx.insert(consents).values({
      patientId: ceremony.patientId,
      consentCode: `TEST-${ceremony.id.slice(0, 8)}`,
      statusCode: 'GIVEN',
      signedAt: new Date(),
    });
});
/** Writes an SMS in the signing transaction, as a guest's credentials are. */
registerCeremonyEffect('test-sms-effect', async (tx, ceremony) => {
  await tx
    .insert(smsOutbox)
    .values({ toPhone: '+39 333 0000042', body: `Benvenuto ${ceremony.id}`, purpose: 'TEST' });
});
registerCeremonyEffect('test-failing-effect', async () => {
  throw new Error('effect failed');
});

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

export async function prepare(
  ctx: TestContext,
  username: string,
  options: { kind?: string; documents?: number; now?: Date } = {},
): Promise<{ ceremonyId: string; documentIds: number[]; user: UserRow }> {
  const user = await userNamed(ctx, username);
  const documents = await Promise.all(
    Array.from({ length: options.documents ?? 1 }, async (_, index) => ({
      title: `Consenso ${index + 1}`,
      subject: `TEST-${index}`,
      pdf: await smallPdf(`Consenso di prova ${index + 1} per ${user.displayName}`),
    })),
  );
  const prepared = await prepareCeremony(ctx.db, {
    user,
    patientId: user.patientId,
    kind: options.kind ?? 'test-effect',
    effect: {},
    documents,
    ...(options.now ? { now: options.now } : {}),
  });
  return { ...prepared, user };
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
