import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentNotification, Notifications, WaitingBadge } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import {
  notificationOutbox,
  notificationPreferences,
  surveyAssignments,
  surveyCards,
  users,
} from '../db/schema';
import { createMemoryLogger } from '../logger';
import { notificationChannel } from '../services/notify/channel';
import { dispatchNotifications } from '../services/notify/dispatch';
import { webPushChannel } from '../services/notify/push-channel';
import { vapidKeys } from '../services/notify/push-keys';
import { recordOnlySender } from '../services/sms/outbox';
import { waitingTotalOf } from '../services/waiting-total';
import { json, patientIdOf, projectIdOf } from '../test/fixtures/consents';
import { dayFromToday } from '../test/fixtures/guests';
import { painQuestionnaire } from '../test/fixtures/surveys';
import { type LocalPushService, startLocalPushService } from '../test/push-endpoint';

/** Preferences by category: a consent to sign and a survey sent are shared-project news. */
const preferences = (enabled: boolean, events: string[]) =>
  json('PUT', { enabled, frequency: 'INSTANT', events, important: [], reminderDays: [] });

describe.each(databaseTargets)('pushes for consents to sign and surveys sent on $name', ({ location }) => {
  let ctx: TestContext;
  let service: LocalPushService;
  let giulia: number;
  let templateId: number;
  const tomorrow = dayFromToday(1);

  beforeAll(async () => {
    service = await startLocalPushService();
    ctx = await createTestContext(location, { pushOrigins: [service.origin] });
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    const created = await ctx.call(
      '/api/surveyTemplates',
      'dott.ferrari',
      json('POST', { questionnaire: painQuestionnaire }),
    );
    expect(created.status).toBe(201);
    templateId = ((await created.json()) as { id: number }).id;
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await service?.close();
  });

  const outboxOf = async (username: string) => {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const rows = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.userId, user?.id ?? 0))
      .orderBy(notificationOutbox.id);
    return rows.map((row) => [row.event, row.link]);
  };
  const invite = (consentCode: string, projectId?: number) =>
    ctx.call(`/api/patients/${giulia}/consensus`, 'dott.ferrari', json('POST', [{ consentCode, projectId }]));
  const sendSurvey = () =>
    ctx.call(
      '/api/surveyCards',
      'dott.ferrari',
      json('POST', { templateId, dueDate: tomorrow, patientIds: [giulia] }),
    );
  const cleanSlate = async () => {
    await ctx.db.delete(notificationOutbox);
  };

  it('queues "consent to sign" for a new invitation, once, for the patient who wants shared-project news', async () => {
    await cleanSlate();
    expect(
      (await ctx.call('/api/notify/preferences', 'giulia.bianchi', preferences(true, ['SURVEY_SENT'])))
        .status,
    ).toBe(200);
    const invited = await Promise.all(Array.from({ length: 20 }, () => invite('CONS_INF_TC_MDC')));
    expect(invited.every((response) => response.status === 200)).toBe(true);
    expect(await outboxOf('giulia.bianchi')).toEqual([['CONSENT_TO_SIGN', `/consents/${giulia}`]]);
    // The staff member who invited hears nothing; nothing names the consent.
    expect(await outboxOf('dott.ferrari')).toEqual([]);
  });

  it('tells a project invitation once, as an invitation (one act, one notice)', async () => {
    await cleanSlate();
    const cuore = await projectIdOf(ctx, 'CUORE');
    const response = await ctx.call(`/api/projects/${cuore}/participants/${giulia}`, 'dott.ferrari', {
      method: 'PUT',
    });
    expect(response.status).toBe(200);
    expect(await outboxOf('giulia.bianchi')).toEqual([['PROJECT_INVITED', `/consents/${giulia}`]]);
  });

  it('queues "survey sent" for each patient of a new card', async () => {
    await cleanSlate();
    expect((await sendSurvey()).status).toBe(201);
    expect(await outboxOf('giulia.bianchi')).toEqual([['SURVEY_SENT', '/surveys']]);
  });

  it('queues nothing when the category or the general switch is off', async () => {
    await cleanSlate();
    await ctx.call('/api/notify/preferences', 'giulia.bianchi', preferences(true, ['DOCUMENT_NEW']));
    await ctx.db.delete(surveyAssignments);
    await ctx.db.delete(surveyCards);
    expect((await sendSurvey()).status).toBe(201);
    await ctx.call(
      '/api/notify/preferences',
      'giulia.bianchi',
      preferences(false, ['SURVEY_SENT', 'DOCUMENT_NEW']),
    );
    expect((await sendSurvey()).status).toBe(201);
    expect(await outboxOf('giulia.bianchi')).toEqual([]);
  });

  it('reaches a user whose preferences were saved before these events existed', async () => {
    await cleanSlate();
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'giulia.bianchi'));
    await ctx.db
      .update(notificationPreferences)
      .set({ enabled: true, events: ['PROJECT_INVITED', 'CARE_PLAN_REMINDER'] })
      .where(eq(notificationPreferences.userId, user?.id ?? 0));
    expect((await sendSurvey()).status).toBe(201);
    expect(await outboxOf('giulia.bianchi')).toEqual([['SURVEY_SENT', '/surveys']]);
    const read = await (await ctx.call('/api/notify/preferences', 'giulia.bianchi')).json();
    expect(read.events).toContain('CONSENT_TO_SIGN');
  });

  it('counts the badge as the sum of the notification counts and the consents waiting', async () => {
    const badge = async (user: string) =>
      v.parse(WaitingBadge, await (await ctx.call('/api/notify/badge', user)).json()).count;
    const counts = v.parse(
      Notifications,
      await (await ctx.call('/api/notifications', 'giulia.bianchi')).json(),
    );
    const consents = v.parse(
      ConsentNotification,
      await (await ctx.call(`/api/patients/${giulia}/consensus/notification`, 'giulia.bianchi')).json(),
    );
    const total =
      counts.conferences + counts.messages + counts.uploadedDocuments + counts.surveys + consents.count;
    expect(counts.surveys).toBeGreaterThan(0);
    expect(consents.count).toBeGreaterThan(0);
    expect(await badge('giulia.bianchi')).toBe(total);
    // Nothing waits any more: 0 (the badge is cleared).
    await ctx.db.delete(surveyAssignments);
    const after = await badge('giulia.bianchi');
    expect(after).toBe(total - counts.surveys);
    expect((await ctx.call('/api/notify/badge', null)).status).toBe(401);
  });

  it('pushes the news with the badge total and nothing that names the survey', async () => {
    await cleanSlate();
    await ctx.call('/api/notify/preferences', 'giulia.bianchi', preferences(true, ['SURVEY_SENT']));
    const device = service.subscribe();
    const subscribed = await ctx.call(
      '/api/notify/push/subscription',
      'giulia.bianchi',
      json('PUT', { ...device, language: 'it' }),
    );
    expect(subscribed.status).toBe(204);
    expect((await sendSurvey()).status).toBe(201);
    const logger = createMemoryLogger();
    const push = webPushChannel(ctx.db, await vapidKeys(ctx.db), {
      contact: ctx.config.pushContact,
      logger,
      ackPath: '/api/notify/push/ack',
      waiting: (userId) => waitingTotalOf(ctx.db, userId),
    });
    const channel = notificationChannel({ db: ctx.db, push, smsSender: recordOnlySender, logger });
    service.received.length = 0;
    expect(await dispatchNotifications(ctx.db, channel, new Date())).toBe(1);
    const expected = v.parse(
      WaitingBadge,
      await (await ctx.call('/api/notify/badge', 'giulia.bianchi')).json(),
    );
    expect(expected.count).toBeGreaterThan(0);
    const [received] = service.received;
    expect(JSON.parse(received?.plaintext ?? '{}')).toMatchObject({
      title: 'Hai un nuovo questionario da compilare',
      body: 'Apri il Fascicolo per i dettagli.',
      link: '/surveys',
      count: 1,
      badge: expected.count,
    });
    expect(received?.plaintext).not.toContain(painQuestionnaire.title);
  });
});
