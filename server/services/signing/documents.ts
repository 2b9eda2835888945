import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signatureCeremonies, signedDocuments, tempDocuments, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { authorizePatientAccess } from '../access/gate';
import { recordRefusal } from '../access/recorded';
import { isStaff } from '../users';
import { isConsentKind } from './on-behalf';

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

/**
 * GET /signedDocuments/{id}: read by whom the signature concerns. The signer and the patient always; staff
 * with access to the dossier only consent documents (signed consents, revocations, informed consents, paper
 * scans). An obscuring request lists what the patient hid, a guest authorisation names people and documents:
 * to anyone else they answer 404 as if absent, and the refusal is audited through the gate.
 */
export async function signedDocument(
  db: Database,
  user: UserRow,
  id: number,
  /** The SMART app reading for the user (FHIR's Binary), named in the audit rows. */
  appName?: string,
): Promise<SigningPdf> {
  const [row] = await db
    .select({ document: signedDocuments, ceremonyKind: signatureCeremonies.kind })
    .from(signedDocuments)
    .leftJoin(signatureCeremonies, eq(signatureCeremonies.id, signedDocuments.ceremonyId))
    .where(eq(signedDocuments.id, id));
  if (!row) throw new HttpError(404, 'NOT_FOUND');
  const { document } = row;
  const reply = { pdf: document.pdf, title: document.title };
  // The signer reads what they signed; an app reading for them goes through the gate, so its read is audited.
  if (document.signerUserId === user.id && !appName) return reply;
  if (document.patientId === null) throw new HttpError(404, 'NOT_FOUND');
  const patientId = document.patientId;
  const ownDossier = user.userType === 'PAT' && user.patientId === patientId;
  const consentDocument = document.kind === 'paper-scan' || isConsentKind(row.ceremonyKind);
  // Another patient is refused by the gate below (403), as for any dossier not theirs.
  const hidden = !ownDossier && (user.userType === 'GUE' || (isStaff(user) && !consentDocument));
  if (hidden) {
    await recordRefusal(db, user, patientId, 'DOCUMENT_DOWNLOAD', {
      detail: `signed document ${id}: not meant for the reader`,
      ...(appName ? { appName } : {}),
    });
    throw new HttpError(404, 'NOT_FOUND');
  }
  await authorizePatientAccess(db, user, patientId, 'DOCUMENT_DOWNLOAD', {
    detail: `signed document ${id}`,
    ...(appName ? { appName } : {}),
  });
  return reply;
}
