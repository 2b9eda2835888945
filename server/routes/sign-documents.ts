import { vValidator } from '@hono/valibot-validator';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { IdParam, TempDocumentSubmitQuery, type TempDocumentSubmitReply } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { signatureCeremonies, signedDocuments, tempDocuments } from '../db/schema';
import { HttpError } from '../http-error';
import { authorizePatientAccess } from '../services/access';
import { testSignature } from '../services/signing/test-signature';
import { currentUser } from '../services/users';
import { onInvalid } from '../validate';

function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename.replace(/[^\w.-]+/g, '_')}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Documents of a ceremony before signature, and signed documents afterwards. */
export const signDocumentRoutes = new Hono<AppEnv>()
  // Before `/tempDocuments/:id`, which would otherwise take "submit" for an id.
  .get('/tempDocuments/submit', vValidator('query', TempDocumentSubmitQuery, onInvalid), async (c) => {
    const user = await currentUser(c);
    const reply = await testSignature(c.get('deps').db, user, c.req.valid('query').documentId);
    return c.json(reply satisfies TempDocumentSubmitReply);
  })
  /** Only the ceremony's signer sees a document to sign; anyone else gets 404, as if it did not exist. */
  .get('/tempDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const user = await currentUser(c);
    const [document] = await c
      .get('deps')
      .db.select({ pdf: tempDocuments.pdf, title: tempDocuments.title })
      .from(tempDocuments)
      .innerJoin(signatureCeremonies, eq(signatureCeremonies.id, tempDocuments.ceremonyId))
      .where(and(eq(tempDocuments.id, c.req.valid('param').id), eq(signatureCeremonies.userId, user.id)));
    if (!document) throw new HttpError(404, 'NOT_FOUND');
    return pdfResponse(document.pdf, document.title);
  })
  /** A signed PDF: for its signer, and for whoever may read the patient's dossier (audited). */
  .get('/signedDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const user = await currentUser(c);
    const { db } = c.get('deps');
    const id = c.req.valid('param').id;
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
    return pdfResponse(document.pdf, document.title);
  });
