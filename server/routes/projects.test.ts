import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CareTeam,
  PatientProjectList,
  ProjectDetails,
  ProjectList,
  UserPatientUnits,
} from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { guests, projects, users } from '../db/schema';

describe.each(databaseTargets)('projects on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let luca: number;
  const projectId = async (code: string): Promise<number> => {
    const [row] = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.code, code));
    return row?.id ?? -1;
  };
  const json = async <T>(schema: v.GenericSchema<unknown, T>, path: string, user: string): Promise<T> => {
    const response = await ctx.call(path, user);
    expect(response.status, path).toBe(200);
    return v.parse(schema, await response.json());
  };
  const codes = (list: { code: string }[]): string[] => list.map((entry) => entry.code).sort();
  const refusal = async (path: string, user: string): Promise<[number, string]> => {
    const response = await ctx.call(path, user);
    return [response.status, ((await response.json()) as { code: string }).code];
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    const me = async (user: string) =>
      ((await (await ctx.call('/api/me', user)).json()) as { patientId: number }).patientId;
    mario = await me('mario.rossi');
    const [row] = await ctx.db
      .select({ patientId: users.patientId })
      .from(users)
      .where(eq(users.username, 'luca.verdi'));
    luca = row?.patientId ?? -1;
  });
  afterAll(() => ctx.close());

  it('lists the projects staff run (all for an administrator), with members and units', async () => {
    const ferrari = await json(ProjectList, '/api/projects', 'dott.ferrari');
    expect(codes(ferrari.projects)).toEqual(['COVID', 'CUORE', 'DIABETE']);
    const cuore = ferrari.projects.find((project) => project.code === 'CUORE');
    expect(cuore?.isMember).toBe(true);
    expect(cuore?.members.map((member) => member.displayName)).toEqual([
      'Dott.ssa Anna Ferrari',
      'Paolo Esposito',
    ]);
    expect(cuore?.units.map((unit) => unit.code).sort()).toEqual(['CARD', 'MED']);
    expect(codes((await json(ProjectList, '/api/projects', 'operatore')).projects)).toEqual(['CUORE']);
    expect((await json(ProjectList, '/api/projects', 'admin')).projects).toHaveLength(4);
  });

  it('lists for a patient the projects they take part in, and their invitations on the patient projects', async () => {
    expect(codes((await json(ProjectList, '/api/projects', 'mario.rossi')).projects)).toEqual(['CUORE']);
    const own = await json(
      PatientProjectList,
      `/api/projects/patientProjects?patientId=${mario}`,
      'mario.rossi',
    );
    expect(
      own.patientProjects.map((entry) => [entry.project.code, entry.participation, entry.consentStatus]),
    ).toEqual([
      ['CUORE', 'participating', 'GIVEN'],
      ['DIABETE', 'invited', 'INVITE'],
    ]);
  });

  it('shows a physician the projects they run with the patient’s participation', async () => {
    const list = await json(
      PatientProjectList,
      `/api/projects/patientProjects?patientId=${mario}`,
      'dott.ferrari',
    );
    expect(list.patientProjects.map((entry) => [entry.project.code, entry.participation])).toEqual([
      ['CUORE', 'participating'],
      ['DIABETE', 'invited'],
      ['COVID', 'not-participating'],
    ]);
    expect(await refusal(`/api/projects/patientProjects?patientId=${luca}`, 'dott.ferrari')).toEqual([
      403,
      'DOSSIER_NOT_AUTHORIZED',
    ]);
    expect(await refusal(`/api/projects/patientProjects?patientId=${mario}`, 'giulia.bianchi')).toEqual([
      403,
      'ACCESS_DENIED',
    ]);
  });

  it('never shows a guest an invitation, and nothing without the project right', async () => {
    const path = `/api/projects/patientProjects?patientId=${mario}`;
    expect((await json(PatientProjectList, path, 'ospite')).patientProjects).toEqual([]);
    expect((await json(ProjectList, '/api/projects', 'ospite')).projects).toEqual([]);
    const [guest] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'ospite'));
    const grant = and(eq(guests.guestUserId, guest?.id ?? -1), eq(guests.patientId, mario));
    const [before] = await ctx.db.select({ rights: guests.rights }).from(guests).where(grant);
    await ctx.db
      .update(guests)
      .set({ rights: [...(before?.rights ?? []), 'project'] })
      .where(grant);
    try {
      const list = await json(PatientProjectList, path, 'ospite');
      expect(list.patientProjects.map((entry) => entry.project.code)).toEqual(['CUORE']);
      expect(codes((await json(ProjectList, '/api/projects', 'ospite')).projects)).toEqual(['CUORE']);
      expect((await ctx.call(`/api/projects/${await projectId('DIABETE')}`, 'ospite')).status).toBe(404);
    } finally {
      await ctx.db
        .update(guests)
        .set({ rights: before?.rights ?? [] })
        .where(grant);
    }
  });

  it('opens a project to its members with counts, refuses other staff, and shows a patient their invitation', async () => {
    const cuore = await projectId('CUORE');
    const details = await json(ProjectDetails, `/api/projects/${cuore}`, 'dott.ferrari');
    expect(details.participants?.participating).toBeGreaterThanOrEqual(1);
    const diabete = await json(ProjectDetails, `/api/projects/${await projectId('DIABETE')}`, 'dott.ferrari');
    expect(diabete.participants?.invited).toBeGreaterThanOrEqual(1);
    expect(await refusal(`/api/projects/${await projectId('DIABETE')}`, 'operatore')).toEqual([
      403,
      'PROJECT_NOT_MEMBER',
    ]);
    const invitation = await json(
      ProjectDetails,
      `/api/projects/${await projectId('DIABETE')}`,
      'mario.rossi',
    );
    expect(invitation.participants).toBeNull();
    expect((await ctx.call(`/api/projects/${await projectId('BIOBANCA')}`, 'mario.rossi')).status).toBe(404);
    expect((await ctx.call('/api/projects/2147483647', 'dott.ferrari')).status).toBe(404);
  });

  it('names the patient’s care team and the units staff share with the patient', async () => {
    const team = await json(CareTeam, `/api/projects/physicians?patientId=${mario}`, 'mario.rossi');
    expect(team.physicians.map((physician) => physician.displayName)).toContain('Dott.ssa Anna Ferrari');
    expect(team.physicians.every((physician) => physician.displayName !== 'Paolo Esposito')).toBe(true);
    const units = await json(
      UserPatientUnits,
      `/api/projects/userPatientUnits?patientId=${mario}`,
      'dott.ferrari',
    );
    expect(units.units.length).toBeGreaterThan(0);
    expect(await refusal(`/api/projects/userPatientUnits?patientId=${mario}`, 'mario.rossi')).toEqual([
      403,
      'ACCESS_DENIED',
    ]);
  });

  it('answers 400 naming the field for a malformed id', async () => {
    for (const path of [
      '/api/projects/patientProjects?patientId=abc',
      '/api/projects/physicians',
      '/api/projects/userPatientUnits?patientId=99999999999',
      '/api/projects/0',
    ]) {
      const response = await ctx.call(path, 'dott.ferrari');
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(await response.json()), path).toMatch(/patientId|"id"/);
    }
  });
});
