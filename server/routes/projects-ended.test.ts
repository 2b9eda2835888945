import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientHome, PreparedDocuments, ProjectParticipantList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, consents, notificationOutbox, users } from '../db/schema';
import {
  consentList,
  expectError,
  find,
  json,
  patientIdOf,
  projectIdOf,
  self,
  signPrepared,
} from '../test/fixtures/consents';

/** A participation the project ended is not the patient's revocation, and only a new invitation reopens it. */
describe.each(databaseTargets)('a participation ended by the project on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let cuore: number;
  let diabete: number;
  const participants = (projectId: number, patientId: number) =>
    `/api/projects/${projectId}/participants/${patientId}`;
  const prepareGive = (projectId: number, consentCode: string, jsonData: Record<string, unknown>) =>
    ctx.call(
      `/api/patients/${mario}/prepareConsensus`,
      'mario.rossi',
      json('POST', { consents: [{ consentCode, projectId, action: 'give', jsonData }], signer: self }),
    );
  const cardio = { informationRead: true, remoteMonitoring: true };
  const listOf = async (path: string, username = 'dott.ferrari') => {
    const response = await ctx.call(path, username);
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(ProjectParticipantList, await response.json());
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    cuore = await projectIdOf(ctx, 'CUORE');
    diabete = await projectIdOf(ctx, 'DIABETE');
  }, 60_000);
  afterAll(() => ctx?.close());

  it('lists a project’s participants and invited with their state, a page at a time, to its members only', async () => {
    const all = await listOf(`/api/projects/${diabete}/participants`);
    const states = all.participants.map((row) => [row.surname, row.state]);
    expect(states).toContainEqual(['Rossi', 'invited']);
    expect(all.participants.some((row) => row.state === 'expired')).toBe(true);
    expect(all.participants.find((row) => row.patientId === mario)?.since).toMatch(/^2026-10-02/);
    expect(all.paging.totalCount).toBe(all.participants.length);

    const invited = await listOf(`/api/projects/${diabete}/participants?state=invited`);
    expect(invited.participants.map((row) => row.state)).toEqual(['invited']);
    const first = await listOf(`/api/projects/${diabete}/participants?max=1`);
    const second = await listOf(`/api/projects/${diabete}/participants?max=1&offset=1`);
    expect(first.participants).toHaveLength(1);
    expect(first.paging).toMatchObject({
      totalCount: all.paging.totalCount,
      totalPage: all.paging.totalCount,
    });
    expect(second.participants[0]?.patientId).not.toBe(first.participants[0]?.patientId);

    // Every listed patient's history shows who listed them.
    const listed = await ctx.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.patientId, mario), eq(auditLog.activity, 'PATIENT_LIST')));
    expect(listed.map((row) => row.detail)).toContain('project DIABETE participants');

    // Many at once all answer (no pool exhaustion, no 500).
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => ctx.call(`/api/projects/${diabete}/participants`, 'dott.ferrari')),
    );
    expect(burst.map((answer) => answer.status)).toEqual(Array(25).fill(200));

    // A staff member who does not run the project, a patient, bad paging, an unknown project.
    await expectError(
      await ctx.call(`/api/projects/${diabete}/participants`, 'operatore'),
      403,
      'PROJECT_NOT_MEMBER',
    );
    await expectError(
      await ctx.call(`/api/projects/${diabete}/participants`, 'mario.rossi'),
      403,
      'ACCESS_DENIED',
    );
    const badPage = await ctx.call(`/api/projects/${diabete}/participants?max=0`, 'dott.ferrari');
    expect(badPage.status).toBe(400);
    expect(((await badPage.json()) as { fields: { field: string }[] }).fields[0]?.field).toBe('max');
    expect((await ctx.call(`/api/projects/${diabete}/participants?state=gone`, 'dott.ferrari')).status).toBe(
      400,
    );
    expect((await ctx.call('/api/projects/2147483647/participants', 'dott.ferrari')).status).toBe(404);
  });

  it('records a removal as ended by the project (who, when) and tells the patient in the app and by push', async () => {
    const preferences = {
      enabled: true,
      frequency: 'INSTANT',
      events: ['PROJECT_INVITED', 'PROJECT_REMOVED'],
      important: [],
      reminderDays: [],
    };
    expect((await ctx.call('/api/notify/preferences', 'mario.rossi', json('PUT', preferences))).status).toBe(
      200,
    );
    expect((await ctx.call(participants(cuore, mario), 'dott.ferrari', { method: 'DELETE' })).status).toBe(
      200,
    );

    const [ferrari] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    const [row] = await ctx.db
      .select()
      .from(consents)
      .where(
        and(eq(consents.patientId, mario), eq(consents.projectId, cuore), eq(consents.superseded, false)),
      );
    expect(row).toMatchObject({
      statusCode: 'REVOKED',
      endReason: 'PROJECT_REMOVED',
      collectedByUserId: ferrari?.id,
    });

    const card = find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_CARDIO');
    expect(card.projectAction).toEqual({
      kind: 'REMOVED',
      by: 'Dott.ssa Anna Ferrari',
      at: row?.revokedAt?.toISOString(),
    });
    expect(card.canGive).toBe(false);

    // The push: the event only, never the project (a lock screen is public).
    const queued = await ctx.db
      .select({ event: notificationOutbox.event, link: notificationOutbox.link })
      .from(notificationOutbox)
      .where(
        eq(
          notificationOutbox.userId,
          (await ctx.db.select().from(users).where(eq(users.username, 'mario.rossi')))[0]?.id ?? 0,
        ),
      );
    expect(queued).toEqual([{ event: 'PROJECT_REMOVED', link: `/consents/${mario}` }]);

    // In the app: the home's "what is waiting" names the project that ended the participation.
    const home = v.parse(PatientHome, await (await ctx.call('/api/home', 'mario.rossi')).json());
    expect(home.projectsEnded?.map((ended) => ended.name)).toEqual(['Cuore in Rete']);
  });

  it('refuses a self re-join after the removal, when preparing and when signing, until a new invitation', async () => {
    await expectError(
      await prepareGive(cuore, 'CONS_PRJ_CARDIO', cardio),
      409,
      'PROJECT_PARTICIPATION_ENDED',
    );

    // A new invitation reopens it: the card says who invited, and the patient joins by signing.
    expect((await ctx.call(participants(cuore, mario), 'dott.ferrari', { method: 'PUT' })).status).toBe(200);
    const invitation = find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_CARDIO');
    expect(invitation.projectAction).toMatchObject({ kind: 'INVITED', by: 'Dott.ssa Anna Ferrari' });
    expect(invitation.canGive).toBe(true);
    const joined = await prepareGive(cuore, 'CONS_PRJ_CARDIO', cardio);
    expect(joined.status, await joined.clone().text()).toBe(200);
    await signPrepared(ctx, 'mario.rossi', v.parse(PreparedDocuments, await joined.json()).documentIds);
    expect(find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_CARDIO').statusCode).toBe('GIVEN');

    // A renewal prepared before a removal cannot complete after it.
    const renewal = await prepareGive(cuore, 'CONS_PRJ_CARDIO', cardio);
    expect(renewal.status).toBe(200);
    expect((await ctx.call(participants(cuore, mario), 'dott.ferrari', { method: 'DELETE' })).status).toBe(
      200,
    );
    await expect(
      signPrepared(ctx, 'mario.rossi', v.parse(PreparedDocuments, await renewal.json()).documentIds),
    ).rejects.toMatchObject({ code: 'PROJECT_PARTICIPATION_ENDED' });
    expect(find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_CARDIO').projectAction?.kind).toBe(
      'REMOVED',
    );
  });

  it('treats a withdrawn invitation the same way: not a revocation, no joining without a new one', async () => {
    expect((await ctx.call(participants(diabete, mario), 'dott.ferrari', { method: 'DELETE' })).status).toBe(
      200,
    );
    const card = find(await consentList(ctx, mario, 'mario.rossi'), 'CONS_PRJ_DIAB');
    expect(card.projectAction).toMatchObject({ kind: 'WITHDRAWN', by: 'Dott.ssa Anna Ferrari' });
    expect(card.canGive).toBe(false);
    await expectError(
      await prepareGive(diabete, 'CONS_PRJ_DIAB', { informationRead: true, glucoseDevice: 'meter' }),
      409,
      'PROJECT_PARTICIPATION_ENDED',
    );
  });
});
