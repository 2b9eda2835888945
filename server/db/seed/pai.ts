import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import {
  documents,
  paiActivities,
  paiFolderDocuments,
  paiFolders,
  pais,
  paiTypes,
  projects,
  users,
} from '../schema';
import { activePlanActivities, type DemoActivity, demoPaiTypes, replacedPlanActivities } from './pai.data';

const DAY_MS = 86_400_000;
const dayFrom = (today: Date, days: number): string =>
  new Date(today.getTime() + days * DAY_MS).toISOString().slice(0, 10);

function activityRows(paiId: number, list: DemoActivity[], today: Date, doneById: number | null) {
  return list.map((activity, position) => ({
    paiId,
    position,
    title: activity.title,
    description: activity.description,
    plannedDate: dayFrom(today, activity.inDays),
    status: activity.doneInDays === undefined ? 'TODO' : 'DONE',
    deliveryDate: activity.doneInDays === undefined ? null : dayFrom(today, activity.doneInDays),
    doneById: activity.doneInDays === undefined ? null : doneById,
    doneAt:
      activity.doneInDays === undefined ? null : new Date(today.getTime() + activity.doneInDays * DAY_MS),
  }));
}

/**
 * Mario Rossi in the Diabete project: an ACTIVE plan with four activities (one done) and two folders, and
 * the older plan it REPLACED. Plans come from the hospital's systems; the seed stands in for them.
 */
export async function seedPais(db: Database, now: Date = new Date()): Promise<void> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const types = await db
    .insert(paiTypes)
    .values(demoPaiTypes.map((type) => ({ ...type, folderNames: [...type.folderNames] })))
    .returning();
  const [mario] = await db.select().from(users).where(eq(users.username, 'mario.rossi'));
  const [ferrari] = await db.select().from(users).where(eq(users.username, 'dott.ferrari'));
  const [diabete] = await db.select().from(projects).where(eq(projects.code, 'DIABETE'));
  const diabType = types.find((type) => type.code === 'PAI_DIAB');
  if (!mario?.patientId || !diabete || !diabType) return;
  const base = {
    patientId: mario.patientId,
    projectId: diabete.id,
    typeId: diabType.id,
    authorId: ferrari?.id ?? null,
  };
  const [active] = await db
    .insert(pais)
    .values({ ...base, title: 'Piano assistenziale diabete', validFrom: dayFrom(today, -60) })
    .returning();
  const [replaced] = await db
    .insert(pais)
    .values({
      ...base,
      title: 'Piano assistenziale diabete 2025',
      status: 'REPLACED',
      replacedById: active?.id ?? null,
      validFrom: dayFrom(today, -400),
      validTo: dayFrom(today, -61),
    })
    .returning();
  if (!active || !replaced) return;
  await db
    .insert(paiActivities)
    .values([
      ...activityRows(active.id, activePlanActivities, today, ferrari?.id ?? null),
      ...activityRows(replaced.id, replacedPlanActivities, today, ferrari?.id ?? null),
    ]);
  const folders = await db
    .insert(paiFolders)
    .values(diabType.folderNames.map((name, position) => ({ paiId: active.id, position, name })))
    .returning();
  const marioDocuments = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.patientId, mario.patientId), eq(documents.superseded, false)))
    .orderBy(asc(documents.id))
    .limit(2);
  const [reports] = folders;
  if (reports && marioDocuments.length > 0)
    await db
      .insert(paiFolderDocuments)
      .values(marioDocuments.map((doc) => ({ folderId: reports.id, documentId: doc.id })));
}
