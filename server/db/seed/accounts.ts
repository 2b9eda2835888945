import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { documents, guestDocuments, guests, patients, users } from '../schema';
import { PHYSICIAN_PATIENT_INDEX } from './patients';

/** The key the physician Anna Ferrari's two accounts share (users.person_key). */
export const FERRARI_PERSON_KEY = 'person-anna-ferrari';
/** The random demo patient who also granted 'marta.colombo' access (the 4th seeded patient). */
export const SECOND_GRANTOR_INDEX = 3;
const DAY_MS = 24 * 3600_000;

/**
 * People with several accounts (for the account switch). dott.ferrari is also the patient Anna Ferrari
 * (patient record PHYSICIAN_PATIENT_INDEX): her patient account has no password of its own and is reached
 * by switching from the physician's login. 'marta.colombo' is a guest of two patients: two documents of
 * Mario Rossi's shared by name (older grant), and the 4th patient's whole dossier (newer grant, so her
 * login opens it first).
 */
export async function seedPersonAccounts(db: Database): Promise<void> {
  // The seeded patients in the order they were written (serial ids).
  const patientIds = (
    await db
      .select({ id: patients.mepiId })
      .from(patients)
      .orderBy(asc(patients.mepiId))
      .limit(PHYSICIAN_PATIENT_INDEX + 1)
  ).map((row) => row.id);
  const ferrariPatient = patientIds[PHYSICIAN_PATIENT_INDEX];
  const [physician] = await db.select().from(users).where(eq(users.username, 'dott.ferrari'));
  const [record] = ferrariPatient
    ? await db.select().from(patients).where(eq(patients.mepiId, ferrariPatient))
    : [];
  if (physician && record) {
    await db.update(users).set({ personKey: FERRARI_PERSON_KEY }).where(eq(users.id, physician.id));
    await db.insert(users).values({
      subject: 'demo-anna.ferrari',
      username: 'anna.ferrari',
      passwordHash: null,
      userType: 'PAT',
      displayName: `${record.name} ${record.surname}`,
      email: physician.email,
      mobilePhone: physician.mobilePhone,
      fiscalCode: record.fiscalCode,
      patientId: record.mepiId,
      permissions: [
        'perm.meview.consent.read',
        'perm.meview.consent.write',
        'perm.meview.consent.patient.autonomy',
        'perm.meview.customDocument.read',
        'perm.meview.document.obscure',
      ],
      personKey: FERRARI_PERSON_KEY,
    });
  }
  await seedTwoGrants(db, patientIds);
}

async function seedTwoGrants(db: Database, patientIds: readonly number[]): Promise<void> {
  const [guest] = await db.select().from(users).where(eq(users.username, 'marta.colombo'));
  const [mario, second] = [patientIds[0], patientIds[SECOND_GRANTOR_INDEX]];
  if (!guest || mario === undefined || second === undefined) return;
  const [granter] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'mario.rossi'));
  const now = Date.now();
  const [marioGrant] = await db
    .insert(guests)
    .values([
      {
        patientId: mario,
        guestUserId: guest.id,
        relationship: 'otherFamily',
        accessTitle: 'delegation',
        rights: ['download'],
        invitedAt: new Date(now - 30 * DAY_MS),
        deadline: new Date(now + 365 * DAY_MS),
        createdByUserId: granter?.id ?? null,
      },
      {
        patientId: second,
        guestUserId: guest.id,
        relationship: 'son',
        accessTitle: 'delegation',
        rights: ['dossier', 'chat'],
        invitedAt: new Date(now - DAY_MS),
        deadline: new Date(now + 365 * DAY_MS),
        createdByUserId: null,
      },
    ])
    .returning({ id: guests.id });
  // Mario's two newest documents: others than the ones 'ospite' got, so the two guests can be told apart.
  const shared = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.patientId, mario), eq(documents.superseded, false)))
    .orderBy(asc(documents.id));
  const chosen = shared.slice(-2);
  if (marioGrant && chosen.length > 0)
    await db
      .insert(guestDocuments)
      .values(chosen.map((row) => ({ guestId: marioGrant.id, documentId: row.id })));
}
