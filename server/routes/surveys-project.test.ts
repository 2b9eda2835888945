import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { consents, projectMembers, surveyAssignments, surveyCards, users } from '../db/schema';
import { json } from '../test/fixtures/consents';
import { dayFromToday } from '../test/fixtures/guests';
import { painQuestionnaire } from '../test/fixtures/surveys';

/** A card for a project goes to the patients taking part in it now, and to nobody else. */
describe.each(databaseTargets)('survey cards for a project on $name', ({ location }) => {
  let ctx: TestContext;
  let templateId: number;
  const tomorrow = dayFromToday(1);

  beforeAll(async () => {
    ctx = await createTestContext(location);
    await ctx.db.delete(surveyAssignments);
    await ctx.db.delete(surveyCards);
    const created = await ctx.call(
      '/api/surveyTemplates',
      'dott.ferrari',
      json('POST', { questionnaire: painQuestionnaire }),
    );
    templateId = ((await created.json()) as { id: number }).id;
  }, 60_000);
  afterAll(() => ctx.close());

  it('sends the card to the patients taking part now: not the invited, not an expired consent', async () => {
    const [ferrari] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    const memberships = await ctx.db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(eq(projectMembers.userId, ferrari?.id ?? 0));
    let projectId = 0;
    let inProject: (typeof consents.$inferSelect)[] = [];
    for (const membership of memberships) {
      const rows = await ctx.db.select().from(consents).where(eq(consents.projectId, membership.projectId));
      if (rows.length >= 2) [projectId, inProject] = [membership.projectId, rows];
    }
    const [invited, lapsed] = inProject;
    expect(invited && lapsed, 'the demo project has two patients').toBeTruthy();
    // One patient takes part now, another's consent has expired, and nobody else is in the project.
    await ctx.db
      .update(consents)
      .set({ statusCode: 'GIVEN', signedAt: new Date(), expiresAt: null, superseded: false, revokedAt: null })
      .where(eq(consents.id, invited?.id ?? 0));
    await ctx.db
      .update(consents)
      .set({ statusCode: 'GIVEN', expiresAt: new Date(Date.now() - 86_400_000), superseded: false })
      .where(eq(consents.id, lapsed?.id ?? 0));
    await ctx.db
      .delete(consents)
      .where(
        and(eq(consents.projectId, projectId), notInArray(consents.id, [invited?.id ?? 0, lapsed?.id ?? 0])),
      );
    const response = await ctx.call(
      '/api/surveyCards',
      'dott.ferrari',
      json('POST', { templateId, dueDate: tomorrow, projectId }),
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const assigned = await ctx.db.select({ patientId: surveyAssignments.patientId }).from(surveyAssignments);
    expect(assigned.map((row) => row.patientId)).toEqual([invited?.patientId]);
    // With nobody taking part now, the card has no one to go to: the field says so.
    await ctx.db
      .update(consents)
      .set({ revokedAt: new Date() })
      .where(eq(consents.id, invited?.id ?? 0));
    const empty = await ctx.call(
      '/api/surveyCards',
      'dott.ferrari',
      json('POST', { templateId, dueDate: tomorrow, projectId }),
    );
    expect(await empty.json()).toMatchObject({ fields: [{ field: 'projectId', code: 'invalid' }] });
  });
});
