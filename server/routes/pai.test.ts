import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents, guests, pais, paiTypes, users } from '../db/schema';
import { patientIdOf, projectIdOf } from '../test/fixtures/consents';
import { codeOf, listPlans, marioPlans, readPlan } from '../test/fixtures/pai';

describe.each(databaseTargets)('care plans (PAI) on $name', ({ location }) => {
  let ctx: TestContext;
  let plans: Awaited<ReturnType<typeof marioPlans>>;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    plans = await marioPlans(ctx);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('lists the patient plans newest first, with the current one, paging and the type filter', async () => {
    const list = await listPlans(ctx, `patientId=${plans.patientId}`, 'mario.rossi');
    expect(list.pais.map((pai) => [pai.id, pai.status])).toEqual([
      [plans.active, 'ACTIVE'],
      [plans.replaced, 'REPLACED'],
    ]);
    expect(list.currentPaiId).toBe(plans.active);
    expect(list.paging).toEqual({ totalCount: 2, totalPage: 1, max: 20, offset: 0 });
    expect(list.pais[0]).toMatchObject({
      type: 'PAI_DIAB',
      paiType: { code: 'PAI_DIAB', name: 'Piano assistenziale diabete' },
      project: { name: 'Diabete Insieme' },
      author: 'Dott.ssa Anna Ferrari',
      activitiesTotal: 4,
      activitiesDone: 1,
    });
    expect(list.pais[1]?.replacedById).toBe(plans.active);
    const second = await listPlans(ctx, `patientId=${plans.patientId}&max=1&offset=1`, 'mario.rossi');
    expect(second.pais.map((pai) => pai.id)).toEqual([plans.replaced]);
    expect(second.paging).toMatchObject({ totalCount: 2, totalPage: 2 });
    const none = await listPlans(ctx, `patientId=${plans.patientId}&paiType=PAI_SCOMP`, 'mario.rossi');
    expect(none).toMatchObject({ pais: [], currentPaiId: null, paging: { totalCount: 0 } });
    expect(
      (await listPlans(ctx, `patientId=${plans.patientId}&paiType=PAI_DIAB`, 'dott.ferrari')).pais,
    ).toHaveLength(2);
    for (const query of ['', 'patientId=abc', `patientId=${plans.patientId}&max=101`])
      expect(await codeOf(await ctx.call(`/api/pais?${query}`, 'mario.rossi'))).toEqual([
        400,
        query.includes('max') ? 'max' : 'patientId',
      ]);
  });

  it('loads plans only for a patient whose account is in a project', async () => {
    await ctx.db.update(users).set({ inProject: false }).where(eq(users.username, 'mario.rossi'));
    const list = await listPlans(ctx, `patientId=${plans.patientId}`, 'mario.rossi');
    expect(list.pais).toEqual([]);
    await ctx.db.update(users).set({ inProject: true }).where(eq(users.username, 'mario.rossi'));
  });

  it('shows the plan with its type, activities and folders', async () => {
    const plan = await readPlan(ctx, plans.active, 'mario.rossi');
    // The demo only invites Mario to the plan's project: the plan waits for his adhesion.
    expect(plan).toMatchObject({
      status: 'ACTIVE',
      participation: 'invited',
      canMarkDone: false,
      activitiesHidden: false,
    });
    expect(plan.activities.map((activity) => activity.status)).toEqual(['DONE', 'TODO', 'TODO', 'TODO']);
    expect(plan.activities[0]).toMatchObject({ doneBy: 'Dott.ssa Anna Ferrari', reminderDefault: true });
    expect(plan.activities[1]).toMatchObject({ deliveryDate: null, doneBy: null, reminderDays: [1] });
    expect(plan.paiFolders.map((folder) => folder.name)).toEqual(['Referti', 'Educazione terapeutica']);
    expect(plan.paiFolders[0]?.documents.length).toBeGreaterThan(0);
    expect(plan.paiFolders[1]?.documents).toEqual([]);
    const folders = await ctx.call(`/api/pais/${plans.active}/folders`, 'mario.rossi');
    expect((await folders.json()).paiFolders).toEqual(plan.paiFolders);
    // Staff read every activity, without the patient's reminders.
    const staff = await readPlan(ctx, plans.active, 'dott.ferrari');
    expect(staff.activities[1]).toMatchObject({ reminderDays: [], reminderDefault: true });
  });

  it('gives the patient side only the ACTIVE plan activities once a plan is replaced', async () => {
    const patientView = await readPlan(ctx, plans.replaced, 'mario.rossi');
    expect(patientView).toMatchObject({ activitiesHidden: true, activities: [], canMarkDone: false });
    expect(patientView.activitiesTotal).toBe(2);
    const staffView = await readPlan(ctx, plans.replaced, 'dott.ferrari');
    expect(staffView).toMatchObject({ activitiesHidden: false, canMarkDone: false });
    expect(staffView.activities).toHaveLength(2);
  });

  it('hides a folder document obscured for the reader, as the dossier list does', async () => {
    const before = await readPlan(ctx, plans.active, 'dott.ferrari');
    const [first] = before.paiFolders[0]?.documents ?? [];
    if (!first) throw new Error('no folder document');
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, first.id));
    await ctx.db
      .update(documents)
      .set({ obscuring: { ...(row?.obscuring as object), general: true } })
      .where(eq(documents.id, first.id));
    const after = await readPlan(ctx, plans.active, 'dott.ferrari');
    expect(after.paiFolders[0]?.documents.map((doc) => doc.id)).not.toContain(first.id);
    const patient = await readPlan(ctx, plans.active, 'mario.rossi');
    expect(patient.paiFolders[0]?.documents.map((doc) => doc.id)).toContain(first.id);
    await ctx.db.update(documents).set({ obscuring: row?.obscuring }).where(eq(documents.id, first.id));
  });

  it('refuses others as if the plan did not exist', async () => {
    const giulia = await patientIdOf(ctx, 'giulia.bianchi');
    const [type] = await ctx.db.select().from(paiTypes).limit(1);
    const [other] = await ctx.db
      .insert(pais)
      .values({
        patientId: giulia,
        projectId: await projectIdOf(ctx, 'DIABETE'),
        typeId: type?.id ?? 0,
        title: 'Piano di Giulia',
        validFrom: '2026-01-01',
      })
      .returning();
    const status = async (id: number, user: string) => (await ctx.call(`/api/pais/${id}`, user)).status;
    expect(await status(other?.id ?? 0, 'mario.rossi')).toBe(404);
    expect(await status(999_999, 'mario.rossi')).toBe(404);
    expect((await ctx.call(`/api/pais/${other?.id}/folders`, 'mario.rossi')).status).toBe(404);
    expect((await ctx.call(`/api/pais?patientId=${giulia}`, 'mario.rossi')).status).toBe(403);
    expect((await ctx.call(`/api/pais?patientId=${giulia}`, 'giulia.bianchi')).status).toBe(200);
    // Staff who do not run the plan's project: dott.conti and the operator (CUORE only).
    for (const user of ['dott.conti', 'operatore']) {
      expect(await status(plans.active, user)).toBe(404);
      expect((await listPlans(ctx, `patientId=${plans.patientId}`, user)).pais).toEqual([]);
    }
    const admin = await readPlan(ctx, plans.active, 'admin');
    expect(admin.canMarkDone).toBe(false);
    expect((await ctx.call('/api/pais/abc', 'mario.rossi')).status).toBe(400);
    expect((await ctx.call(`/api/pais/${plans.active}`, null)).status).toBe(401);
  });

  it('opens plans to a guest only with the project right, read only', async () => {
    expect((await ctx.call(`/api/pais/${plans.active}`, 'ospite')).status).toBe(404);
    expect((await listPlans(ctx, `patientId=${plans.patientId}`, 'ospite')).pais).toEqual([]);
    const [grant] = await ctx.db.select().from(guests).where(eq(guests.patientId, plans.patientId));
    await ctx.db
      .update(guests)
      .set({ rights: [...(grant?.rights ?? []), 'project'] })
      .where(eq(guests.id, grant?.id ?? 0));
    const plan = await readPlan(ctx, plans.active, 'ospite');
    expect(plan.canMarkDone).toBe(false);
    expect((await readPlan(ctx, plans.replaced, 'ospite')).activitiesHidden).toBe(true);
    const [todo] = plan.activities.filter((activity) => activity.status === 'TODO');
    const done = await ctx.call(`/api/pais/${plans.active}/activity/${todo?.activityId}/done`, 'ospite', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ deliveryDate: new Date().toISOString().slice(0, 10) }),
    });
    expect(await codeOf(done)).toEqual([403, 'ACCESS_DENIED']);
    await ctx.db
      .update(guests)
      .set({ rights: grant?.rights })
      .where(eq(guests.id, grant?.id ?? 0));
  });

  it('answers the plan types and each type', async () => {
    const list = (await (await ctx.call('/api/pais/paiTypes', 'mario.rossi')).json()) as {
      paiTypes: { id: number; code: string; folderNames: string[] }[];
    };
    expect(list.paiTypes.map((type) => type.code).sort()).toEqual(['PAI_DIAB', 'PAI_SCOMP']);
    const [first] = list.paiTypes;
    const one = await ctx.call(`/api/pais/paiTypes/${first?.id}`, 'dott.ferrari');
    expect(await one.json()).toEqual(first);
    expect((await ctx.call('/api/pais/paiTypes/999999', 'mario.rossi')).status).toBe(404);
    expect((await ctx.call('/api/pais/paiTypes/x', 'mario.rossi')).status).toBe(400);
    expect((await ctx.call('/api/pais/paiTypes', null)).status).toBe(401);
  });
});
