import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  type CanCreateConference,
  ConferenceListQuery,
  type ConferenceShow,
  IdParam,
  RejectConferenceBody,
  RequestConferenceBody,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { listConferences, onlineUsers } from '../services/conferences/list';
import { clearPresence, recordHeartbeat } from '../services/conferences/presence';
import { checkCanCreate } from '../services/conferences/relation';
import { answerConference, requestConference } from '../services/conferences/requests';
import { onlinePatients, showConference } from '../services/conferences/show';
import { languageOf } from '../services/language';
import { onInvalid } from '../validate';

/**
 * Videoconferences (spec 7 "Conferences"): a physician requests a call with a patient of their care, the
 * patient accepts or rejects it with a reason, either joins an accepted one. Presence (who has the portal
 * open) is a heartbeat of each open tab. The call itself is `conferences-call.ts`.
 */
export const conferenceRoutes = new Hono<AppEnv>()
  .get('/conferences', vValidator('query', ConferenceListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    return c.json(await listConferences(db, user, c.req.valid('query'), languageOf(c)));
  })
  .get('/conferences/onlineUsers', async (c) => {
    const { db } = c.get('deps');
    return c.json(await onlineUsers(db, await c.var.user()));
  })
  .get('/conferences/onlinePatients/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    return c.json(await onlinePatients(db, await c.var.user(), c.req.valid('param').id));
  })
  .get('/conferences/canUserCreateConference/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { allowed } = await checkCanCreate(db, user, c.req.valid('param').id, languageOf(c));
    return c.json(allowed satisfies CanCreateConference);
  })
  .post(
    '/conferences/request/:id',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', RequestConferenceBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      const booking = c.req.valid('json');
      const id = await requestConference(db, user, c.req.valid('param').id, languageOf(c), booking);
      return c.json({ id }, 201);
    },
  )
  .put('/conferences/presence', async (c) => {
    const { db } = c.get('deps');
    await recordHeartbeat(db, (await c.var.user()).id);
    return c.body(null, 204);
  })
  .delete('/conferences/presence', async (c) => {
    const { db } = c.get('deps');
    await clearPresence(db, (await c.var.user()).id);
    return c.body(null, 204);
  })
  .put('/conferences/:id/accept', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    await answerConference(db, await c.var.user(), c.req.valid('param').id, { state: 'ACCEPTED' });
    return c.body(null, 204);
  })
  .put(
    '/conferences/:id/reject',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', RejectConferenceBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { message } = c.req.valid('json');
      await answerConference(db, await c.var.user(), c.req.valid('param').id, {
        state: 'REJECTED',
        reason: message,
      });
      return c.body(null, 204);
    },
  )
  .get('/conferences/:id/show', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    const shown = await showConference(db, user, c.req.valid('param').id, config.videoUrlTemplate);
    return c.json(shown satisfies ConferenceShow);
  });
