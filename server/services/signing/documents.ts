import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../../app-env';
import type { Database } from '../../db/client';
import { signatureCeremonies, signedDocuments, tempDocuments } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access';

/** A PDF of the signing area, as its download answers it. */
export interface SigningPdf {
  pdf: Uint8Array;
  title: string;
}

/** GET /tempDocuments/{id}: only the ceremony's signer sees a document to sign; anyone else gets 404. */
export async function documentToSign(
  db: Database,
  user: Pick<UserRow, 'id'>,
  id: number,
): Promise<SigningPdf> {
  const [document] = await db
    .select({ pdf: tempDocuments.pdf, title: tempDocuments.title })
    .from(tempDocuments)
    .innerJoin(signatureCeremonies, eq(signatureCeremonies.id, tempDocuments.ceremonyId))
    .where(and(eq(tempDocuments.id, id), eq(signatureCeremonies.userId, user.id)));
  if (!document) throw new HttpError(404, 'NOT_FOUND');
  return document;
}

/** GET /signedDocuments/{id}: for its signer, and for whoever may read the patient's dossier (audited). */
export async function signedDocument(db: Database, user: UserRow, id: number): Promise<SigningPdf> {
  const [document] = await db.select().from(signedDocuments).where(eq(signedDocuments.id, id));
  if (!document) throw new HttpError(404, 'NOT_FOUND');
  // The signer always gets back what they signed; anyone else needs access to the patient's dossier.
  if (document.signerUserId !== user.id) {
    // A guest sees documents shared with them, never the patient's signed consents and authorisations.
    if (document.patientId === null || user.userType === 'GUE') throw new HttpError(404, 'NOT_FOUND');
    await authorizePatientAccess(db, user, document.patientId, 'DOCUMENT_DOWNLOAD', {
      detail: `signed document ${id}`,
    });
  }
  return { pdf: document.pdf, title: document.title };
}
