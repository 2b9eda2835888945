import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  type AccessTitles,
  ConfirmGuestBody,
  type Guest,
  type GuestGrants,
  type GuestList,
  IdParam,
  PagingQuery,
  PrepareGuestCreateBody,
  type PrepareGuestReply,
  PrepareGuestUpdateBody,
  type RevokeGuestReply,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { authorizeGuestManagement } from '../services/access/guests';
import { prepareGuestCreate, prepareGuestUpdate } from '../services/guests/ceremony';
import { confirmedGuestId } from '../services/guests/confirm';
import { accessTitles } from '../services/guests/guests.data';
import { getGuest, grantsOf, listGuests, revokeGuest } from '../services/guests/queries';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

const GuestIdParam = v.object({ guestId: IdParam.entries.id });

/**
 * Guests (spec 7): the patient lists, creates (through the signature ceremony), edits (idem) and revokes
 * the people authorised to see their documents. `GET /guests/grants` tells a guest what they hold.
 */
export const guestRoutes = new Hono<AppEnv>()
  .get('/guests', vValidator('query', PagingQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const patientId = await authorizeGuestManagement(db, await c.var.user());
    return c.json((await listGuests(db, patientId, c.req.valid('query'), languageOf(c))) satisfies GuestList);
  })
  .get('/guests/accessTitles', async (c) => {
    await authorizeGuestManagement(c.get('deps').db, await c.var.user());
    const language = languageOf(c);
    return c.json({
      accessTitles: accessTitles.map((title) => ({ code: title.code, desc: title.desc[language] })),
    } satisfies AccessTitles);
  })
  .get('/guests/grants', async (c) => {
    const { db } = c.get('deps');
    return c.json({ grants: await grantsOf(db, await c.var.user(), languageOf(c)) } satisfies GuestGrants);
  })
  .post('/guests/prepareCreate', vValidator('json', PrepareGuestCreateBody, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const patientId = await authorizeGuestManagement(db, user);
    const reply = await prepareGuestCreate(db, user, patientId, c.req.valid('json'), {
      applicationTitle: config.applicationTitle,
      language: languageOf(c),
    });
    return c.json(reply satisfies PrepareGuestReply);
  })
  .post('/guests/prepareUpdate', vValidator('json', PrepareGuestUpdateBody, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const patientId = await authorizeGuestManagement(db, user);
    const reply = await prepareGuestUpdate(db, user, patientId, c.req.valid('json'), {
      applicationTitle: config.applicationTitle,
      language: languageOf(c),
    });
    return c.json(reply satisfies PrepareGuestReply);
  })
  .post('/guests', vValidator('json', ConfirmGuestBody, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const patientId = await authorizeGuestManagement(db, user);
    const guestId = await confirmedGuestId(db, user, c.req.valid('json').documentIds, { action: 'create' });
    return c.json((await getGuest(db, patientId, guestId, languageOf(c))) satisfies Guest, 201);
  })
  .get('/guests/:guestId', vValidator('param', GuestIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const patientId = await authorizeGuestManagement(db, await c.var.user());
    return c.json(
      (await getGuest(db, patientId, c.req.valid('param').guestId, languageOf(c))) satisfies Guest,
    );
  })
  .put(
    '/guests/:guestId',
    vValidator('param', GuestIdParam, onInvalid),
    vValidator('json', ConfirmGuestBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const patientId = await authorizeGuestManagement(db, user);
      const { guestId } = c.req.valid('param');
      await confirmedGuestId(db, user, c.req.valid('json').documentIds, { action: 'update', guestId });
      return c.json((await getGuest(db, patientId, guestId, languageOf(c))) satisfies Guest);
    },
  )
  .delete('/guests/:guestId', vValidator('param', GuestIdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const patientId = await authorizeGuestManagement(db, await c.var.user());
    return c.json(
      (await revokeGuest(db, patientId, c.req.valid('param').guestId)) satisfies RevokeGuestReply,
    );
  });
