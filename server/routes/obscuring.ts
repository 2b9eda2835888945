import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { ConfirmObscureBody, PrepareObscureBody, type PrepareObscureReply } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { confirmObscuring, prepareObscuring } from '../services/obscuring/ceremony';
import { onInvalid } from '../validate';

/**
 * Obscuring of documents (spec 7): the patient prepares a signed request, signs it through the ceremony
 * (`/sign/*`, whose effect applies the flags), then confirms. `GET /documents/{id}/checkObscure` lives with
 * the other document reads in documents.ts.
 */
export const obscuringRoutes = new Hono<AppEnv>()
  .post('/documents/prepareObscure', vValidator('json', PrepareObscureBody, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const reply = await prepareObscuring(db, user, c.req.valid('json'), {
      applicationTitle: config.applicationTitle,
    });
    return c.json(reply satisfies PrepareObscureReply);
  })
  .put('/documents/obscure', vValidator('json', ConfirmObscureBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json(await confirmObscuring(db, user, c.req.valid('json').documentIds));
  });
