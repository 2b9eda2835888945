import { eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodingSchema, Pair, PairList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documents, pairPlans } from '../db/schema';
import { signedDossierPdf } from '../services/signing/dossier-content';
import { expectError, json, patientIdOf, signPrepared } from '../test/fixtures/consents';
import { createBody, dayFromToday, exercise, plan } from '../test/fixtures/pair';

describe.each(databaseTargets)('rehabilitation plans (PAIR) on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  const create = (body: unknown, user = 'dott.ferrari') =>
    ctx.call('/api/pair/createPair', user, json('POST', body));
  const update = (id: number, body: unknown, user = 'dott.ferrari') =>
    ctx.call(`/api/pair/updatePair/${id}`, user, json('PUT', body));
  const prepare = (patientId: number, pairId: number, user = 'dott.ferrari') =>
    ctx.call(`/api/pair/preparePairDocument?patientId=${patientId}`, user, json('POST', { pairId }));
  const created = async (body = createBody(mario)): Promise<Pair> => {
    const response = await create(body);
    expect(response.status).toBe(201);
    return v.parse(Pair, await response.json());
  };
  const get = async (id: number, user = 'dott.ferrari') => ctx.call(`/api/pair/${id}`, user);
  const read = async (id: number, user = 'dott.ferrari') => v.parse(Pair, await (await get(id, user)).json());
  /** Prepares and signs the plan document as the physician: the plan becomes ACTIVE. */
  const sign = async (id: number) => {
    const response = await prepare(mario, id);
    expect(response.status).toBe(200);
    const { documentIds } = (await response.json()) as { documentIds: number[] };
    return signPrepared(ctx, 'dott.ferrari', documentIds);
  };
  const clear = () => ctx.db.delete(pairPlans).where(eq(pairPlans.patientId, mario));

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
  }, 60_000);
  afterAll(() => ctx.close());

  it('serves the coding schema without code systems, in the caller language', async () => {
    const italian = v.parse(CodingSchema, await (await ctx.call('/api/codingSchema', 'dott.ferrari')).json());
    expect(JSON.stringify(italian)).not.toContain('system');
    expect(italian.laterality.find((item) => item.code === 'LEFT')?.display).toBe('Sinistro');
    expect(italian.monitoringIndex.find((item) => item.code === 'BERG')).toMatchObject({
      outcome: true,
      unit: '0-56',
    });
    const english = await ctx.call('/api/codingSchema', 'dott.ferrari', { language: 'en-EN' });
    const body = v.parse(CodingSchema, await english.json());
    expect(body.laterality.find((item) => item.code === 'LEFT')?.display).toBe('Left');
  });

  it('creates DRAFTs for physicians only, with every field checked', async () => {
    const pair = await created();
    expect(pair).toMatchObject({ status: 'DRAFT', patientId: mario, changes: [], documentId: null });
    expect(pair.exercises[0]).toEqual(exercise());
    for (const user of ['mario.rossi', 'operatore', 'ospite'])
      expect((await create(createBody(mario), user)).status).toBe(403);
    const bad = await create(
      createBody(mario, {
        planningValidityStopDate: dayFromToday(-1),
        exercises: [exercise({ laterality: 'UP', supports: ['ROPE'] })],
        thresholds: [{ index: 'HR', green: 100, red: 60 }],
      }),
    );
    const fields = (
      (await expectError(bad, 400, 'BAD_REQUEST')) as { fields: { field: string; code: string }[] }
    ).fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'planningValidityStopDate', code: 'invalidPeriod' },
        { field: 'exercises.0.laterality', code: 'invalid' },
        { field: 'exercises.0.supports.0', code: 'invalid' },
        { field: 'thresholds.0.index', code: 'invalid' },
      ]),
    );
    const range = await create(
      createBody(mario, { exercises: [exercise({ monitoringIndices: [{ index: 'HR', min: 9, max: 9 }] })] }),
    );
    expect(((await expectError(range, 400, 'BAD_REQUEST')) as { fields: unknown[] }).fields).toEqual([
      { field: 'exercises.0.monitoringIndices.0', code: 'outOfRange' },
    ]);
    expect((await create({ ...createBody(mario), patientId: 999_999 })).status).toBe(404);
    await clear();
  });

  it('holds the drafts limit under 25 parallel creations', async () => {
    const replies = await Promise.all(Array.from({ length: 25 }, () => create(createBody(mario))));
    const statuses = replies.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(20);
    await clear();
  });

  it('walks DRAFT → ACTIVE → REPLACED, CLOSED, with everything else refused', async () => {
    const first = await created();
    const edited = await update(first.id, { action: 'edit', plan: plan({ name: 'Piano modificato' }) });
    expect(v.parse(Pair, await edited.json()).name).toBe('Piano modificato');
    // Closing a DRAFT is not a transition.
    const closeDraft = update(first.id, {
      action: 'close',
      closingDate: dayFromToday(0),
      closingReason: 'Fine',
    });
    await expectError(await closeDraft, 409, 'PAIR_NOT_ACTIVE');
    await sign(first.id);
    const active = await read(first.id);
    expect(active.status).toBe('ACTIVE');
    expect(active.documentId).not.toBeNull();
    const [document] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, active.documentId ?? 0));
    expect(document).toMatchObject({ documentTypeCode: '180.051', patientId: mario });
    const bytes = await signedDossierPdf(ctx.db, document as NonNullable<typeof document>);
    expect(new TextDecoder().decode(bytes?.slice(-20))).toContain('signed-by-test');
    // Signed: no edit, no delete, no second signature.
    await expectError(await update(first.id, { action: 'edit', plan: plan() }), 409, 'PAIR_NOT_EDITABLE');
    await expectError(
      await ctx.call(`/api/pair/${first.id}`, 'dott.ferrari', { method: 'DELETE' }),
      409,
      'PAIR_NOT_EDITABLE',
    );
    await expectError(await prepare(mario, first.id), 409, 'PAIR_NOT_EDITABLE');

    const second = await created(
      createBody(mario, {
        exercises: [
          exercise({ seriesNumber: 4 }),
          exercise({ name: 'Equilibrio monopodalico', category: 'BALANCE', laterality: 'LEFT' }),
        ],
      }),
    );
    await sign(second.id);
    expect((await read(first.id)).status).toBe('REPLACED');
    const replacing = await read(second.id);
    expect(replacing).toMatchObject({ status: 'ACTIVE', replacesId: first.id });
    expect(replacing.changes).toEqual([
      { exercise: 'Flessione del ginocchio', change: 'changed', fields: ['seriesNumber'] },
      { exercise: 'Equilibrio monopodalico', change: 'added', fields: [] },
      { exercise: 'Cammino assistito', change: 'removed', fields: [] },
    ]);
    const noReason = await update(second.id, {
      action: 'close',
      closingDate: dayFromToday(0),
      closingReason: ' ',
    });
    expect(((await expectError(noReason, 400, 'BAD_REQUEST')) as { fields: unknown[] }).fields).toEqual([
      { field: 'closingReason', code: 'required' },
    ]);
    const future = await update(second.id, {
      action: 'close',
      closingDate: dayFromToday(3),
      closingReason: 'Obiettivi raggiunti',
    });
    await expectError(future, 400, 'BAD_REQUEST');
    const closing = await update(second.id, {
      action: 'close',
      closingDate: dayFromToday(0),
      closingReason: 'Obiettivi raggiunti',
    });
    expect(v.parse(Pair, await closing.json())).toMatchObject({
      status: 'CLOSED',
      closingReason: 'Obiettivi raggiunti',
    });
    await expectError(
      await update(second.id, { action: 'close', closingDate: dayFromToday(0), closingReason: 'Ancora' }),
      409,
      'PAIR_NOT_ACTIVE',
    );
    const draft = await created();
    expect((await ctx.call(`/api/pair/${draft.id}`, 'dott.ferrari', { method: 'DELETE' })).status).toBe(204);
    await clear();
  });

  it('reads ACTIVE past its stop date as EXPIRED, which cannot be closed', async () => {
    const pair = await created();
    await sign(pair.id);
    await ctx.db
      .update(pairPlans)
      .set({ startDate: dayFromToday(-30), stopDate: dayFromToday(-1) })
      .where(eq(pairPlans.id, pair.id));
    expect((await read(pair.id)).status).toBe('EXPIRED');
    const close = await update(pair.id, {
      action: 'close',
      closingDate: dayFromToday(-2),
      closingReason: 'Fine',
    });
    await expectError(close, 409, 'PAIR_NOT_ACTIVE');
    // A new signature stores it as EXPIRED, not REPLACED.
    const next = await created();
    await sign(next.id);
    const [stored] = await ctx.db.select().from(pairPlans).where(eq(pairPlans.id, pair.id));
    expect(stored?.status).toBe('EXPIRED');
    await clear();
  });

  it('keeps one ACTIVE plan when two are signed at once', async () => {
    const [a, b] = [await created(), await created()];
    const ids = await Promise.all(
      [a, b].map(async (pair) => {
        const response = await prepare(mario, (pair as Pair).id);
        return ((await response.json()) as { documentIds: number[] }).documentIds;
      }),
    );
    await Promise.all(ids.map((documentIds) => signPrepared(ctx, 'dott.ferrari', documentIds)));
    const rows = await ctx.db
      .select({ status: pairPlans.status })
      .from(pairPlans)
      .where(eq(pairPlans.patientId, mario));
    expect(rows.map((row) => row.status).sort()).toEqual(['ACTIVE', 'REPLACED']);
    await clear();
  });

  it('shows the patient his signed plans only, and others nothing', async () => {
    const signed = await created();
    await sign(signed.id);
    const draft = await created();
    const own = v.parse(
      PairList,
      await (await ctx.call(`/api/pair?patientId=${mario}`, 'mario.rossi')).json(),
    );
    expect(own.pairs.map((pair) => pair.id)).toEqual([signed.id]);
    const staff = v.parse(
      PairList,
      await (await ctx.call(`/api/pair?patientId=${mario}`, 'dott.ferrari')).json(),
    );
    expect(staff.pairs.map((pair) => pair.id)).toEqual([draft.id, signed.id]);
    expect((await get(draft.id, 'mario.rossi')).status).toBe(404);
    expect((await get(signed.id, 'giulia.bianchi')).status).toBe(404);
    expect((await ctx.call(`/api/pair?patientId=${mario}`, 'giulia.bianchi')).status).toBe(403);
    expect((await prepare(giulia, signed.id)).status).toBe(404);
    expect((await ctx.call('/api/pair?patientId=abc', 'dott.ferrari')).status).toBe(400);
    await clear();
  });

  it("announces a new or changed signed plan on the patient's home until the patient opens it", async () => {
    const home = async () =>
      ((await (await ctx.call('/api/home', 'mario.rossi')).json()) as { pairToRead: unknown }).pairToRead;
    await clear();
    const first = await created();
    expect(await home()).toBeNull(); // a draft is nobody's news
    await sign(first.id);
    expect(await home()).toEqual({ id: first.id, name: first.name, changed: false });
    // Staff reading it change nothing; the patient's list marks it read.
    await ctx.call(`/api/pair?patientId=${mario}`, 'dott.ferrari');
    expect(await home()).not.toBeNull();
    await ctx.call(`/api/pair?patientId=${mario}`, 'mario.rossi');
    expect(await home()).toBeNull();
    // A new signature replacing it is news again, until the patient opens that plan.
    const second = await created();
    await sign(second.id);
    expect(await home()).toEqual({ id: second.id, name: second.name, changed: true });
    expect((await get(second.id, 'mario.rossi')).status).toBe(200);
    expect(await home()).toBeNull();
    await clear();
  });

  it('says which eligibility rule fired, and asks only on blocking ones', async () => {
    const eligibility = async () =>
      (await (
        await ctx.call(`/api/dss/verifyPatientEligibility?patientId=${mario}`, 'dott.ferrari')
      ).json()) as {
        eligible: boolean;
        hints: { rule: string; severity: string }[];
      };
    await ctx.db.execute(
      sql`update documents set document_type_code = 'LAB' where patient_id = ${mario} and document_type_code in ('DIM', 'VIS')`,
    );
    const none = await eligibility();
    expect(none.eligible).toBe(false);
    expect(none.hints.map((hint) => hint.rule)).toEqual(['ELIG_CLINICAL_BASIS']);
    await ctx.db.execute(
      sql`update documents set document_type_code = 'DIM', created_at = now() where id = (select min(id) from documents where patient_id = ${mario})`,
    );
    expect(await eligibility()).toEqual({ eligible: true, hints: [] });
    const pair = await created();
    await sign(pair.id);
    await created();
    expect((await eligibility()).hints.map((hint) => [hint.rule, hint.severity])).toEqual([
      ['ELIG_ACTIVE_PLAN', 'info'],
      ['ELIG_DRAFTS', 'info'],
    ]);
    await ctx.db.execute(
      sql`update patients set birth_date = ${dayFromToday(-3650)} where mepi_id = ${mario}`,
    );
    const minor = await eligibility();
    expect(minor.eligible).toBe(false);
    expect(minor.hints[0]).toMatchObject({ rule: 'ELIG_ADULT', severity: 'block' });
    expect(
      (await ctx.call(`/api/dss/verifyPatientEligibility?patientId=${mario}`, 'mario.rossi')).status,
    ).toBe(403);
    await clear();
  });

  it('fires each adequacy rule on the draft it concerns', async () => {
    const adequacy = async (body: unknown) => {
      const response = await ctx.call(
        `/api/dss/verifyPlanAdequacy?patientId=${mario}`,
        'dott.ferrari',
        json('POST', body),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { hints: { rule: string; exercise?: number }[] }).hints;
    };
    expect(await adequacy(plan())).toEqual([]);
    expect((await adequacy(plan({ exercises: [], thresholds: [] }))).map((hint) => hint.rule)).toEqual([
      'ADQ_NO_EXERCISES',
      'ADQ_NO_THRESHOLDS',
    ]);
    const heavy = exercise({
      frequency: { value: 2, unit: 'd', description: '' },
      length: { value: 70, unit: 'min' },
    });
    const rules = await adequacy({
      ...plan({ planningValidityStopDate: dayFromToday(200) }),
      exercises: [
        heavy,
        exercise({
          laterality: 'NA',
          monitoringIndices: [{ index: 'HR', min: 100, max: 80 }],
          assistance: 'TOTAL',
        }),
        exercise({ endDate: dayFromToday(300) }),
      ],
    });
    expect(rules.map((hint) => [hint.rule, hint.exercise])).toEqual([
      ['ADQ_LATERALITY', 1],
      ['ADQ_MONITOR_RANGE', 1],
      ['ADQ_HOME_ASSISTANCE', 1],
      ['ADQ_OUTSIDE_PLAN', 2],
      ['ADQ_WEEKLY_LOAD_HIGH', undefined],
      ['ADQ_LONG_PLAN', undefined],
    ]);
    const light = await adequacy(plan({ exercises: [exercise({ length: { value: 5, unit: 'min' } })] }));
    expect(light.map((hint) => hint.rule)).toEqual(['ADQ_WEEKLY_LOAD_LOW']);
    // An incomplete draft is read as it is, never refused.
    expect(await adequacy({ exercises: [{ name: 'x' }] })).toEqual([
      { rule: 'ADQ_NO_THRESHOLDS', severity: 'info', params: {} },
    ]);
  });
});
