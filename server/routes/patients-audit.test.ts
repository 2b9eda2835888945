import { asc, gt, max } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientList, TreatmentHistory } from '../../src/contract';
import { HistoryActivities } from '../../src/contract/history';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { auditLog } from '../db/schema';

describe.each(databaseTargets)('audit of patient lists and searches on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let luca: number;
  const list = async (path: string, username: string): Promise<PatientList> => {
    const response = await ctx.call(path, username);
    expect(response.status).toBe(200);
    return v.parse(PatientList, await response.json());
  };
  const lastAuditId = async (): Promise<number> =>
    (await ctx.db.select({ id: max(auditLog.id) }).from(auditLog))[0]?.id ?? 0;
  /** The audit rows `call` wrote, and what it answered. */
  const audited = async <T>(call: () => Promise<T>) => {
    const before = await lastAuditId();
    const result = await call();
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, before))
      .orderBy(asc(auditLog.id));
    return { result, rows };
  };
  const ids = (page: PatientList): number[] => page.patients.map((patient) => patient.mepiId).sort();

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    // The seed's first patients: Mario, Giulia, then Luca (who gave no dossier consent).
    luca = mario + 2;
  });
  afterAll(() => ctx.close());

  it('writes one PATIENT_LIST row per patient on the page, in one statement, with the gate’s title', async () => {
    const { result, rows } = await audited(() => list('/api/patients?max=100', 'dott.ferrari'));
    expect(result.patients.length).toBeGreaterThan(2);
    expect(rows.map((row) => row.patientId).sort()).toEqual(ids(result));
    for (const row of rows)
      expect(row).toMatchObject({
        activity: 'PATIENT_LIST',
        userRole: 'PHY',
        outcome: 'ALLOWED',
        detail: 'all',
      });
    // One multi-row insert: every row carries the same statement time.
    expect(new Set(rows.map((row) => row.at.getTime())).size).toBe(1);
    // The title is the gate's: Mario gave the dossier consent, Luca did not.
    const rossi = await audited(() => list('/api/patients?surname=rossi&name=mario', 'dott.ferrari'));
    expect(rossi.rows.find((row) => row.patientId === mario)).toMatchObject({
      accessTitle: 'DOSSIER_CONSENT',
      detail: 'surname,name',
    });
    const verdi = await audited(() => list('/api/patients?surname=verdi&name=luca', 'operatore'));
    expect(verdi.rows).toEqual([
      expect.objectContaining({ patientId: luca, accessTitle: 'NONE', userRole: 'OPT' }),
    ]);
  });

  it('audits the favourites as a list, and a search per patient found', async () => {
    const favourites = await audited(() => list('/api/patients?favorites=true&max=100', 'dott.ferrari'));
    expect(favourites.result.patients.length).toBeGreaterThan(0);
    expect(favourites.rows.map((row) => row.patientId).sort()).toEqual(ids(favourites.result));
    expect(favourites.rows.every((row) => row.detail === 'favorites')).toBe(true);
    const search = await audited(() => list('/api/patients/mepiSearch?fiscalCode=RSSMRA85T10F205R', 'admin'));
    expect(search.rows).toEqual([
      expect.objectContaining({
        patientId: mario,
        activity: 'PATIENT_SEARCH',
        userRole: 'ADM',
        outcome: 'ALLOWED',
        detail: 'fiscalCode',
      }),
    ]);
  });

  it('writes nothing when nothing is found, nor for a refused caller', async () => {
    const none = await audited(() =>
      list('/api/patients/mepiSearch?surname=Nessuno&name=Mai&birthDate=1900-01-01', 'admin'),
    );
    expect(none.result.patients).toEqual([]);
    expect(none.rows).toEqual([]);
    const refused = await audited(() => ctx.call('/api/patients?max=100', 'mario.rossi'));
    expect(refused.result.status).toBe(403);
    expect(refused.rows).toEqual([]);
  });

  it('shows the patient, in the treatment history, who listed or found them', async () => {
    await list('/api/patients/mepiSearch?surname=Rossi&name=Mario&birthDate=1985-12-10', 'dott.ferrari');
    const response = await ctx.call(
      `/api/trackingPatientHistory/${mario}?activity=PATIENT_SEARCH`,
      'mario.rossi',
    );
    const history = v.parse(TreatmentHistory, await response.json());
    expect(history.items).toContainEqual(
      expect.objectContaining({
        user: 'Dott.ssa Anna Ferrari (Consenso al dossier)',
        treatmentType: 'PATIENT_SEARCH',
        treatmentDesc: 'Ritrovamento in una ricerca di pazienti',
        outcome: 'ALLOWED',
      }),
    );
    const activities = v.parse(
      HistoryActivities,
      await (
        await ctx.call(`/api/trackingPatientHistory/${mario}/activities`, 'mario.rossi', {
          language: 'en-EN',
        })
      ).json(),
    );
    expect(activities.activities).toContainEqual({
      activityId: 'PATIENT_LIST',
      activityDesc: 'Shown in a patient list',
    });
  });
});
