import { vValidator } from '@hono/valibot-validator';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono } from 'hono';
import {
  PasskeyIdParam,
  type PasskeyList,
  PasskeyOptionsBody,
  type PasskeyOptionsReply,
  PasskeyRegisterBody,
  PasskeyRenameBody,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http-error';
import { requestAddress } from '../request-address';
import {
  assertionOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  stepUpMethods,
} from '../services/security/passkeys';
import { checkStepUp } from '../services/security/step-up';
import { onInvalid } from '../validate';

/** Every change answers the list as it now is, so the page shows what the server holds. */
async function listOf(db: Database, user: Pick<UserRow, 'id' | 'userType'>): Promise<PasskeyList> {
  const rows = await listPasskeys(db, user.id);
  return {
    passkeys: rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      backedUp: row.backedUp,
    })),
    stepUp: await stepUpMethods(db, user),
  };
}

/**
 * The caller's passkeys: list, add after a fresh second factor, rename, remove. Rules in
 * services/security/passkeys; docs/decisions.md "Passkeys (security)".
 */
export const securityPasskeyRoutes = new Hono<AppEnv>()
  .get('/security/passkeys', async (c) => {
    const user = await c.var.user();
    c.header('Cache-Control', 'no-store');
    return c.json(await listOf(c.get('deps').db, user));
  })
  // The challenge a passkey answers to prove a fresh factor (the step-up before adding another one).
  .post('/security/passkeys/stepUpOptions', async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const options = await assertionOptions(db, relyingPartyOf(config), {
      purpose: 'stepUp',
      userId: user.id,
      binding: null,
    });
    if (!options) throw new HttpError(409, 'FUNCTION_NOT_AVAILABLE');
    c.header('Cache-Control', 'no-store');
    return c.json({ options: { ...options } } satisfies PasskeyOptionsReply);
  })
  .post(
    '/security/passkeys/registrationOptions',
    vValidator('json', PasskeyOptionsBody, onInvalid),
    async (c) => {
      const { db, config, logger } = c.get('deps');
      const user = await c.var.user();
      const rp = relyingPartyOf(config);
      await checkStepUp(db, {
        target: { userId: user.id, username: user.username, stepUp: await stepUpMethods(db, user) },
        proof: c.req.valid('json').stepUp,
        address: requestAddress(c),
        logger,
        rp,
      });
      const options = await registrationOptions(db, rp, user);
      c.header('Cache-Control', 'no-store');
      return c.json({ options: { ...options } } satisfies PasskeyOptionsReply);
    },
  )
  .post('/security/passkeys', vValidator('json', PasskeyRegisterBody, onInvalid), async (c) => {
    const { db, config, logger } = c.get('deps');
    const user = await c.var.user();
    const { response, name } = c.req.valid('json');
    await registerPasskey(
      db,
      { rp: relyingPartyOf(config), logger },
      // The contract checked the shape; the library checks the content.
      { user, response: response as RegistrationResponseJSON, name },
    );
    return c.json(await listOf(db, user), 201);
  })
  .patch(
    '/security/passkeys/:id',
    vValidator('param', PasskeyIdParam, onInvalid),
    vValidator('json', PasskeyRenameBody, onInvalid),
    async (c) => {
      const user = await c.var.user();
      const id = Number(c.req.valid('param').id);
      const { db } = c.get('deps');
      await renamePasskey(db, { userId: user.id, id, name: c.req.valid('json').name });
      return c.json(await listOf(db, user));
    },
  )
  .delete('/security/passkeys/:id', vValidator('param', PasskeyIdParam, onInvalid), async (c) => {
    const { db, logger } = c.get('deps');
    const user = await c.var.user();
    const id = Number(c.req.valid('param').id);
    await removePasskey(db, { userId: user.id, id });
    logger.info('security.passkey.removed', { userId: user.id, passkeyId: id });
    return c.json(await listOf(db, user));
  });
