import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Patient, PatientList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog } from '../db/schema';

describe.each(databaseTargets)('patients on $name', ({ location }) => {
  let ctx: TestContext;
  let marioId: number;
  beforeAll(async () => {
    ctx = await createTestContext(location);
    const me = (await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number };
    marioId = me.patientId;
  });
  afterAll(() => ctx.close());

  it('gives a patient their own full demographic record', async () => {
    const response = await ctx.call(`/api/patients/${marioId}`, 'mario.rossi');
    expect(response.status).toBe(200);
    const patient = v.parse(Patient, await response.json());
    expect(patient).toMatchObject({ name: 'Mario', surname: 'Rossi', fiscalCode: 'RSSMRA85T10F205R' });
    expect(patient.healthService.generalPractitioner).not.toBeNull();
    expect(patient.residence?.city).toBeTruthy();
  });

  it("refuses another patient's record to a patient", async () => {
    const response = await ctx.call(`/api/patients/${marioId + 1}`, 'mario.rossi');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'ACCESS_DENIED' });
  });

  it('lets the guest read the patient who delegated them', async () => {
    expect((await ctx.call(`/api/patients/${marioId}`, 'ospite')).status).toBe(200);
    expect((await ctx.call(`/api/patients/${marioId + 1}`, 'ospite')).status).toBe(403);
  });

  it('lets staff read a patient with the dossier consent, and refuses one without it', async () => {
    const physician = await ctx.call(`/api/patients/${marioId}`, 'dott.ferrari');
    expect(v.parse(Patient, await physician.json()).favorite).toBe(true);
    const luca = await ctx.call(`/api/patients/${marioId + 2}`, 'dott.ferrari');
    expect(luca.status).toBe(403);
    expect(await luca.json()).toMatchObject({ code: 'DOSSIER_NOT_AUTHORIZED' });
  });

  it('answers 404 for a patient that does not exist and 400 for a malformed id', async () => {
    expect((await ctx.call('/api/patients/999999', 'dott.ferrari')).status).toBe(404);
    const bad = await ctx.call('/api/patients/abc', 'dott.ferrari');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: [{ field: 'id', code: 'invalid' }],
    });
  });

  it('answers the max=1 probe with the total count', async () => {
    const response = await ctx.call('/api/patients?max=1', 'dott.ferrari');
    const list = v.parse(PatientList, await response.json());
    expect(list.patients).toHaveLength(1);
    expect(list.paging).toMatchObject({ totalCount: 50, totalPage: 50, max: 1, offset: 0 });
  });

  it('filters by surname prefix, fiscal code and position status, and pages', async () => {
    const bySurname = v.parse(
      PatientList,
      await (await ctx.call('/api/patients?surname=ross', 'operatore')).json(),
    );
    expect(bySurname.patients.map((patient) => patient.surname)).toContain('Rossi');
    expect(bySurname.patients.every((patient) => patient.surname.toLowerCase().startsWith('ross'))).toBe(
      true,
    );

    const byCode = v.parse(
      PatientList,
      await (await ctx.call('/api/patients?fiscalCode=rssmra85', 'admin')).json(),
    );
    expect(byCode.patients).toHaveLength(1);

    const deceased = v.parse(
      PatientList,
      await (await ctx.call('/api/patients?positionStatus=deceased&max=100', 'admin')).json(),
    );
    const both = v.parse(
      PatientList,
      await (
        await ctx.call('/api/patients?positionStatus=deceased&positionStatus=alive&max=100', 'admin')
      ).json(),
    );
    expect(deceased.patients.every((patient) => !patient.positionStatus.alive)).toBe(true);
    expect(both.paging.totalCount).toBe(50);

    const page2 = v.parse(
      PatientList,
      await (await ctx.call('/api/patients?max=20&offset=20', 'admin')).json(),
    );
    expect(page2.patients).toHaveLength(20);
    expect(page2.paging.totalPage).toBe(3);
  });

  it('validates the list query and names the fields in error without echoing them', async () => {
    const response = await ctx.call('/api/patients?max=500&birthDate=31-12-1980', 'admin');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: { field: string }[] };
    expect(body.fields.map((field) => field.field).sort()).toEqual(['birthDate', 'max']);
    expect(JSON.stringify(body)).not.toContain('31-12-1980');
  });

  it('writes an audit row for every attempt, allowed or refused, and the trail refuses changes', async () => {
    const before = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, marioId + 2))
      .orderBy(auditLog.id);
    await ctx.call(`/api/patients/${marioId + 2}`, 'dott.ferrari');
    await ctx.call(`/api/patients/${marioId + 2}`, 'luca.verdi');
    const after = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.patientId, marioId + 2))
      .orderBy(auditLog.id);
    expect(
      after.slice(before.length).map((row) => [row.userRole, row.activity, row.outcome, row.accessTitle]),
    ).toEqual([
      ['PHY', 'PATIENT_READ', 'DENIED', 'NONE'],
      ['PAT', 'PATIENT_READ', 'ALLOWED', 'SELF'],
    ]);
    await expect(
      ctx.db
        .update(auditLog)
        .set({ outcome: 'ALLOWED' })
        .where(eq(auditLog.patientId, marioId + 2)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(auditLog).where(eq(auditLog.patientId, marioId + 2))).rejects.toThrow();
  });

  it('refuses the patient list to patients and guests', async () => {
    expect((await ctx.call('/api/patients?max=1', 'mario.rossi')).status).toBe(403);
    expect((await ctx.call('/api/patients?max=1', 'ospite')).status).toBe(403);
  });
});
