import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { SummaryPdfQuery } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { languageOf } from '../services/language';
import { summaryPdf } from '../services/summary/pdf';
import { onInvalid } from '../validate';

/**
 * The patient summary for the portal's screen: its PDF, built by the same call as the FHIR `$summary`
 * (same access, audit and visibility); the JSON is the FHIR endpoint's.
 */
export const summaryRoutes = new Hono<AppEnv>().get(
  '/summary/pdf',
  vValidator('query', SummaryPdfQuery, onInvalid),
  async (c) => {
    const { db, config } = c.get('deps');
    const { bytes, filename } = await summaryPdf(db, await c.var.user(), c.req.valid('query').patientId, {
      language: languageOf(c),
      hospital: config.applicationTitle,
    });
    // A copy typed on a plain ArrayBuffer, as the Response constructor wants.
    return new Response(new Uint8Array(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      },
    });
  },
);
