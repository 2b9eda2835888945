import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { documents, guestDocuments, guests, users } from '../schema';

/**
 * The demo guest 'ospite' (Sara Rossi) holds a grant on Mario Rossi's dossier: as his partner, by
 * delegation, with the dossier, download and chat rights, for a year, and two documents shared by name.
 */
export async function seedGuests(db: Database): Promise<void> {
  const [guest] = await db.select().from(users).where(eq(users.username, 'ospite'));
  if (!guest?.patientId) return;
  const [patient] = await db.select().from(users).where(eq(users.username, 'mario.rossi'));
  const shared = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.patientId, guest.patientId), eq(documents.superseded, false)))
    .orderBy(asc(documents.id))
    .limit(2);
  const now = new Date();
  const [grant] = await db
    .insert(guests)
    .values({
      patientId: guest.patientId,
      guestUserId: guest.id,
      relationship: 'mate',
      accessTitle: 'delegation',
      rights: ['dossier', 'download', 'chat'],
      invitedAt: now,
      deadline: new Date(now.getTime() + 365 * 24 * 3600_000),
      createdByUserId: patient?.id ?? null,
    })
    .returning({ id: guests.id });
  if (grant && shared.length > 0)
    await db.insert(guestDocuments).values(shared.map((row) => ({ guestId: grant.id, documentId: row.id })));
}
