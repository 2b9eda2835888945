import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PaiFolder } from '../../../src/contract';
import type { Database } from '../../db/client';
import { documents, paiFolderDocuments, paiFolders, type UserRow } from '../../db/schema';
import { listConditions } from '../documents/list';
import { isViewableBy, querySummaries } from '../documents/records';
import type { Language } from '../language';
import type { PaiRow } from './access';

/** A folder holds at most this many documents in a reply (plans are short; a guard, not a page). */
const MAX_FOLDER_DOCUMENTS = 100;

/**
 * The plan's folders and, in each, the documents of the dossier filed there that the caller may see:
 * the dossier list's own conditions (current versions, obscuring, a guest's grant) decide, so a folder
 * never reveals a document the list hides.
 */
export async function foldersOf(
  db: Database,
  user: UserRow,
  plan: PaiRow,
  language: Language,
): Promise<PaiFolder[]> {
  const folders = await db
    .select()
    .from(paiFolders)
    .where(eq(paiFolders.paiId, plan.id))
    .orderBy(asc(paiFolders.position), asc(paiFolders.id));
  if (folders.length === 0) return [];
  const links = await db
    .select()
    .from(paiFolderDocuments)
    .where(
      inArray(
        paiFolderDocuments.folderId,
        folders.map((folder) => folder.id),
      ),
    );
  const ids = [...new Set(links.map((link) => link.documentId))];
  const visible =
    ids.length === 0
      ? []
      : await querySummaries(
          db,
          and(
            listConditions({ patientId: plan.patientId, max: 1, offset: 0 }, user),
            inArray(documents.id, ids),
          ) as SQL,
          { limit: MAX_FOLDER_DOCUMENTS * folders.length, offset: 0 },
        );
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    documents: visible
      .filter((record) =>
        links.some((link) => link.folderId === folder.id && link.documentId === record.document.id),
      )
      .slice(0, MAX_FOLDER_DOCUMENTS)
      .map((record) => ({
        id: record.document.id,
        title: record.document.title,
        viewable: isViewableBy(user, record),
        documentType: {
          code: record.type.code,
          desc: language === 'en' ? record.type.descEn : record.type.descIt,
        },
        docCreationDateTime: record.document.createdAt.toISOString(),
      })),
  }));
}
