import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { IdParam, TempDocumentSubmitQuery, type TempDocumentSubmitReply } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { documentToSign, type SigningPdf, signedDocument } from '../services/signing/documents';
import { testSignature } from '../services/signing/test-signature';
import { onInvalid } from '../validate';

function pdfResponse({ pdf, title }: SigningPdf): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${title.replace(/[^\w.-]+/g, '_')}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Documents of a ceremony before signature, and signed documents afterwards. */
export const signDocumentRoutes = new Hono<AppEnv>()
  // Before `/tempDocuments/:id`, which would otherwise take "submit" for an id.
  .get('/tempDocuments/submit', vValidator('query', TempDocumentSubmitQuery, onInvalid), async (c) => {
    const user = await c.var.user();
    const reply = await testSignature(c.get('deps').db, user, c.req.valid('query').documentId);
    return c.json(reply satisfies TempDocumentSubmitReply);
  })
  .get('/tempDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const user = await c.var.user();
    return pdfResponse(await documentToSign(c.get('deps').db, user, c.req.valid('param').id));
  })
  .get('/signedDocuments/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const user = await c.var.user();
    return pdfResponse(await signedDocument(c.get('deps').db, user, c.req.valid('param').id));
  });
