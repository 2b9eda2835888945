import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { smsOutbox, users } from '../../db/schema';
import { operationalEvents } from '../../observability/events';

export interface SmsMessage {
  to: string;
  body: string;
}

/** Delivers an SMS; a hospital plugs in its gateway. Throwing marks the message FAILED. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The embedded default: the outbox row is the message (the demo reads it at /dev/sms). */
export const recordOnlySender: SmsSender = {
  name: 'record-only',
  send: async () => {},
};

/** Records the message in the outbox, then hands it to the sender. */
export async function sendSms(
  db: Database,
  sender: SmsSender,
  input: { userId: number | null; to: string; body: string; purpose: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(smsOutbox)
    .values({
      userId: input.userId,
      toPhone: input.to,
      body: input.body,
      purpose: input.purpose,
      createdAt: now,
    })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms not recorded');
  try {
    await sender.send({ to: input.to, body: input.body });
    await db.update(smsOutbox).set({ status: 'SENT', sentAt: new Date() }).where(eq(smsOutbox.id, row.id));
    operationalEvents.sms('sent');
  } catch (error) {
    await db.update(smsOutbox).set({ status: 'FAILED' }).where(eq(smsOutbox.id, row.id));
    operationalEvents.sms('failed');
    throw error;
  }
}

/**
 * Writes a message QUEUED inside the caller's transaction: it leaves only if the transaction commits, when
 * `dispatchQueuedSms` runs after it (a gateway must never send what a rollback takes back).
 */
export async function queueSms(
  tx: Database,
  input: { userId: number | null; to: string; body: string; purpose: string; now: Date },
): Promise<void> {
  await tx.insert(smsOutbox).values({
    userId: input.userId,
    toPhone: input.to,
    body: input.body,
    purpose: input.purpose,
    createdAt: input.now,
  });
}

/**
 * Hands the messages written inside a transaction (still QUEUED: a gateway must not be called before the
 * commit) to the sender, oldest first. Each row is claimed (SENDING) by one dispatcher only, then SENT or
 * FAILED. Returns how many were sent.
 */
export async function dispatchQueuedSms(db: Database, sender: SmsSender, limit = 50): Promise<number> {
  const queued = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(eq(smsOutbox.status, 'QUEUED'))
    .orderBy(asc(smsOutbox.id))
    .limit(limit);
  const claimed = await db
    .update(smsOutbox)
    .set({ status: 'SENDING' })
    .where(and(inArray(smsOutbox.id, queued), eq(smsOutbox.status, 'QUEUED')))
    .returning();
  let sent = 0;
  for (const row of claimed.sort((a, b) => a.id - b.id)) {
    try {
      await sender.send({ to: row.toPhone, body: row.body });
      await db.update(smsOutbox).set({ status: 'SENT', sentAt: new Date() }).where(eq(smsOutbox.id, row.id));
      sent++;
      operationalEvents.sms('sent');
    } catch {
      await db.update(smsOutbox).set({ status: 'FAILED' }).where(eq(smsOutbox.id, row.id));
      operationalEvents.sms('failed');
    }
  }
  return sent;
}

/** Messages of the last `withinMs` (newest first), optionally for one phone: the demo page and tests. */
export async function recentSms(
  db: Database,
  options: { withinMs: number; to?: string; now?: Date },
): Promise<(typeof smsOutbox.$inferSelect)[]> {
  const since = new Date((options.now ?? new Date()).getTime() - options.withinMs);
  return db
    .select()
    .from(smsOutbox)
    .where(
      and(
        gte(smsOutbox.createdAt, since),
        options.to !== undefined ? eq(smsOutbox.toPhone, options.to) : undefined,
      ),
    )
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(200);
}

/** The mobile phone of the user `username`, or null: the demo page narrows its list to one account. */
export async function phoneOfUsername(db: Database, username: string): Promise<string | null> {
  const [user] = await db
    .select({ phone: users.mobilePhone })
    .from(users)
    .where(eq(users.username, username))
    .limit(1);
  return user?.phone ?? null;
}

/** "***4567": enough for the user to recognise the phone, not enough to learn it (nor its length). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `***${digits.slice(-4)}`;
}
