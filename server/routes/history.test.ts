import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TreatmentHistory } from '../../src/contract';
import {
  HistoryActivities,
  HistoryDocTypes,
  HistoryUserRoles,
  HistoryUsers,
} from '../../src/contract/history';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { documentTypes, users } from '../db/schema';
import { recordAccess } from '../services/audit';

describe.each(databaseTargets)('treatment history on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let luca: number;
  const history = async (path: string, username: string, language = 'it-IT'): Promise<TreatmentHistory> => {
    const response = await ctx.call(`/api/trackingPatientHistory/${path}`, username, { language });
    expect(response.status).toBe(200);
    return v.parse(TreatmentHistory, await response.json());
  };
  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = ((await (await ctx.call('/api/me', 'mario.rossi')).json()) as { patientId: number }).patientId;
    // The seed's first patients: Mario, Giulia, then Luca (who gave no dossier consent).
    [giulia, luca] = [mario + 1, mario + 2];
    // The physician's earlier accesses: one allowed (Mario consented), one refused (Luca did not).
    expect((await ctx.call(`/api/patients/${mario}`, 'dott.ferrari')).status).toBe(200);
    expect((await ctx.call(`/api/patients/${luca}`, 'dott.ferrari')).status).toBe(403);
    // A document read, as the documents area writes it, of a type of the test's own (none of the seed's).
    await ctx.db
      .insert(documentTypes)
      .values({ code: 'TEST-HIST', descIt: 'Referto di prova', descEn: 'Test report' })
      .onConflictDoNothing();
    const [ferrari] = await ctx.db.select().from(users).where(eq(users.username, 'dott.ferrari'));
    if (!ferrari) throw new Error('seeded physician missing');
    await recordAccess(ctx.db, {
      user: ferrari,
      patientId: mario,
      activity: 'DOCUMENT_VIEW',
      accessTitle: 'DOSSIER_CONSENT',
      outcome: 'ALLOWED',
      documentId: 1,
      documentTypeCode: 'TEST-HIST',
    });
  });
  afterAll(() => ctx.close());

  it("shows the patient the physician's earlier access, localised, newest first", async () => {
    const italian = await history(`${mario}`, 'mario.rossi');
    expect(italian.items[0]).toMatchObject({
      user: 'Dott.ssa Anna Ferrari (Consenso al dossier)',
      userRole: 'PHY',
      treatmentType: 'DOCUMENT_VIEW',
      treatmentDesc: 'Visualizzazione di un documento',
      accessTitle: 'DOSSIER_CONSENT',
      documentType: { code: 'TEST-HIST', desc: 'Referto di prova' },
      outcome: 'ALLOWED',
    });
    expect(italian.items[1]).toMatchObject({ treatmentType: 'PATIENT_READ', documentType: null });
    const english = await history(`${mario}`, 'mario.rossi', 'en-EN');
    expect(english.items[0]).toMatchObject({
      user: 'Dott.ssa Anna Ferrari (Dossier consent)',
      treatmentDesc: 'Document viewed',
      documentType: { desc: 'Test report' },
    });
    const dates = italian.items.map((item) => item.dateTime);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("leaves out the viewer's own history reads but shows other people's", async () => {
    await history(`${mario}`, 'mario.rossi');
    const own = await history(`${mario}?activity=HISTORY_READ`, 'mario.rossi');
    expect(own.items).toEqual([]);
    await history(`${mario}`, 'dott.ferrari');
    const staff = await history(`${mario}?activity=HISTORY_READ`, 'mario.rossi');
    expect(staff.items.map((item) => item.user)).toEqual(['Dott.ssa Anna Ferrari (Consenso al dossier)']);
  });

  it("leaves out the viewer's own accesses unless asked for (includeOwn), and validates the flag", async () => {
    expect((await ctx.call(`/api/patients/${mario}`, 'mario.rossi')).status).toBe(200);
    const byMario = (item: { user: string }): boolean => item.user.startsWith('Mario Rossi');
    const others = await history(`${mario}?max=100`, 'mario.rossi');
    expect(others.items.length).toBeGreaterThan(0);
    expect(others.items.some(byMario)).toBe(false);
    const withOwn = await history(`${mario}?max=100&includeOwn=true`, 'mario.rossi');
    expect(withOwn.items.filter(byMario)).toContainEqual(
      expect.objectContaining({ treatmentType: 'PATIENT_READ', userRole: 'PAT' }),
    );
    expect(withOwn.paging.totalCount).toBeGreaterThan(others.paging.totalCount);
    const explicitOff = await history(`${mario}?max=100&includeOwn=false`, 'mario.rossi');
    expect(explicitOff.paging.totalCount).toBe(others.paging.totalCount);
    // Staff likewise: the physician's own reads hide by default, the patient still sees them.
    const staffView = await history(`${mario}?max=100`, 'dott.ferrari');
    expect(staffView.items.some((item) => item.user.startsWith('Dott.ssa Anna Ferrari'))).toBe(false);
    expect(staffView.items.some(byMario)).toBe(true);
    const bad = await ctx.call(`/api/trackingPatientHistory/${mario}?includeOwn=yes`, 'mario.rossi');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: [{ field: 'includeOwn' }] });
  });

  it('shows refused attempts: staff without consent, another patient, a guest', async () => {
    const lucaView = await history(`${luca}`, 'luca.verdi');
    expect(lucaView.items).toContainEqual(
      expect.objectContaining({
        userRole: 'PHY',
        outcome: 'DENIED',
        user: 'Dott.ssa Anna Ferrari (Nessun titolo)',
      }),
    );
    const other = await ctx.call(`/api/trackingPatientHistory/${giulia}`, 'mario.rossi');
    expect(other.status).toBe(403);
    const guest = await ctx.call(`/api/trackingPatientHistory/${mario}`, 'ospite');
    expect(guest.status).toBe(403);
    expect((await ctx.call(`/api/trackingPatientHistory/${luca}`, 'dott.ferrari')).status).toBe(403);
    const giuliaView = await history(`${giulia}?userRole=PAT`, 'giulia.bianchi');
    expect(giuliaView.items).toEqual([
      expect.objectContaining({
        user: 'Mario Rossi (Nessun titolo)',
        treatmentType: 'HISTORY_READ',
        outcome: 'DENIED',
      }),
    ]);
    const marioView = await history(`${mario}?userRole=GUE`, 'mario.rossi', 'en-EN');
    expect(marioView.items).toEqual([
      expect.objectContaining({ user: 'Sara Rossi (Delegate)', outcome: 'DENIED' }),
    ]);
    expect((await ctx.call('/api/trackingPatientHistory/999999', 'mario.rossi')).status).toBe(404);
  });

  it('filters by activity, role, user, document type and period, and pages', async () => {
    const all = await history(`${mario}?max=100`, 'mario.rossi');
    const ferrari = (await history(`${mario}?userRole=PHY`, 'mario.rossi')).items;
    expect(ferrari.length).toBeGreaterThanOrEqual(3);
    const users = v.parse(
      HistoryUsers,
      await (await ctx.call(`/api/trackingPatientHistory/${mario}/users`, 'mario.rossi')).json(),
    );
    const ferrariId = users.users.find((user) => user.name === 'Dott.ssa Anna Ferrari')?.id;
    const byUser = await history(
      `${mario}?userId=${ferrariId}&activity=PATIENT_READ&activity=DOCUMENT_VIEW`,
      'mario.rossi',
    );
    expect(byUser.items.map((item) => item.treatmentType).sort()).toEqual(['DOCUMENT_VIEW', 'PATIENT_READ']);
    expect((await history(`${mario}?documentType=TEST-HIST`, 'mario.rossi')).paging.totalCount).toBe(1);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    expect(
      (await history(`${mario}?dateFrom=${today}&dateTo=${today}&max=100`, 'mario.rossi')).paging.totalCount,
    ).toBe(all.paging.totalCount);
    expect((await history(`${mario}?dateTo=2020-01-01`, 'mario.rossi')).paging.totalCount).toBe(0);
    const page = await history(`${mario}?max=1&offset=1`, 'mario.rossi');
    expect(page.items.map((item) => item.id)).toEqual([all.items[1]?.id]);
    expect(page.paging).toMatchObject({
      totalCount: all.paging.totalCount,
      totalPage: all.paging.totalCount,
      max: 1,
    });
    const badPeriod = await ctx.call(
      `/api/trackingPatientHistory/${mario}?dateFrom=2025-02-01&dateTo=2025-01-01`,
      'mario.rossi',
    );
    expect(badPeriod.status).toBe(400);
    expect(await badPeriod.json()).toMatchObject({ fields: [{ field: 'dateFrom', code: 'invalidPeriod' }] });
  });

  it('lists the activities, roles, users and document types present, localised', async () => {
    const patientReads = async (): Promise<number> =>
      (await history(`${mario}?activity=HISTORY_READ&userRole=PAT`, 'dott.ferrari')).paging.totalCount;
    const readsBefore = await patientReads();
    const get = async (facet: string): Promise<unknown> =>
      (
        await ctx.call(`/api/trackingPatientHistory/${mario}/${facet}`, 'mario.rossi', { language: 'en-EN' })
      ).json();
    const { activities } = v.parse(HistoryActivities, await get('activities'));
    expect(activities).toContainEqual({ activityId: 'PATIENT_READ', activityDesc: 'Demographic data read' });
    const { userRoles } = v.parse(HistoryUserRoles, await get('userRoles'));
    expect(userRoles).toContainEqual({ code: 'PHY', desc: 'Physician' });
    const { users } = v.parse(HistoryUsers, await get('users'));
    expect(users.map((user) => user.name)).toContain('Dott.ssa Anna Ferrari');
    const { documentTypes: types } = v.parse(HistoryDocTypes, await get('docTypes'));
    expect(types).toEqual([{ code: 'TEST-HIST', desc: 'Test report' }]);
    expect((await ctx.call(`/api/trackingPatientHistory/${giulia}/users`, 'mario.rossi')).status).toBe(403);
    // The filter lists are audited, but an allowed read of them does not add lines to the history.
    expect(await patientReads()).toBe(readsBefore);
  });
});
