import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentList, GuestHome, HomeSummary, PatientHome, StaffHome } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, documentRequests, documents, guests, users } from '../db/schema';
import { makePdf } from '../services/uploads/test-pdfs';
import { recordLogin } from '../services/users';
import { uploadCalls } from '../test/fixtures/uploads';

describe.each(databaseTargets)('GET /home on $name', ({ location }) => {
  let ctx: TestContext;
  let calls: ReturnType<typeof uploadCalls>;
  let marioPatient: number;

  const summary = async (username: string): Promise<HomeSummary> => {
    const response = await ctx.call('/api/home', username);
    expect(response.status).toBe(200);
    return v.parse(HomeSummary, await response.json());
  };
  const userRow = async (username: string) => {
    const [row] = await ctx.db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`no user ${username}`);
    return row;
  };
  const guestDocumentTotal = async (): Promise<number> => {
    const response = await ctx.call(`/api/documents?patientId=${marioPatient}&max=1`, 'ospite');
    expect(response.status).toBe(200);
    return v.parse(DocumentList, await response.json()).paging.totalCount;
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    calls = uploadCalls(ctx);
    marioPatient = (await userRow('mario.rossi')).patientId ?? -1;
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('refuses a caller without a token', async () => {
    expect((await ctx.call('/api/home', null)).status).toBe(401);
  });

  it('tells a patient what waits: requests under way, reviewed uploads, new documents, ending guests', async () => {
    const before = v.parse(PatientHome, await summary('mario.rossi'));
    expect(before.patientId).toBe(marioPatient);
    // The demo's own requests still under way (none completed or cancelled among them).
    expect(before.requests.every((request) => ['SUBMITTED', 'IN_PROGRESS'].includes(request.status))).toBe(
      true,
    );
    expect(before.uploadsReviewed).toEqual([]);

    // A request in progress, one ready, one completed (not waiting any more).
    const base = { patientId: marioPatient, kind: 'REPORTS', items: [], delivery: {}, priceCents: 0 };
    const inserted = await ctx.db
      .insert(documentRequests)
      .values([
        { ...base, status: 'IN_PROGRESS' },
        { ...base, status: 'READY', kind: 'MEDICAL_RECORDS' },
        { ...base, status: 'COMPLETED' },
      ])
      .returning({ id: documentRequests.id, status: documentRequests.status });
    // An upload the physician approved: the patient has not seen the review yet.
    const upload = await calls.created('mario.rossi', { bytes: await makePdf('Esame esterno') });
    expect((await calls.validate('dott.ferrari', upload.id)).status).toBe(200);
    // The guest's access ends in three days.
    await ctx.db
      .update(guests)
      .set({ deadline: new Date(Date.now() + 3 * 24 * 3600_000) })
      .where(eq(guests.patientId, marioPatient));
    // Since the previous login: one document added after it.
    await recordLogin(ctx.db, (await userRow('mario.rossi')).subject, new Date(Date.now() - 60_000));
    await recordLogin(ctx.db, (await userRow('mario.rossi')).subject);
    const newest = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(
        and(eq(documents.patientId, marioPatient), sql`${documents.createdAt} > now() - interval '1 minute'`),
      );

    const after = v.parse(PatientHome, await summary('mario.rossi'));
    const ready = inserted.find((row) => row.status === 'READY');
    // Ready to collect first; the completed one is not waiting any more.
    expect(after.requests[0]?.id).toBe(ready?.id);
    expect(after.requests.map((request) => request.id).sort()).toEqual(
      [
        ...before.requests.map((request) => request.id),
        ...inserted.filter((row) => row.status !== 'COMPLETED').map((row) => row.id),
      ].sort(),
    );
    expect(after.uploadsReviewed).toEqual([
      expect.objectContaining({ id: upload.id, title: upload.title, status: 'VALIDATED' }),
    ]);
    // The validated upload became a dossier document a moment ago: new since the previous login.
    expect(after.newDocuments).toBe(newest[0]?.n);
    expect(after.newDocuments).toBeGreaterThanOrEqual(1);
    // Both of Mario's guests end soon: 'ospite' and 'marta.colombo' (a guest of two patients).
    expect(after.guestsEnding.map((guest) => guest.name).sort()).toEqual(
      [(await userRow('ospite')).displayName, (await userRow('marta.colombo')).displayName].sort(),
    );
    expect(new Date(after.since).getTime()).toBeGreaterThan(Date.now() - 120_000);

    // The read is audited through the gate, as the patient's own access.
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, marioPatient), eq(auditLog.detail, 'home')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({ accessTitle: 'SELF', outcome: 'ALLOWED' });
  });

  it('tells a guest only what the grant allows, and nothing once it is revoked', async () => {
    const home = v.parse(GuestHome, await summary('ospite'));
    expect(home.grants).toHaveLength(1);
    const [grant] = home.grants;
    expect(grant?.patientId).toBe(marioPatient);
    // Same count as the dossier list the guest may open.
    expect(grant?.visibleDocuments).toBe(await guestDocumentTotal());

    // A document obscured for the guest's relationship leaves the count (unless shared by name).
    const [hidden] = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.patientId, marioPatient),
          eq(documents.superseded, false),
          sql`${documents.id} not in (select document_id from guest_documents)`,
        ),
      )
      .limit(1);
    if (!hidden) throw new Error('no unshared document');
    await ctx.db
      .update(documents)
      .set({ obscuring: sql`${documents.obscuring} || '{"mate": true}'::jsonb` })
      .where(eq(documents.id, hidden.id));
    const obscured = v.parse(GuestHome, await summary('ospite'));
    expect(obscured.grants[0]?.visibleDocuments).toBe((grant?.visibleDocuments ?? 0) - 1);

    await ctx.db.update(guests).set({ revokedAt: new Date() }).where(eq(guests.patientId, marioPatient));
    expect(v.parse(GuestHome, await summary('ospite')).grants).toEqual([]);
  });

  it('tells a physician the patients waiting on them, and other staff nothing to approve', async () => {
    const upload = await calls.created('mario.rossi', { bytes: await makePdf('Da approvare') });
    const physician = v.parse(StaffHome, await summary('dott.ferrari'));
    expect(physician.uploadsToReview).toBe(await calls.notifications('dott.ferrari'));
    expect(physician.waitingPatients).toEqual([
      expect.objectContaining({ patientId: marioPatient, uploadsToReview: 1 }),
    ]);
    expect((await calls.reject('dott.ferrari', upload.id, 'Illeggibile')).status).toBe(200);
    expect(v.parse(StaffHome, await summary('dott.ferrari')).waitingPatients).toEqual([]);
    expect(v.parse(StaffHome, await summary('operatore'))).toEqual({
      role: 'STAFF',
      uploadsToReview: 0,
      waitingPatients: [],
    });
  });
});
