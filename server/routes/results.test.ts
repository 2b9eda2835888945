import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Reading,
  ReadingHistory,
  ReadingList,
  ResultList,
  ResultSeries,
} from '../../src/contract/results';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog, patientReadings } from '../db/schema';
import { insertClinicalRecord } from '../test/fixtures/clinical-record';
import { json } from '../test/fixtures/guests';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe.each(databaseTargets)('results, trends and the patient’s own readings on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  const add = (username: string, body: Record<string, unknown>) =>
    ctx.call('/api/readings', username, json('POST', { patientId: mario, ...body }));
  const bloodPressure = (systolic: number, diastolic: number, hours = 1) => ({
    kind: 'blood-pressure',
    takenAt: hoursAgo(hours),
    systolic,
    diastolic,
  });
  const series = async (username: string, code: string) => {
    const response = await ctx.call(`/api/results/series?patientId=${mario}&code=${code}`, username);
    return { status: response.status, body: (await response.json()) as ResultSeries };
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    await insertClinicalRecord(ctx, mario);
    await ctx.db.delete(patientReadings).where(eq(patientReadings.patientId, mario));
  });
  afterAll(() => ctx.close());

  it('lists each analyte once with its latest value, count and flag, as each reader may see them', async () => {
    const mine = (await (
      await ctx.call(`/api/results?patientId=${mario}`, 'mario.rossi')
    ).json()) as ResultList;
    const hba1c = mine.analytes.find((analyte) => analyte.code === '4548-4');
    expect(hba1c).toMatchObject({ value: 7.8, count: 2, flag: 'high', source: 'hospital', unit: '%' });
    const codes = (list: ResultList) => list.analytes.map((analyte) => analyte.code).sort();
    // The staff-only report's value is not the patient's to read; the one obscured from staff is.
    expect(codes(mine)).toContain('718-7');
    expect(codes(mine)).not.toContain('2823-3');
    const staff = (await (
      await ctx.call(`/api/results?patientId=${mario}`, 'dott.ferrari')
    ).json()) as ResultList;
    expect(codes(staff)).toContain('2823-3');
    expect(codes(staff)).not.toContain('718-7');
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.patientId, mario),
          eq(auditLog.activity, 'RESULTS_READ'),
          eq(auditLog.userRole, 'PHY'),
        ),
      );
    expect(row).toMatchObject({ outcome: 'ALLOWED' });
  });

  it('gives one analyte’s series oldest first, each value linked to its report', async () => {
    const { status, body } = await series('mario.rossi', '4548-4');
    expect(status).toBe(200);
    expect(body.points.map((point) => point.value)).toEqual([6.9, 7.8]);
    expect(body).toMatchObject({ referenceLow: 4, referenceHigh: 6 });
    expect(body.points.every((point) => point.source === 'hospital' && point.documentId !== null)).toBe(true);
    // What the caller may not see is absent, the same answer as a code with no values.
    expect((await series('dott.ferrari', '718-7')).status).toBe(404);
    expect((await series('mario.rossi', '2823-3')).status).toBe(404);
  });

  it('refuses a value outside its plausible range with the field, and keeps nothing', async () => {
    const refused = await add('mario.rossi', bloodPressure(300, 80));
    expect(refused.status).toBe(400);
    expect((await refused.json()).fields).toEqual([{ field: 'systolic', code: 'outOfRange' }]);
    const inverted = await add('mario.rossi', bloodPressure(80, 120));
    expect((await inverted.json()).fields).toEqual([{ field: 'diastolic', code: 'invalid' }]);
    const future = await add('mario.rossi', { kind: 'weight', value: 70, takenAt: hoursAgo(-2) });
    expect((await future.json()).fields).toEqual([{ field: 'takenAt', code: 'outOfRange' }]);
    const missing = await add('mario.rossi', { kind: 'glucose', takenAt: hoursAgo(1) });
    expect((await missing.json()).fields).toEqual([{ field: 'value', code: 'required' }]);
    const badKind = await add('mario.rossi', { kind: 'mood', takenAt: hoursAgo(1), value: 3 });
    expect(badKind.status).toBe(400);
    expect((await badKind.json()).fields[0].field).toBe('kind');
    const rows = await ctx.db.select().from(patientReadings).where(eq(patientReadings.patientId, mario));
    expect(rows).toHaveLength(0);
  });

  it('lets only the patient enter readings, and shows them marked on the trend to the care team', async () => {
    const created = await add('mario.rossi', bloodPressure(135, 85, 2));
    expect(created.status).toBe(201);
    const reading = (await created.json()) as Reading;
    expect(reading).toMatchObject({
      kind: 'blood-pressure',
      systolic: 135,
      diastolic: 85,
      version: 1,
      editable: true,
    });
    expect((await add('dott.ferrari', bloodPressure(120, 80))).status).toBe(403);
    const { body } = await series('dott.ferrari', '85354-9');
    expect(body.points).toEqual([
      expect.objectContaining({
        source: 'patient',
        id: reading.id,
        value: 135,
        secondValue: 85,
        documentId: null,
      }),
    ]);
    const list = (await (
      await ctx.call(`/api/readings?patientId=${mario}`, 'dott.ferrari')
    ).json()) as ReadingList;
    expect(list.readings[0]).toMatchObject({ id: reading.id, editable: false });
    const analytes = (await (
      await ctx.call(`/api/results?patientId=${mario}`, 'dott.ferrari')
    ).json()) as ResultList;
    expect(analytes.analytes.find((analyte) => analyte.source === 'patient')).toMatchObject({
      code: '85354-9',
      value: 135,
      secondValue: 85,
      name: 'Pressione arteriosa',
    });
  });

  it('keeps every version through 20 corrections at once, and hides a deleted reading', async () => {
    const reading = (await (
      await add('mario.rossi', { kind: 'weight', value: 80, takenAt: hoursAgo(3) })
    ).json()) as Reading;
    const path = `/api/readings/${reading.id}`;
    const corrections = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ctx.call(
          path,
          'mario.rossi',
          json('PUT', { kind: 'weight', value: 70 + index, takenAt: reading.takenAt }),
        ),
      ),
    );
    expect(corrections.map((response) => response.status)).toEqual(Array(20).fill(200));
    // Somebody else's reading is not theirs to correct: it answers as if it did not exist.
    const other = await ctx.call(
      path,
      'dott.ferrari',
      json('PUT', { kind: 'weight', value: 60, takenAt: reading.takenAt }),
    );
    expect(other.status).toBe(404);
    const wrongKind = await ctx.call(
      path,
      'mario.rossi',
      json('PUT', { kind: 'glucose', value: 90, takenAt: reading.takenAt }),
    );
    expect(wrongKind.status).toBe(400);
    expect((await ctx.call(path, 'mario.rossi', { method: 'DELETE' })).status).toBe(204);
    expect((await ctx.call(path, 'mario.rossi', { method: 'DELETE' })).status).toBe(404);
    const list = (await (
      await ctx.call(`/api/readings?patientId=${mario}`, 'mario.rossi')
    ).json()) as ReadingList;
    expect(list.readings.map((item) => item.id)).not.toContain(reading.id);
    const [stored] = await ctx.db.select().from(patientReadings).where(eq(patientReadings.id, reading.id));
    expect(stored?.version).toBe(22);
    expect(stored?.deletedAt).not.toBeNull();
  });

  it('answers the history of a live reading, first to last', async () => {
    const reading = (await (
      await add('mario.rossi', { kind: 'glucose', value: 110, takenAt: hoursAgo(4), note: 'a digiuno' })
    ).json()) as Reading;
    await ctx.call(
      `/api/readings/${reading.id}`,
      'mario.rossi',
      json('PUT', { kind: 'glucose', value: 101, takenAt: reading.takenAt, note: 'a digiuno' }),
    );
    const history = (await (
      await ctx.call(`/api/readings/${reading.id}/history`, 'mario.rossi')
    ).json()) as ReadingHistory;
    expect(history.versions.map((version) => [version.version, version.change, version.value])).toEqual([
      [1, 'entered', 110],
      [2, 'corrected', 101],
    ]);
    expect(history.versions[0]?.note).toBe('a digiuno');
    expect((await ctx.call(`/api/readings/${reading.id}/history`, 'mario.rossi')).status).toBe(200);
    expect((await ctx.call('/api/readings/2147483647/history', 'mario.rossi')).status).toBe(404);
    expect((await ctx.call('/api/readings/abc/history', 'mario.rossi')).status).toBe(400);
  });

  it('refuses another patient and a physician without access, audited', async () => {
    expect((await ctx.call(`/api/results?patientId=${mario + 1}`, 'mario.rossi')).status).toBe(403);
    expect((await ctx.call(`/api/readings?patientId=${mario + 2}`, 'dott.ferrari')).status).toBe(403);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.patientId, mario + 2), eq(auditLog.activity, 'READING_READ')));
    expect(row).toMatchObject({ outcome: 'DENIED', userRole: 'PHY' });
  });
});
