import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../../tests/support/test-app';
import { notificationOutbox, pais, users } from '../../db/schema';
import {
  CLAIM_TIMEOUT_MS,
  dispatchNotifications,
  type NotificationChannel,
  type NotificationMessage,
} from './dispatch';
import { queueNotification } from './outbox';
import { DEFAULT_PREFERENCES, savePreferences } from './preferences';

const TUESDAY = new Date('2026-11-24T10:00:00Z');
const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000);

function recordingChannel(): NotificationChannel & {
  sent: { userId: number; message: NotificationMessage }[];
} {
  const sent: { userId: number; message: NotificationMessage }[] = [];
  return {
    sent,
    async deliver(userId, message) {
      sent.push({ userId, message });
      return 'delivered';
    },
  };
}

describe.each(databaseTargets)('notification outbox on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    // These tests count every row of the outbox: without the demo's care plans, whose reminders
    // would be queued as soon as Mario turns notifications on.
    await ctx.db.delete(pais);
    const rows = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['mario.rossi', 'giulia.bianchi']));
    mario = rows.find((row) => row.username === 'mario.rossi')?.id ?? 0;
    giulia = rows.find((row) => row.username === 'giulia.bianchi')?.id ?? 0;
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.db.delete(notificationOutbox);
    await savePreferences(ctx.db, mario, { ...DEFAULT_PREFERENCES, enabled: true }, TUESDAY);
    await savePreferences(ctx.db, giulia, DEFAULT_PREFERENCES, TUESDAY);
  });

  const queue = (userIds: number[], event: 'DOCUMENT_NEW' | 'CONFERENCE_REQUESTED', now = TUESDAY) =>
    queueNotification(ctx.db, { userIds, event, link: '/dossier', now });

  it('queues only for users who turned the event on, and delivers instant ones at once', async () => {
    expect(await queue([mario, giulia, mario], 'DOCUMENT_NEW')).toBe(1);
    const channel = recordingChannel();
    expect(await dispatchNotifications(ctx.db, channel, TUESDAY)).toBe(1);
    expect(channel.sent).toEqual([
      {
        userId: mario,
        message: {
          title: { it: 'Nuovo documento disponibile', en: 'New document available' },
          body: expect.any(Object),
          link: '/dossier',
          count: 1,
          outboxIds: [expect.any(Number)],
          events: ['DOCUMENT_NEW'],
        },
      },
    ]);
    expect(await dispatchNotifications(ctx.db, channel, minutes(TUESDAY, 1))).toBe(0);
  });

  it('keeps a daily digest until 08:00 and sends it as one message', async () => {
    await savePreferences(
      ctx.db,
      mario,
      { ...DEFAULT_PREFERENCES, enabled: true, frequency: 'DAILY' },
      TUESDAY,
    );
    await queue([mario], 'DOCUMENT_NEW');
    await queue([mario], 'CONFERENCE_REQUESTED', minutes(TUESDAY, 30));
    const channel = recordingChannel();
    expect(await dispatchNotifications(ctx.db, channel, new Date('2026-11-25T06:59:00Z'))).toBe(0);
    expect(await dispatchNotifications(ctx.db, channel, new Date('2026-11-25T07:00:00Z'))).toBe(1);
    expect(channel.sent[0]?.message).toMatchObject({ count: 2, link: '/dossier' });
    expect(channel.sent[0]?.message.title.it).toBe('Hai 2 novità nel Fascicolo');
  });

  it('moves what waits when the frequency changes and drops it when the switch goes off', async () => {
    await savePreferences(
      ctx.db,
      mario,
      { ...DEFAULT_PREFERENCES, enabled: true, frequency: 'WEEKLY' },
      TUESDAY,
    );
    await queue([mario], 'DOCUMENT_NEW');
    const channel = recordingChannel();
    expect(await dispatchNotifications(ctx.db, channel, minutes(TUESDAY, 60))).toBe(0);
    await savePreferences(ctx.db, mario, { ...DEFAULT_PREFERENCES, enabled: true }, minutes(TUESDAY, 61));
    expect(await dispatchNotifications(ctx.db, channel, minutes(TUESDAY, 61))).toBe(1);

    await queue([mario], 'CONFERENCE_REQUESTED', minutes(TUESDAY, 62));
    await savePreferences(ctx.db, mario, DEFAULT_PREFERENCES, minutes(TUESDAY, 63));
    expect(await dispatchNotifications(ctx.db, channel, minutes(TUESDAY, 64))).toBe(0);
    const statuses = await ctx.db.select({ status: notificationOutbox.status }).from(notificationOutbox);
    expect(statuses.map((row) => row.status).sort()).toEqual(['DROPPED', 'SENT']);
  });

  it('delivers each row once when many dispatchers run at the same time', async () => {
    await queue([mario], 'DOCUMENT_NEW');
    await queue([mario], 'CONFERENCE_REQUESTED');
    const channel = recordingChannel();
    const served = await Promise.all(
      Array.from({ length: 25 }, () => dispatchNotifications(ctx.db, channel, TUESDAY)),
    );
    expect(served.reduce((sum, count) => sum + count, 0)).toBe(channel.sent.length);
    expect(channel.sent.reduce((sum, { message }) => sum + message.count, 0)).toBe(2);
  });

  it('gives back what a lost process had claimed, and records an unreachable user', async () => {
    await queue([mario], 'DOCUMENT_NEW');
    await ctx.db.update(notificationOutbox).set({ status: 'SENDING', claimedAt: TUESDAY });
    const unreachable: NotificationChannel = { deliver: async () => 'unreachable' };
    expect(await dispatchNotifications(ctx.db, unreachable, minutes(TUESDAY, 1))).toBe(0);
    const later = new Date(TUESDAY.getTime() + CLAIM_TIMEOUT_MS);
    expect(await dispatchNotifications(ctx.db, unreachable, later)).toBe(1);
    const [row] = await ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, mario));
    expect(row?.status).toBe('UNREACHABLE');
  });
});
