import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { notificationOutbox, users } from '../db/schema';
import { makePdf } from '../services/uploads/test-pdfs';
import { uploadCalls } from '../test/fixtures/uploads';

const preferences = (enabled: boolean) => ({
  method: 'PUT',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    enabled,
    frequency: 'INSTANT',
    events: ['DOCUMENT_NEW', 'UPLOAD_REJECTED'],
    important: [],
    reminderDays: [],
  }),
});

describe.each(databaseTargets)('notifications caused by upload reviews on $name', ({ location }) => {
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
});
