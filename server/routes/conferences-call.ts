import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  CallSignalInput,
  type CallSignals,
  CallSignalsQuery,
  type CallState,
  IdParam,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { leaveCall } from '../services/conferences/call/leave';
import { admitPatient, callSetup, hangUp, joinCall } from '../services/conferences/call/session';
import { listSignals, sendSignal } from '../services/conferences/call/signals';
import { onInvalid } from '../validate';

const idParam = vValidator('param', IdParam, onInvalid);

/**
 * The in-portal videoconference: setup, the waiting room and the WebRTC signalling
 * between the conference's two parties. Signals travel through PostgreSQL and the live channel
 * (topic `conferenceCall`), so the two browsers may be served by different processes.
 */
export const conferenceCallRoutes = new Hono<AppEnv>()
  .get('/conferences/:id/call', idParam, async (c) => {
    const { db, config } = c.get('deps');
    const user = await c.var.user();
    return c.json(await callSetup(db, user, c.req.valid('param').id, config.iceServers));
  })
  .post('/conferences/:id/call/join', idParam, async (c) => {
    const { db } = c.get('deps');
    const state = await joinCall(db, await c.var.user(), c.req.valid('param').id);
    return c.json(state satisfies CallState);
  })
  .post('/conferences/:id/call/admit', idParam, async (c) => {
    const { db } = c.get('deps');
    const state = await admitPatient(db, await c.var.user(), c.req.valid('param').id);
    return c.json(state satisfies CallState);
  })
  .post('/conferences/:id/call/hangup', idParam, async (c) => {
    const { db } = c.get('deps');
    const state = await hangUp(db, await c.var.user(), c.req.valid('param').id);
    return c.json(state satisfies CallState);
  })
  .post('/conferences/:id/call/leave', idParam, async (c) => {
    const { db } = c.get('deps');
    const state = await leaveCall(db, await c.var.user(), c.req.valid('param').id);
    return c.json(state satisfies CallState);
  })
  .get(
    '/conferences/:id/call/signals',
    idParam,
    vValidator('query', CallSignalsQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const { after } = c.req.valid('query');
      const signals = await listSignals(db, await c.var.user(), c.req.valid('param').id, after);
      return c.json(signals satisfies CallSignals);
    },
  )
  .post(
    '/conferences/:id/call/signals',
    idParam,
    vValidator('json', CallSignalInput, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      await sendSignal(db, await c.var.user(), c.req.valid('param').id, c.req.valid('json'));
      return c.body(null, 204);
    },
  );
