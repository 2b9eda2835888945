import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pair, Pripri, PripriColours } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { pairPlans, pripriSessions } from '../db/schema';
import { measureColour, pripriColour } from '../services/pripri/colour';
import { expectError, json, patientIdOf, signPrepared } from '../test/fixtures/consents';
import { createBody, dayFromToday } from '../test/fixtures/pair';

describe('the PRIpri colour rule at its thresholds', () => {
  const berg = { index: 'BERG', green: 45, red: 30 };
  it('is green at the green threshold, yellow at the red one, red only below it', () => {
    expect(measureColour(46, berg)).toBe('green');
    expect(measureColour(45, berg)).toBe('green');
    expect(measureColour(44.9, berg)).toBe('yellow');
    expect(measureColour(30, berg)).toBe('yellow');
    expect(measureColour(29.9, berg)).toBe('red');
  });
  it('takes the worst session, and is blue without a PRIpri or without sessions', () => {
    const at = (value: number) => [{ index: 'BERG', value }];
    expect(pripriColour([berg], [at(50), at(45)])).toBe('green');
    expect(pripriColour([berg], [at(50), at(30)])).toBe('yellow');
    expect(pripriColour([berg], [at(50), at(40), at(29)])).toBe('red');
    expect(pripriColour([berg], [])).toBe('blue');
    expect(pripriColour(null, [at(50)])).toBe('blue');
    expect(pripriColour([], [at(50)])).toBe('blue');
    // A measure of an index without a threshold does not count.
    expect(pripriColour([berg], [[{ index: 'GRIP', value: 1 }]])).toBe('green');
  });
});

describe.each(databaseTargets)('PRIpri on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const pripri = async (user = 'dott.ferrari') =>
    v.parse(Pripri, await (await ctx.call(`/api/pripri/${mario}`, user)).json());
  const record = (body: unknown, user = 'dott.ferrari') =>
    ctx.call(`/api/pripri/${mario}/sessions`, user, json('POST', body));
  const colours = async (ids: number[]) =>
    v.parse(
      PripriColours,
      await (await ctx.call(`/api/pripri/colours?patientIds=${ids.join(',')}`, 'dott.ferrari')).json(),
    ).colours;

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    await ctx.db.delete(pairPlans).where(eq(pairPlans.patientId, mario));
  }, 60_000);
  afterAll(() => ctx.close());

  it('is blue without an active plan, and refuses sessions then', async () => {
    expect(await pripri()).toEqual({ plan: null, sessions: [], colour: 'blue', canRecord: false });
    await expectError(
      await record({ sessionDate: dayFromToday(0), measures: [{ index: 'BERG', value: 40 }] }),
      409,
      'PRIPRI_NO_PLAN',
    );
    expect(await colours([mario])).toEqual({ [mario]: 'blue' });
  });

  it('colours the sessions of the active plan, one a day even in parallel', async () => {
    const body = { ...createBody(mario, { planningValidityStartDate: dayFromToday(-10) }) };
    const pair = v.parse(
      Pair,
      await (await ctx.call('/api/pair/createPair', 'dott.ferrari', json('POST', body))).json(),
    );
    const prepared = await ctx.call(
      `/api/pair/preparePairDocument?patientId=${mario}`,
      'dott.ferrari',
      json('POST', { pairId: pair.id }),
    );
    await signPrepared(
      ctx,
      'dott.ferrari',
      ((await prepared.json()) as { documentIds: number[] }).documentIds,
    );
    expect(await pripri()).toMatchObject({ colour: 'blue', sessions: [], canRecord: true });

    const day = dayFromToday(-3);
    const parallel = await Promise.all(
      Array.from({ length: 20 }, () =>
        record({ sessionDate: day, measures: [{ index: 'BERG', value: 45 }] }),
      ),
    );
    expect(parallel.filter((response) => response.status === 201)).toHaveLength(1);
    expect(parallel.filter((response) => response.status === 409)).toHaveLength(19);
    expect((await pripri('mario.rossi')).colour).toBe('green');
    expect(
      (await record({ sessionDate: dayFromToday(-2), measures: [{ index: 'BERG', value: 30 }] }, 'operatore'))
        .status,
    ).toBe(201);
    expect((await pripri()).colour).toBe('yellow');
    expect(await colours([mario, 999_999])).toEqual({ [mario]: 'yellow' });
    expect(
      (await record({ sessionDate: dayFromToday(-1), measures: [{ index: 'BERG', value: 29 }] })).status,
    ).toBe(201);
    const now = await pripri();
    expect(now.colour).toBe('red');
    expect(now.sessions.map((session) => session.colour)).toEqual(['green', 'yellow', 'red']);
  });

  it('checks who records and what', async () => {
    for (const user of ['mario.rossi', 'ospite'])
      expect(
        (await record({ sessionDate: dayFromToday(0), measures: [{ index: 'BERG', value: 50 }] }, user))
          .status,
      ).toBe(403);
    const wrong = await record({ sessionDate: dayFromToday(1), measures: [{ index: 'HR', value: 50 }] });
    expect(((await expectError(wrong, 400, 'BAD_REQUEST')) as { fields: unknown[] }).fields).toEqual([
      { field: 'measures.0.index', code: 'invalid' },
      { field: 'sessionDate', code: 'invalid' },
    ]);
    expect((await record({ sessionDate: dayFromToday(0), measures: [] })).status).toBe(400);
    expect((await ctx.call('/api/pripri/colours?patientIds=1,x', 'dott.ferrari')).status).toBe(400);
    expect((await ctx.call(`/api/pripri/colours?patientIds=${mario}`, 'mario.rossi')).status).toBe(403);
    expect((await ctx.call(`/api/pripri/${mario}`, 'giulia.bianchi')).status).toBe(403);
    await ctx.db.delete(pripriSessions);
  });
});
