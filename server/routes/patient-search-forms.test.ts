import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { patients } from '../db/schema';
import { projectIdOf } from '../test/fixtures/consents';

interface Row {
  mepiId: number;
  name: string;
  surname: string;
  fiscalCode: string;
  alive: boolean;
  merged: boolean;
}

/** Code-point order, as collation "C" compares. */
const byCodePoints = (a: string, b: string): number => {
  const left = [...a].map((char) => char.codePointAt(0) ?? 0);
  const right = [...b].map((char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
};
const listOrder = (a: Row, b: Row): number =>
  byCodePoints(a.surname.toLowerCase(), b.surname.toLowerCase()) ||
  byCodePoints(a.name.toLowerCase(), b.name.toLowerCase()) ||
  a.mepiId - b.mepiId;

/**
 * Each form of the staff list is planned its own way at a million patients (ranges instead of
 * LIKE, the `left(fiscal_code, n)` indexes for short fiscal-code prefixes, the `neither` total by
 * subtraction). Every form must still answer what a plain reading of the filters gives: the same patients,
 * in list order, and the same total.
 */
describe.each(databaseTargets)('every patient list form on $name', ({ location }) => {
  let ctx: TestContext;
  let everyone: Row[];
  beforeAll(async () => {
    ctx = await createTestContext(location);
    // Names that a LIKE pattern or a careless range would get wrong, and a merged and a deceased position.
    const odd = [
      { name: 'Ugo', surname: '100%_Rossi', fiscalCode: 'ZZZTST00A01H501A' },
      { name: '%', surname: 'Rosso', fiscalCode: 'RSSTST00A01H501B', merged: true },
      { name: 'Èva', surname: 'rossini', fiscalCode: 'RSSVEA00A41H501C', alive: false },
      { name: 'Ada', surname: 'Roß', fiscalCode: 'RSXDAA00A41H501D' },
      // Exactly the end of the ranges of `ro` and `ma`: just outside them.
      { name: 'Mb', surname: 'Rp', fiscalCode: 'RPXMBX00A41H501E' },
    ];
    await ctx.db.insert(patients).values(
      odd.map((patient, index) => ({
        masterId: `FORMS-${index}`,
        birthDate: '2000-01-01',
        sex: 'F',
        demographics: {},
        ...patient,
      })),
    );
    everyone = await ctx.db
      .select({
        mepiId: patients.mepiId,
        name: patients.name,
        surname: patients.surname,
        fiscalCode: patients.fiscalCode,
        alive: patients.alive,
        merged: patients.merged,
      })
      .from(patients);
  });
  afterAll(() => ctx.close());

  const list = async (query: string) => {
    const response = await ctx.call(`/api/patients?max=100&${query}`, 'dott.ferrari');
    expect(response.status, query).toBe(200);
    return v.parse(PatientList, await response.json());
  };

  it.each([
    ['surname=r', (row: Row) => row.surname.toLowerCase().startsWith('r')],
    ['surname=ro', (row: Row) => row.surname.toLowerCase().startsWith('ro')],
    ['surname=ROSS', (row: Row) => row.surname.toLowerCase().startsWith('ross')],
    ['surname=100%25_', (row: Row) => row.surname.toLowerCase().startsWith('100%_')],
    ['surname=%25', (row: Row) => row.surname.startsWith('%')],
    ['name=%C3%A8', (row: Row) => row.name.toLowerCase().startsWith('è')],
    ['name=m', (row: Row) => row.name.toLowerCase().startsWith('m')],
    ['surname=ro&name=ma', (row: Row) => /^ro/i.test(row.surname) && /^ma/i.test(row.name)],
    ['name=ma', (row: Row) => row.name.toLowerCase().startsWith('ma')],
    ['fiscalCode=r', (row: Row) => row.fiscalCode.startsWith('R')],
    ['fiscalCode=RS', (row: Row) => row.fiscalCode.startsWith('RS')],
    ['fiscalCode=RSS', (row: Row) => row.fiscalCode.startsWith('RSS')],
    ['fiscalCode=RSSM', (row: Row) => row.fiscalCode.startsWith('RSSM')],
    ['fiscalCode=RS&name=m', (row: Row) => row.fiscalCode.startsWith('RS') && /^m/i.test(row.name)],
    [
      'fiscalCode=R&surname=rossi',
      (row: Row) => row.fiscalCode.startsWith('R') && /^rossi/i.test(row.surname),
    ],
    ['fiscalCode=ZZ', (row: Row) => row.fiscalCode.startsWith('ZZ')],
  ])('%s: the patients the filters name, in list order, and their total', async (query, keeps) => {
    for (const [status, inStatus] of [
      ['', (row: Row) => !row.merged],
      ['&positionStatus=deceased', (row: Row) => !row.alive && !row.merged],
      ['&positionStatus=merged&positionStatus=alive', (row: Row) => row.merged || row.alive],
    ] as const) {
      const expected = everyone.filter((row) => keeps(row) && inStatus(row)).sort(listOrder);
      const answer = await list(`${query}${status}`);
      expect(
        answer.patients.map((patient) => patient.mepiId),
        `${query}${status}`,
      ).toEqual(expected.map((row) => row.mepiId));
      expect(answer.paging.totalCount, `${query}${status}`).toBe(expected.length);
    }
  });

  it('counts a participation filter exactly, alone and with the other filters', async () => {
    const projectId = await projectIdOf(ctx, 'CUORE');
    for (const participation of ['participants', 'invited', 'neither']) {
      for (const more of ['', '&surname=r', '&fiscalCode=RS', '&positionStatus=deceased']) {
        const query = `projectId=${projectId}&participation=${participation}${more}`;
        const answer = await list(query);
        expect(answer.paging.totalCount, query).toBe(answer.patients.length);
      }
    }
    const neither = await list(`projectId=${projectId}&participation=neither`);
    const participants = await list(`projectId=${projectId}&participation=participants`);
    expect(participants.paging.totalCount).toBeGreaterThan(0);
    expect(neither.paging.totalCount).toBeLessThan(everyone.filter((row) => !row.merged).length);
  });
});
