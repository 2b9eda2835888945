import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { notificationOutbox, users } from '../db/schema';
import { makePdf } from '../services/uploads/test-pdfs';
import { json, patientIdOf, projectIdOf } from '../test/fixtures/consents';
import { uploadCalls } from '../test/fixtures/uploads';

const preferences = (enabled: boolean) => ({
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    enabled,
    frequency: 'INSTANT',
    events: [
      'DOCUMENT_NEW',
      'UPLOAD_REJECTED',
      'PROJECT_INVITED',
      'PROJECT_REMOVED',
      'GUEST_INVITE_REFUSED',
      'CONFERENCE_REQUESTED',
      'CONFERENCE_ACCEPTED',
      'CONFERENCE_REJECTED',
    ],
    important: [],
    reminderDays: [],
  }),
});

describe.each(databaseTargets)(
  'notifications caused by reviews, invitations and conferences on $name',
  ({ location }) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(location);
    }, 60_000);
    afterAll(async () => ctx?.close());

    const outboxOf = async (username: string) => {
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      const rows = await ctx.db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.userId, user?.id ?? 0));
      return rows.map((row) => [row.event, row.link]);
    };

    it('queues "new document" on validation and "not accepted" on rejection, only for who opted in', async () => {
      const calls = uploadCalls(ctx);
      const pdf = await makePdf('Referto esterno');
      const first = await calls.created('mario.rossi', { bytes: pdf });
      expect((await calls.validate('dott.ferrari', first.id)).status).toBe(200);
      expect(await outboxOf('mario.rossi')).toEqual([]);

      expect((await ctx.call('/api/notify/preferences', 'mario.rossi', preferences(true))).status).toBe(200);
      const second = await calls.created('mario.rossi', { bytes: pdf });
      const third = await calls.created('mario.rossi', { bytes: pdf });
      expect((await calls.validate('dott.ferrari', second.id)).status).toBe(200);
      expect((await calls.reject('dott.ferrari', third.id, 'Pagina illeggibile')).status).toBe(200);
      expect(await outboxOf('mario.rossi')).toEqual([
        ['DOCUMENT_NEW', '/dossier'],
        ['UPLOAD_REJECTED', '/fileUpload'],
      ]);
      // A review refused (already reviewed) queues nothing more.
      expect((await calls.validate('dott.ferrari', second.id)).status).toBe(409);
      expect(await outboxOf('mario.rossi')).toHaveLength(2);
    });

    it('queues project invitations once (even 25 at once) and conference requests and answers', async () => {
      await ctx.db.delete(notificationOutbox);
      expect((await ctx.call('/api/notify/preferences', 'giulia.bianchi', preferences(true))).status).toBe(
        200,
      );
      expect((await ctx.call('/api/notify/preferences', 'dott.ferrari', preferences(true))).status).toBe(200);
      const giulia = await patientIdOf(ctx, 'giulia.bianchi');
      const cuore = await projectIdOf(ctx, 'CUORE');
      const invites = await Promise.all(
        Array.from({ length: 25 }, () =>
          ctx.call(`/api/projects/${cuore}/participants/${giulia}`, 'dott.ferrari', { method: 'PUT' }),
        ),
      );
      expect(invites.every((response) => response.status === 200)).toBe(true);
      expect(await outboxOf('giulia.bianchi')).toEqual([['PROJECT_INVITED', `/consents/${giulia}`]]);
      // Withdrawing a pending invitation tells nobody.
      await ctx.call(`/api/projects/${cuore}/participants/${giulia}`, 'dott.ferrari', { method: 'DELETE' });
      expect(await outboxOf('giulia.bianchi')).toHaveLength(1);
      expect(await outboxOf('dott.ferrari')).toEqual([]);

      // Invited again and refused (25 times at once: one refusal): the members hear of it once.
      await ctx.call(`/api/projects/${cuore}/participants/${giulia}`, 'dott.ferrari', { method: 'PUT' });
      const refusals = await Promise.all(
        Array.from({ length: 25 }, () =>
          ctx.call(`/api/projects/${cuore}/participants/${giulia}/refusal`, 'giulia.bianchi', {
            method: 'PUT',
          }),
        ),
      );
      expect(refusals.filter((response) => response.status === 200)).toHaveLength(1);
      expect(await outboxOf('dott.ferrari')).toEqual([
        ['GUEST_INVITE_REFUSED', `/projectInviteRemove/${giulia}`],
      ]);
      await ctx.db.delete(notificationOutbox).where(eq(notificationOutbox.event, 'GUEST_INVITE_REFUSED'));

      const mario = await patientIdOf(ctx, 'mario.rossi');
      const request = async () => {
        const response = await ctx.call(`/api/conferences/request/${mario}`, 'dott.ferrari', {
          method: 'POST',
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: number }).id;
      };
      const first = await request();
      await ctx.call(
        `/api/conferences/${first}/reject`,
        'mario.rossi',
        json('PUT', { message: 'Sono al lavoro' }),
      );
      const second = await request();
      await ctx.call(`/api/conferences/${second}/accept`, 'mario.rossi', { method: 'PUT' });
      expect((await outboxOf('mario.rossi')).filter(([event]) => event?.startsWith('CONFERENCE'))).toEqual([
        ['CONFERENCE_REQUESTED', '/videoconference'],
        ['CONFERENCE_REQUESTED', '/videoconference'],
      ]);
      expect(await outboxOf('dott.ferrari')).toEqual([
        ['CONFERENCE_REJECTED', '/videoconference'],
        ['CONFERENCE_ACCEPTED', '/videoconference'],
      ]);
    });
  },
);
