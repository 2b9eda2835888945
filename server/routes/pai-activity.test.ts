import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { notificationOutbox, paiActivities } from '../db/schema';
import { codeOf, json, marioPlans, readPlan, setMarioProjectConsent } from '../test/fixtures/pai';

const DAY_MS = 86_400_000;
const romeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const romeToday = (): string => romeFormat.format(new Date()).slice(0, 10);
const shift = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe.each(databaseTargets)('PAI activities (done, reminders) on $name', ({ location }) => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof marioPlans>>;
  const done = (paiId: number, activityId: number, body: unknown, user = 'mario.rossi') =>
    ctx.call(`/api/pais/${paiId}/activity/${activityId}/done`, user, json('PUT', body));
  const remind = (activityId: number, body: unknown, user = 'mario.rossi') =>
    ctx.call(`/api/pais/${plans.active}/activity/${activityId}/notifyPreferences`, user, json('PUT', body));
  /** Pending reminders of an activity, as hospital-time strings "YYYY-MM-DD HH:MM". */
  const pending = async (activityId: number): Promise<string[]> => {
    const rows = await ctx.db
      .select()
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.status, 'PENDING'),
          eq(notificationOutbox.event, 'CARE_PLAN_REMINDER'),
          like(notificationOutbox.link, `/pai/${plans.active}?activity=${activityId}`),
        ),
      );
    return rows.map((row) => romeFormat.format(row.dueAt)).sort();
  };
  const todo = async () =>
    (await readPlan(ctx, plans.active, 'mario.rossi')).activities.filter((a) => a.status === 'TODO');

  beforeAll(async () => {
    ctx = await createTestContext(location);
    plans = await marioPlans(ctx);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('keeps the plan of a project the patient is only invited to out of force, until the patient joins', async () => {
    const [activity] = await todo();
    const id = activity?.activityId ?? 0;
    for (const user of ['mario.rossi', 'dott.ferrari']) {
      const plan = await readPlan(ctx, plans.active, user);
      expect(plan).toMatchObject({ status: 'ACTIVE', participation: 'invited', canMarkDone: false });
      expect(await codeOf(await done(plans.active, id, { deliveryDate: romeToday() }, user))).toEqual([
        409,
        'PAI_NOT_IN_FORCE',
      ]);
    }
    const [listed] = (await (await ctx.call(`/api/pais?patientId=${plans.patientId}`, 'mario.rossi')).json())
      .pais as { id: number; participation: string }[];
    expect(listed).toMatchObject({ id: plans.active, participation: 'invited' });
    await setMarioProjectConsent(ctx, plans, 'GIVEN');
    expect(await readPlan(ctx, plans.active, 'mario.rossi')).toMatchObject({
      participation: 'participating',
      canMarkDone: true,
    });
  });

  it('queues reminders at 08:00 hospital time, N days before, once the patient turns them on', async () => {
    const [soon, later] = await todo();
    if (!soon || !later) throw new Error('demo activities missing');
    expect(await pending(later.activityId)).toEqual([]);
    const preferences = {
      enabled: true,
      frequency: 'WEEKLY',
      events: ['CARE_PLAN_REMINDER'],
      important: [],
      reminderDays: [1, 7],
    };
    expect((await ctx.call('/api/notify/preferences', 'mario.rossi', json('PUT', preferences))).status).toBe(
      200,
    );
    // A weekly digest does not move a reminder: it keeps its own time.
    expect(await pending(later.activityId)).toEqual([
      `${shift(later.plannedDate, -7)} 08:00`,
      `${shift(later.plannedDate, -1)} 08:00`,
    ]);
    // 3 days ahead: the 7-day reminder is already past.
    expect(await pending(soon.activityId)).toEqual([`${shift(soon.plannedDate, -1)} 08:00`]);

    const own = await remind(later.activityId, { reminderDays: [2, 2, 0] });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ reminderDays: [0, 2], reminderDefault: false });
    expect(await pending(later.activityId)).toEqual([
      `${shift(later.plannedDate, -2)} 08:00`,
      `${later.plannedDate} 08:00`,
    ]);
    // Changing the general days leaves an own choice alone and moves the others.
    await ctx.call(
      '/api/notify/preferences',
      'mario.rossi',
      json('PUT', { ...preferences, reminderDays: [1] }),
    );
    expect(await pending(later.activityId)).toHaveLength(2);
    expect((await remind(later.activityId, { reminderDays: null })).status).toBe(200);
    expect(await pending(later.activityId)).toEqual([`${shift(later.plannedDate, -1)} 08:00`]);
    expect((await remind(later.activityId, { reminderDays: [] })).status).toBe(200);
    expect(await pending(later.activityId)).toEqual([]);
  });

  it('keeps one consistent set of reminders under 25 parallel edits', async () => {
    const [, , last] = await todo();
    if (!last) throw new Error('demo activity missing');
    const choices = Array.from({ length: 25 }, (_, index) => [index % 5, (index % 5) + 5]);
    const answers = await Promise.all(choices.map((days) => remind(last.activityId, { reminderDays: days })));
    expect(answers.map((answer) => answer.status)).toEqual(choices.map(() => 200));
    const stored = (await readPlan(ctx, plans.active, 'mario.rossi')).activities.find(
      (activity) => activity.activityId === last.activityId,
    );
    expect(await pending(last.activityId)).toEqual(
      (stored?.reminderDays ?? []).map((days) => `${shift(last.plannedDate, -days)} 08:00`).sort(),
    );
  });

  it('refuses a delivery date in the future, before the plan start or malformed, with the field', async () => {
    const [activity] = await todo();
    const id = activity?.activityId ?? 0;
    for (const deliveryDate of [shift(romeToday(), 1), '2000-01-01', '24/11/2026'])
      expect(await codeOf(await done(plans.active, id, { deliveryDate }))).toEqual([400, 'deliveryDate']);
    expect(await codeOf(await done(plans.active, id, {}))).toEqual([400, 'deliveryDate']);
    expect(await codeOf(await done(plans.active, id, { deliveryDate: romeToday(), extra: 1 }))).toEqual([
      400,
      'extra',
    ]);
    // An activity of another plan, named through this one, does not exist here.
    const [old] = await ctx.db.select().from(paiActivities).where(eq(paiActivities.paiId, plans.replaced));
    expect((await done(plans.active, old?.id ?? 0, { deliveryDate: romeToday() })).status).toBe(404);
    // A replaced plan: hidden from the patient, closed for staff.
    expect((await done(plans.replaced, old?.id ?? 0, { deliveryDate: romeToday() })).status).toBe(404);
    expect(
      await codeOf(await done(plans.replaced, old?.id ?? 0, { deliveryDate: romeToday() }, 'dott.ferrari')),
    ).toEqual([409, 'PAI_NOT_ACTIVE']);
    expect((await done(plans.active, id, { deliveryDate: romeToday() }, 'dott.conti')).status).toBe(404);
    expect((await done(plans.active, id, { deliveryDate: romeToday() }, 'giulia.bianchi')).status).toBe(404);
  });

  it('marks an activity done once: 25 parallel calls, one wins, reminders dropped', async () => {
    const [, , activity] = await todo();
    const id = activity?.activityId ?? 0;
    expect(await pending(id)).not.toEqual([]);
    const deliveryDate = shift(romeToday(), -1);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => done(plans.active, id, { deliveryDate })),
    );
    const codes = await Promise.all(answers.map(codeOf));
    expect(codes.filter(([status]) => status === 200)).toHaveLength(1);
    expect(
      codes.filter(([status, code]) => status === 409 && code === 'PAI_ACTIVITY_ALREADY_DONE'),
    ).toHaveLength(24);
    const [row] = await ctx.db.select().from(paiActivities).where(eq(paiActivities.id, id));
    expect(row).toMatchObject({ status: 'DONE', deliveryDate });
    expect(await pending(id)).toEqual([]);
    const plan = await readPlan(ctx, plans.active, 'mario.rossi');
    expect(plan.activities.find((a) => a.activityId === id)).toMatchObject({
      status: 'DONE',
      deliveryDate,
      doneBy: 'Mario Rossi',
    });
    expect(plan.activitiesDone).toBe(2);
    // Reminders of a done activity are kept as chosen but nothing is queued.
    expect((await remind(id, { reminderDays: [1] })).status).toBe(200);
    expect(await pending(id)).toEqual([]);
  });

  it('lets project staff mark done on the plan start day; the history records it', async () => {
    const [activity] = await todo();
    const plan = await readPlan(ctx, plans.active, 'dott.ferrari');
    const answer = await done(
      plans.active,
      activity?.activityId ?? 0,
      { deliveryDate: plan.validFrom },
      'dott.ferrari',
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'DONE', doneBy: 'Dott.ssa Anna Ferrari' });
    const history = await ctx.call(
      `/api/trackingPatientHistory/${plans.patientId}/activities`,
      'mario.rossi',
    );
    expect(JSON.stringify(await history.json())).toContain("Registrazione di un'attività del piano di cura");
  });

  it('answers 400 with the field for reminders the contract refuses', async () => {
    const [activity] = await todo();
    const id = activity?.activityId ?? 0;
    for (const body of [
      { reminderDays: [31] },
      { reminderDays: [1, 2, 3, 4, 5, 6] },
      { reminderDays: [-1] },
      {},
    ])
      expect(await codeOf(await remind(id, body))).toEqual([400, 'reminderDays']);
    expect(
      (
        await ctx.call(
          `/api/pais/${plans.active}/activity/0/notifyPreferences`,
          'mario.rossi',
          json('PUT', { reminderDays: [] }),
        )
      ).status,
    ).toBe(400);
  });
});
