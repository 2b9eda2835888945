import type { Binary } from '@medplum/fhirtypes';
import type { Database } from '../../../db/client';
import { HttpError } from '../../../http-error';
import { loadAuthorizedDocument, pdfRefusal } from '../../documents/access';
import { documentPdf } from '../../documents/files';
import { appAllows } from '../app-scopes';
import type { FhirCaller } from './api';
import { documentSource } from './document-source';
import { numericId } from './search';

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
    const pdf = await documentPdf(db, record);
    return {
      pdf,
      binary: () => ({
        resourceType: 'Binary',
        id,
        contentType: 'application/pdf',
        data: Buffer.from(pdf).toString('base64'),
      }),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 403 && error.code !== 'DOWNLOAD_NOT_ALLOWED')
      throw new HttpError(404, 'NOT_FOUND');
    throw error;
  }
}
