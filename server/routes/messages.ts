import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import {
  IdParam,
  type MessageDetail,
  type MessageList,
  type MessagePatientList,
  MessagePatientQuery,
  NewMessageQuery,
  PagingQuery,
  type RecipientList,
  RecipientListQuery,
  type UserMessageState,
  UserMessageUpdate,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { readNewMessage } from '../services/messages/form';
import { messagePatients } from '../services/messages/patients';
import {
  listMessages,
  messageAttachment,
  readMessage,
  setRead,
  userMessageState,
} from '../services/messages/read';
import { allowedRecipients, messagePatient } from '../services/messages/recipients';
import { sendMessage } from '../services/messages/send';
import { requireMessaging } from '../services/messages/visibility';
import { onInvalid } from '../validate';

/**
 * Messages (spec 7 "Messages"): whom one may write to, the received and sent boxes, a message with its
 * thread (opening it marks it read: the sender's read receipt), sending, and the caller's own state.
 * Rules and limits in services/messages and docs/decisions.md "Messages"; the body limit of `POST` is
 * the uploads' (middleware/body-limit.ts), since a message may carry a PDF.
 */
export const messageRoutes = new Hono<AppEnv>()
  .get('/messages/recipientList', vValidator('query', RecipientListQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { patientId, projectId } = c.req.valid('query');
    const patient = await messagePatient(db, user, patientId);
    const recipients = await allowedRecipients(db, user, patient, projectId);
    return c.json({ recipients } satisfies RecipientList);
  })
  .get('/messages/patients', vValidator('query', MessagePatientQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const list = await messagePatients(db, user, c.req.valid('query').q);
    return c.json(list satisfies MessagePatientList);
  })
  .get('/messages/receivedList', vValidator('query', PagingQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await requireMessaging(db, user);
    return c.json((await listMessages(db, user, 'received', c.req.valid('query'))) satisfies MessageList);
  })
  .get('/messages/sentList', vValidator('query', PagingQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await requireMessaging(db, user);
    return c.json((await listMessages(db, user, 'sent', c.req.valid('query'))) satisfies MessageList);
  })
  .get('/messages/:id', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await requireMessaging(db, user);
    return c.json((await readMessage(db, user, c.req.valid('param').id)) satisfies MessageDetail);
  })
  .get('/messages/:id/attachment', vValidator('param', IdParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await requireMessaging(db, user);
    const file = await messageAttachment(db, user, c.req.valid('param').id);
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${encodeURIComponent(file.name)}"`,
        'Cache-Control': 'no-store',
      },
    });
  })
  .post('/messages', vValidator('query', NewMessageQuery, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    const { fields, file } = await readNewMessage(c);
    const id = await sendMessage(db, user, c.req.valid('query').patientId, fields, file);
    return c.json((await readMessage(db, user, id)) satisfies MessageDetail, 201);
  })
  .get('/userMessage', async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    await requireMessaging(db, user);
    return c.json((await userMessageState(db, user)) satisfies UserMessageState);
  })
  .put(
    '/userMessage/:id',
    vValidator('param', IdParam, onInvalid),
    vValidator('json', UserMessageUpdate, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      await requireMessaging(db, user);
      await setRead(db, user, c.req.valid('param').id, c.req.valid('json').read);
      return c.json((await userMessageState(db, user)) satisfies UserMessageState);
    },
  );
