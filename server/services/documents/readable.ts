import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { documents, documentTypes, type UserRow } from '../../db/schema';
import { isStaff } from '../users';
import { listConditions } from './list';

/**
 * What the requester may read of the patient's dossier, as the list shows it (current versions, obscuring
 * and a guest's grant applied in the query) and as the viewer opens it (a type the patient side may not
 * read, or an unreadable document, is left out).
 */
export function readableDocuments(user: UserRow, patientId: number): SQL {
  const conditions = [
    listConditions({ patientId, max: 1, offset: 0 }, user),
    sql`${documents.status} <> 'NOT_READABLE'`,
  ];
  if (!isStaff(user))
    conditions.push(
      inArray(
        documents.documentTypeCode,
        sql`(select ${documentTypes.code} from ${documentTypes} where ${documentTypes.viewableByPatient})`,
      ),
    );
  return and(...conditions) as SQL;
}
