import { eq } from 'drizzle-orm';
import type { Exercise } from '../../../src/contract';
import type { Database } from '../client';
import { pairPlans, pripriSessions, users } from '../schema';

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Mario's first plan: one exercise, so a new plan shows the patient what changed. */
const walking: Exercise = {
  name: 'Cammino assistito',
  description: 'Cammino in corridoio con il deambulatore, a passo regolare',
  level: 'BASE',
  category: 'GAIT',
  purpose: 'Recuperare autonomia nel cammino',
  location: 'HOME',
  startDate: day(-20),
  endDate: day(40),
  frequency: { value: 1, unit: 'd', description: 'al mattino' },
  seriesNumber: 2,
  repetitionsNumber: 1,
  seriesInterval: { value: 5, unit: 'min' },
  sessionInterval: { value: 1, unit: 'd' },
  length: { value: 15, unit: 'min' },
  laterality: 'NA',
  assistance: 'SUPERVISION',
  supports: [],
  device: 'WALKER',
  monitoringIndices: [{ index: 'HR', min: 60, max: 120 }],
};

/**
 * An ACTIVE plan for Mario Rossi by dott.ferrari with three PRIpri sessions (Berg 48, 46, 41: yellow). Seeded
 * as a plan brought from an earlier system: it has no signed document in the dossier.
 */
export async function seedPair(db: Database): Promise<void> {
  const [physician] = await db.select().from(users).where(eq(users.username, 'dott.ferrari'));
  const [patient] = await db.select().from(users).where(eq(users.username, 'mario.rossi'));
  if (!physician || !patient?.patientId) return;
  const [plan] = await db
    .insert(pairPlans)
    .values({
      patientId: patient.patientId,
      name: 'Recupero del cammino',
      status: 'ACTIVE',
      startDate: day(-20),
      stopDate: day(40),
      exercises: [walking],
      thresholds: [{ index: 'BERG', green: 45, red: 30 }],
      createdByUserId: physician.id,
      createdAt: new Date(Date.now() - 21 * 86_400_000),
      activatedAt: new Date(Date.now() - 20 * 86_400_000),
      // Read by Mario long ago: "Cosa ti aspetta" announces only a plan signed (or changed) since.
      patientSeenAt: new Date(Date.now() - 19 * 86_400_000),
    })
    .returning({ id: pairPlans.id });
  if (!plan) return;
  await db.insert(pripriSessions).values(
    [
      [-14, 48],
      [-7, 46],
      [-1, 41],
    ].map(([offset, value]) => ({
      planId: plan.id,
      patientId: patient.patientId ?? 0,
      sessionDate: day(offset ?? 0),
      measures: [{ index: 'BERG', value: value ?? 0 }],
      recordedByUserId: physician.id,
    })),
  );
}
