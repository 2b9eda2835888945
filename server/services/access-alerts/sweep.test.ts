import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessAlerts } from '../../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../../tests/support/test-app';
import { accessAlertsSent, notificationOutbox, type UserRow, users } from '../../db/schema';
import { type AuditActivity, recordAccess } from '../audit';
import { sweepAccessAlerts } from './sweep';

describe.each(databaseTargets)('access-alert sweep on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: UserRow;
  let ferrari: UserRow;
  let admin: UserRow;
  // Past the settle time of every row the test wrote.
  const later = () => new Date(Date.now() + 60_000);
  const sweep = () => sweepAccessAlerts(ctx.db, { now: later() });
  const user = async (username: string) => {
    const [row] = await ctx.db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`seeded ${username} missing`);
    return row;
  };
  const read = (reader: UserRow, activity: AuditActivity = 'DOCUMENT_VIEW', patientId = mario.patientId) =>
    recordAccess(ctx.db, {
      user: reader,
      patientId: patientId ?? 0,
      activity,
      accessTitle: 'DOSSIER_CONSENT',
      outcome: 'ALLOWED',
      documentId: 1,
    });
  const choose = async (username: string, accessAlerts: AccessAlerts) => {
    const current = await (await ctx.call('/api/notify/preferences', username)).json();
    const response = await ctx.call('/api/notify/preferences', username, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...current, accessAlerts }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { accessAlerts: AccessAlerts };
  };
  const alertsOf = (userId: number) =>
    ctx.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, userId), eq(notificationOutbox.event, 'ACCESS_ALERT')));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    [mario, ferrari, admin] = await Promise.all([user('mario.rossi'), user('dott.ferrari'), user('admin')]);
    // The seed's own trail is before anyone chose alerts.
    await sweep();
  });
  afterAll(() => ctx.close());

  it('is a patient option: anyone else is saved with it off', async () => {
    expect((await choose('admin', 'EVERYONE')).accessAlerts).toBe('OFF');
    expect((await choose('mario.rossi', 'EVERYONE')).accessAlerts).toBe('EVERYONE');
  });

  it('makes one immediate alert per reader however many documents, none for lists or the own reads', async () => {
    await read(ferrari);
    await read(ferrari, 'DOCUMENT_DOWNLOAD');
    await read(ferrari, 'DOCUMENT_READ');
    await read(ferrari, 'PATIENT_LIST');
    await read(mario);
    expect(await sweep()).toBe(1);
    const [alert] = await alertsOf(mario.id);
    expect(alert).toMatchObject({ link: `/datahistory/${mario.patientId}`, status: 'PENDING' });
    expect(alert?.dueAt.getTime()).toBe(alert?.createdAt.getTime());
    // The same reader going on reading is the same alert; another reader is a new one.
    await read(ferrari);
    expect(await sweep()).toBe(0);
    await read(admin);
    expect(await sweep()).toBe(1);
    expect(await alertsOf(mario.id)).toHaveLength(2);
  });

  it("outside the care team: the team's physician is not alerted, anyone else is", async () => {
    await choose('mario.rossi', 'OUTSIDE_CARE_TEAM');
    await ctx.db.delete(accessAlertsSent);
    await read(ferrari);
    expect(await sweep()).toBe(0);
    await read(admin);
    expect(await sweep()).toBe(1);
  });

  it('off: nothing', async () => {
    await choose('mario.rossi', 'OFF');
    await ctx.db.delete(accessAlertsSent);
    await read(admin);
    expect(await sweep()).toBe(0);
  });

  it('waits for rows too young to have settled, and does not lose them', async () => {
    await choose('mario.rossi', 'EVERYONE');
    await ctx.db.delete(accessAlertsSent);
    await read(admin);
    expect(await sweepAccessAlerts(ctx.db, { now: new Date(Date.now() - 60_000) })).toBe(0);
    expect(await sweep()).toBe(1);
  });

  it('two sweeps at once make each alert once', async () => {
    await ctx.db.delete(accessAlertsSent);
    const before = (await alertsOf(mario.id)).length;
    await read(ferrari);
    await read(admin);
    const counts = await Promise.all([sweep(), sweep(), sweep()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await alertsOf(mario.id)).toHaveLength(before + 2);
  });
});
