import type { Binary } from '@medplum/fhirtypes';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../http-error';
import { loadAuthorizedDocument, pdfRefusal } from '../../documents/access';
import { documentPdf } from '../../documents/files';
import { signedDocument } from '../../signing/documents';
import { appAllows } from '../app-scopes';
import type { FhirCaller } from './api';
import { consentDocumentSource } from './consent-sources';
import { documentSource } from './document-source';
import { numericId } from './search';

const asBinary = (id: string, pdf: Uint8Array): { pdf: Uint8Array; binary: () => Binary } => ({
  pdf,
  binary: () => ({
    resourceType: 'Binary',
    id,
    contentType: 'application/pdf',
    data: Buffer.from(pdf).toString('base64'),
  }),
});

/**
 * A consent's signed PDF (`Binary/consent-<id>`): one behind a consent of the app's patient, then the
 * signing area's own check (signedDocuments: the patient, staff for consent documents, no guest), audited
 * as a download with the app's name; a refusal is a 404 as a missing one.
 */
async function signedConsentPdf(db: Database, caller: FhirCaller, id: number): Promise<Uint8Array> {
  const owner = await consentDocumentSource.ownerOf(db, id);
  if (owner === null || (caller.app && caller.app.patientId !== owner)) throw new HttpError(404, 'NOT_FOUND');
  try {
    return (await signedDocument(db, caller.user, id, caller.app?.name)).pdf;
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw new HttpError(404, 'NOT_FOUND');
    throw error;
  }
}

/**
 * A document's PDF (`GET /fhir/Binary/<id>`, the DocumentReference's attachment): the document area's
 * own check (obscuring, a guest's download right, the types the patient side may open), audited as a
 * download with the app's name. An app reads it with a Binary or a DocumentReference scope (the
 * attachment is the reference's content). A refusal of a document answers 404, as for a missing one.
 */
export async function readBinary(
  db: Database,
  caller: FhirCaller,
  id: string,
): Promise<{ pdf: Uint8Array; binary: () => Binary }> {
  const { app, user } = caller;
  if (!appAllows(app, 'Binary', 'r') && !appAllows(app, 'DocumentReference', 'r'))
    throw new HttpError(403, 'ACCESS_DENIED');
  const signedId = numericId(consentDocumentSource, id);
  if (signedId !== null) return asBinary(id, await signedConsentPdf(db, caller, signedId));
  const documentId = numericId(documentSource, id);
  if (documentId === null) throw new HttpError(404, 'NOT_FOUND');
  if (app && (await documentSource.ownerOf(db, documentId)) !== app.patientId)
    throw new HttpError(404, 'NOT_FOUND');
  try {
    const record = await loadAuthorizedDocument(
      db,
      user,
      documentId,
      'DOCUMENT_DOWNLOAD',
      new Date(),
      (found) => pdfRefusal(user, found, 'ACCESS_DENIED'),
      app?.name,
    );
    return asBinary(id, await documentPdf(db, record));
  } catch (error) {
    if (error instanceof HttpError && error.status === 403 && error.code !== 'DOWNLOAD_NOT_ALLOWED')
      throw new HttpError(404, 'NOT_FOUND');
    throw error;
  }
}
