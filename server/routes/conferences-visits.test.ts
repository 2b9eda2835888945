import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConferenceList, NOTIFICATION_EVENTS } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { conferenceCalls, conferences, notificationOutbox, users } from '../db/schema';
import { visitLink } from '../services/conferences/visits';
import { callCalls } from '../test/fixtures/conferences-call';
import { json, patientIdOf } from '../test/fixtures/consents';

const MINUTE = 60_000;
const romeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' });
const romeTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
});
/** The booking form's fields for an instant (whole minutes, hospital time). */
const slot = (at: Date) => ({ date: romeDate.format(at), time: romeTime.format(at) });
/** A whole minute `minutes` from now. */
const inMinutes = (minutes: number) => new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + minutes * MINUTE);

const everything = json('PUT', {
  enabled: true,
  frequency: 'WEEKLY',
  events: Object.values(NOTIFICATION_EVENTS).flat(),
  important: [],
  reminderDays: [],
});

describe.each(databaseTargets)('booked video visits on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let calls: ReturnType<typeof callCalls>;
  const book = (body: unknown) =>
    ctx.call(`/api/conferences/request/${mario}`, 'dott.ferrari', json('POST', body));
  const booked = async (body: unknown) => {
    const response = await book(body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const listed = async (user: string, id: number) => {
    const list = v.parse(ConferenceList, await (await ctx.call('/api/conferences', user)).json());
    return list.conferences.find((conference) => conference.id === id);
  };
  const userId = async (username: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? 0;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    await ctx.db.delete(conferences);
    mario = await patientIdOf(ctx, 'mario.rossi');
    calls = callCalls(ctx);
  }, 60_000);
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(conferences);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a date or time in the past, too far ahead or half given, naming the field', async () => {
    const fields = async (body: unknown) => {
      const response = await book(body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { fields: unknown }).fields;
    };
    const yesterday = slot(new Date(Date.now() - 24 * 60 * MINUTE));
    expect(await fields(yesterday)).toEqual([{ field: 'date', code: 'outOfRange' }]);
    const anHourAgo = new Date(Date.now() - 60 * MINUTE);
    // An hour ago is still today (unless the test runs just after midnight in Rome: then it is the date).
    const expected = romeDate.format(anHourAgo) === romeDate.format(new Date()) ? 'time' : 'date';
    expect(await fields(slot(anHourAgo))).toEqual([{ field: expected, code: 'outOfRange' }]);
    expect(await fields(slot(new Date(Date.now() + 91 * 24 * 60 * MINUTE)))).toEqual([
      { field: 'date', code: 'outOfRange' },
    ]);
    expect(await fields({ date: slot(inMinutes(60)).date })).toEqual([{ field: 'time', code: 'required' }]);
    expect(await fields({ time: '15:30' })).toEqual([{ field: 'date', code: 'required' }]);
    expect(await fields({ date: '2026-13-40', time: '25:00' })).toEqual([
      { field: 'date', code: 'invalid' },
      { field: 'time', code: 'invalid' },
    ]);
    expect(await ctx.db.select().from(conferences)).toEqual([]);
  });

  it('books a visit in hospital time, shows when it opens, and keeps a call "now" as it was', async () => {
    const start = inMinutes(120);
    const id = await booked(slot(start));
    expect((await ctx.call(`/api/conferences/${id}/accept`, 'mario.rossi', { method: 'PUT' })).status).toBe(
      204,
    );
    for (const user of ['mario.rossi', 'dott.ferrari'])
      expect(await listed(user, id)).toMatchObject({
        state: 'ACCEPTED',
        scheduledAt: start.toISOString(),
        joinOpensAt: new Date(start.getTime() - 10 * MINUTE).toISOString(),
        canJoin: false,
      });
    await ctx.db.delete(conferences);
    const now = await booked({});
    await ctx.call(`/api/conferences/${now}/accept`, 'mario.rossi', { method: 'PUT' });
    expect(await listed('mario.rossi', now)).toMatchObject({
      scheduledAt: null,
      joinOpensAt: null,
      canJoin: true,
    });
    expect((await ctx.call(`/api/conferences/${now}/show`, 'mario.rossi')).status).toBe(200);
  });

  it('queues reminders the day before and 15 minutes before for who wants them, dropped on rejection', async () => {
    expect((await ctx.call('/api/notify/preferences', 'mario.rossi', everything)).status).toBe(200);
    const start = inMinutes(3 * 24 * 60);
    const id = await booked(slot(start));
    const reminders = async () =>
      ctx.db
        .select({
          userId: notificationOutbox.userId,
          dueAt: notificationOutbox.dueAt,
          status: notificationOutbox.status,
        })
        .from(notificationOutbox)
        .where(eq(notificationOutbox.link, visitLink(id)))
        .orderBy(notificationOutbox.dueAt);
    const marioId = await userId('mario.rossi');
    // Only Mario opted in (the physician never did); the weekly digest does not delay a reminder.
    expect(await reminders()).toEqual([
      { userId: marioId, dueAt: new Date(start.getTime() - 24 * 60 * MINUTE), status: 'PENDING' },
      { userId: marioId, dueAt: new Date(start.getTime() - 15 * MINUTE), status: 'PENDING' },
    ]);
    const [row] = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.link, visitLink(id)));
    expect(row).toMatchObject({ event: 'CONFERENCE_REMINDER', link: `/videoconference?visit=${id}` });
    const reject = json('PUT', { message: 'Non posso quel giorno' });
    expect((await ctx.call(`/api/conferences/${id}/reject`, 'mario.rossi', reject)).status).toBe(204);
    expect((await reminders()).map((reminder) => reminder.status)).toEqual(['DROPPED', 'DROPPED']);

    // A visit in 20 minutes: the day before is already gone, 15 minutes before is not.
    const soon = await booked(slot(inMinutes(20)));
    const soonRows = await ctx.db
      .select({ dueAt: notificationOutbox.dueAt })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.link, visitLink(soon)));
    expect(soonRows).toHaveLength(1);
    await ctx.call(
      '/api/notify/preferences',
      'mario.rossi',
      json('PUT', { ...JSON.parse(String(everything.body)), enabled: false }),
    );
  });

  it('refuses entering before 10 minutes ahead, to 25 parallel tries, then lets them in', async () => {
    const start = inMinutes(30);
    const id = await booked(slot(start));
    await ctx.call(`/api/conferences/${id}/accept`, 'mario.rossi', { method: 'PUT' });
    const early = await ctx.call(`/api/conferences/${id}/show`, 'mario.rossi');
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'CONFERENCE_NOT_YET_OPEN' });
    const tries = await Promise.all(
      Array.from({ length: 25 }, (_, n) => calls.join(n % 5 === 0 ? 'dott.ferrari' : 'mario.rossi', id)),
    );
    expect(tries.map((response) => response.status)).toEqual(Array(25).fill(409));
    expect((await calls.setup('dott.ferrari', id)).status).toBe(409);
    // Others still get the 404 of a conference that is not theirs.
    expect((await calls.join('giulia.bianchi', id)).status).toBe(404);
    expect(await ctx.db.select().from(conferenceCalls)).toEqual([]);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start.getTime() - 10 * MINUTE - 1000);
    expect((await ctx.call(`/api/conferences/${id}/show`, 'mario.rossi')).status).toBe(409);
    vi.setSystemTime(start.getTime() - 10 * MINUTE);
    expect(await listed('mario.rossi', id)).toMatchObject({ canJoin: true });
    expect((await ctx.call(`/api/conferences/${id}/show`, 'mario.rossi')).status).toBe(200);
    const joins = await Promise.all(Array.from({ length: 25 }, () => calls.join('mario.rossi', id)));
    expect(joins.map((response) => response.status)).toEqual(Array(25).fill(200));
    expect(await ctx.db.select().from(conferenceCalls)).toHaveLength(1);
    expect(await (await calls.admit('dott.ferrari', id)).json()).toEqual({
      ended: false,
      patient: 'admitted',
    });
  });

  it('ends an admission when the page goes (beacon) or stops asking (timeout), and the host sees it', async () => {
    const id = await booked({});
    await ctx.call(`/api/conferences/${id}/accept`, 'mario.rossi', { method: 'PUT' });
    const leave = (user: string) => ctx.call(`/api/conferences/${id}/call/leave`, user, { method: 'POST' });
    const hostSees = async () => {
      const page = (await (await calls.signals('dott.ferrari', id)).json()) as {
        signals: { kind: string }[];
        state: { patient: string };
      };
      return { kinds: page.signals.map((signal) => signal.kind), patient: page.state.patient };
    };
    const admit = async () => {
      await calls.join('dott.ferrari', id);
      await calls.join('mario.rossi', id);
      expect((await calls.admit('dott.ferrari', id)).status).toBe(200);
    };

    await admit();
    expect(await (await leave('mario.rossi')).json()).toEqual({ ended: false, patient: 'absent' });
    expect(await hostSees()).toEqual({ kinds: ['bye'], patient: 'absent' });
    // The beacon of a page not in the room changes nothing; the conference goes on.
    expect((await leave('mario.rossi')).status).toBe(200);
    expect((await listed('dott.ferrari', id))?.state).toBe('ACCEPTED');

    // The tab dies without a beacon: after ADMITTED_TTL_SECONDS the host sees the patient gone.
    await admit();
    await ctx.db
      .update(conferenceCalls)
      .set({ patientSeenAt: sql`now() - make_interval(secs => 61)` })
      .where(eq(conferenceCalls.conferenceId, id));
    expect((await hostSees()).patient).toBe('absent');
    // Back (a phone woken up), the patient waits to be admitted again, not silently re-admitted.
    await calls.signals('mario.rossi', id);
    expect((await hostSees()).patient).toBe('waiting');

    // The host's page going sends the admitted patient back to the waiting room.
    expect((await calls.admit('dott.ferrari', id)).status).toBe(200);
    expect(await (await leave('dott.ferrari')).json()).toEqual({ ended: false, patient: 'waiting' });
    expect((await (await calls.signals('mario.rossi', id)).json()) as unknown).toMatchObject({
      signals: [{ kind: 'bye' }],
      state: { patient: 'waiting' },
    });
    expect((await leave('giulia.bianchi')).status).toBe(404);
  });
});
