import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_EVENTS } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';

const json = (body: unknown): RequestInit => ({
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe.each(databaseTargets)('/notify/preferences on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('starts switched off with every event ticked, for every role', async () => {
    for (const user of ['mario.rossi', 'dott.ferrari', 'ospite']) {
      const response = await ctx.call('/api/notify/preferences', user);
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ enabled: false, frequency: 'INSTANT', important: [], reminderDays: [1] });
      expect(body.events).toEqual(Object.values(NOTIFICATION_EVENTS).flat());
    }
    expect((await ctx.call('/api/notify/preferences', null)).status).toBe(401);
  });

  it('keeps what the user chose, by whole categories, de-duplicated, and only for that user', async () => {
    const chosen = {
      enabled: true,
      frequency: 'DAILY',
      events: ['DOCUMENT_NEW', 'DOCUMENT_NEW', 'CONFERENCE_REQUESTED'],
      important: ['CONFERENCE'],
      reminderDays: [7, 1, 7],
    };
    const saved = await ctx.call('/api/notify/preferences', 'mario.rossi', json(chosen));
    expect(saved.status).toBe(200);
    // An event chosen turns its category on: the whole category is kept.
    const events = [
      'DOCUMENT_NEW',
      'DOCUMENT_ANNULLED',
      'DOCUMENT_REPLACED',
      'CONFERENCE_REQUESTED',
      'CONFERENCE_ACCEPTED',
      'CONFERENCE_REJECTED',
      'CONFERENCE_REMINDER',
    ];
    // Access alerts absent from the body (an older client): off.
    const expected = { ...chosen, events, reminderDays: [1, 7], accessAlerts: 'OFF' };
    expect(await saved.json()).toEqual(expected);
    expect(await (await ctx.call('/api/notify/preferences', 'mario.rossi')).json()).toEqual(expected);
    expect((await (await ctx.call('/api/notify/preferences', 'ospite')).json()).enabled).toBe(false);
  });

  it('answers 400 with the field for what the contract refuses', async () => {
    const valid = { enabled: true, frequency: 'INSTANT', events: [], important: [], reminderDays: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, frequency: 'HOURLY' }, 'frequency'],
      [{ ...valid, events: ['DIAGNOSIS'] }, 'events'],
      [{ ...valid, reminderDays: [31] }, 'reminderDays'],
      [{ ...valid, accessAlerts: 'SOMETIMES' }, 'accessAlerts'],
      [{ ...valid, reminderDays: [1, 2, 3, 4, 5, 6] }, 'reminderDays'],
      [{ ...valid, userId: 4 }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const response = await ctx.call('/api/notify/preferences', 'mario.rossi', json(body));
      expect(response.status, field).toBe(400);
      expect(JSON.stringify(await response.json()), field).toContain(field);
    }
  });
});
