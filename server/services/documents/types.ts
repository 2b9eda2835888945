import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { documentTypes, type UserRow, units } from '../../db/schema';
import type { Language } from '../language';
import { isStaff } from '../users';

/** The provenance units a list can be filtered by, by name. */
export function provenances(db: Database): Promise<{ code: string; desc: string }[]> {
  return db.select({ code: units.code, desc: units.name }).from(units).orderBy(asc(units.name));
}

/** Every document type this user may view (staff all of them, others those viewable by the patient). */
export async function viewableDocumentTypes(
  db: Database,
  user: Pick<UserRow, 'userType'>,
  language: Language,
): Promise<{ code: string; desc: string }[]> {
  const rows = await db.select().from(documentTypes).orderBy(asc(documentTypes.code));
  return rows
    .filter((row) => isStaff(user) || row.viewableByPatient)
    .map((row) => ({ code: row.code, desc: language === 'en' ? row.descEn : row.descIt }));
}
