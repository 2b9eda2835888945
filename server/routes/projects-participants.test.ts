import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentList, PatientProjectList, PreparedDocuments } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { consents } from '../db/schema';
import { json, patientIdOf, projectIdOf, self, signPrepared } from '../test/fixtures/consents';
import { readLive } from '../test/live';

describe.each(databaseTargets)('inviting to and removing from projects on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  const participants = (projectId: number, patientId: number) =>
    `/api/projects/${projectId}/participants/${patientId}`;
  const participation = async (patientId: number, code: string, user = 'dott.ferrari') => {
    const response = await ctx.call(`/api/projects/patientProjects?patientId=${patientId}`, user);
    const list = v.parse(PatientProjectList, await response.json());
    return list.patientProjects.find((entry) => entry.project.code === code)?.participation;
  };
  const inProject = async (username: string): Promise<boolean> =>
    ((await (await ctx.call('/api/me', username)).json()) as { inProject: boolean }).inProject;
  const codeOf = async (response: Response): Promise<[number, string]> => [
    response.status,
    ((await response.json()) as { code: string }).code,
  ];

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
  });
  afterAll(() => ctx.close());

  it('lets a member invite (once, even 25 times at once), tells the patient live, and the patient joins by signing', async () => {
    const cuore = await projectIdOf(ctx, 'CUORE');
    const live = readLive(await ctx.call('/api/live', 'giulia.bianchi'));
    await live.next('ready');
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        ctx.call(participants(cuore, giulia), 'dott.ferrari', { method: 'PUT' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(25).fill(200));
    const pending = await ctx.db
      .select({ id: consents.id })
      .from(consents)
      .where(
        and(eq(consents.patientId, giulia), eq(consents.projectId, cuore), eq(consents.superseded, false)),
      );
    expect(pending).toHaveLength(1);
    expect(await participation(giulia, 'CUORE')).toBe('invited');
    expect(JSON.parse((await live.next('change')).data).topics).toEqual(['consents']);
    live.close();
    expect(await inProject('giulia.bianchi')).toBe(false);

    const prepared = await ctx.call(
      `/api/patients/${giulia}/prepareConsensus`,
      'giulia.bianchi',
      json('POST', {
        consents: [
          {
            consentCode: 'CONS_PRJ_CARDIO',
            projectId: cuore,
            action: 'give',
            jsonData: { informationRead: true, remoteMonitoring: true },
          },
        ],
        signer: self,
      }),
    );
    expect(prepared.status, await prepared.clone().text()).toBe(200);
    await signPrepared(ctx, 'giulia.bianchi', v.parse(PreparedDocuments, await prepared.json()).documentIds);
    expect(await participation(giulia, 'CUORE')).toBe('participating');
    expect(await inProject('giulia.bianchi')).toBe(true);
  });

  it('removes a participant: the consent is revoked, naming who removed, and inProject follows', async () => {
    const cuore = await projectIdOf(ctx, 'CUORE');
    expect(await inProject('mario.rossi')).toBe(true);
    const answer = await ctx.call(participants(cuore, mario), 'dott.ferrari', { method: 'DELETE' });
    expect(answer.status).toBe(200);
    const list = v.parse(PatientProjectList, await answer.json());
    expect(list.patientProjects.find((entry) => entry.project.code === 'CUORE')).toMatchObject({
      participation: 'not-participating',
      consentStatus: 'REVOKED',
    });
    expect(await inProject('mario.rossi')).toBe(false);
    expect(
      await codeOf(await ctx.call(participants(cuore, mario), 'dott.ferrari', { method: 'DELETE' })),
    ).toEqual([409, 'CONSENT_EDIT_ERROR']);
  });

  it('refuses non-members, staff without the permission, patients, closed projects and unknown ones', async () => {
    const cuore = await projectIdOf(ctx, 'CUORE');
    const put = (path: string, user: string) => ctx.call(path, user, { method: 'PUT' });
    expect(await codeOf(await put(participants(cuore, giulia), 'operatore'))).toEqual([
      403,
      'PROJECT_NOT_MEMBER',
    ]);
    expect(
      await codeOf(await put(participants(await projectIdOf(ctx, 'BIOBANCA'), giulia), 'dott.ferrari')),
    ).toEqual([403, 'PROJECT_NOT_MEMBER']);
    expect(await codeOf(await put(participants(cuore, giulia), 'mario.rossi'))).toEqual([
      403,
      'PROJECT_NOT_MEMBER',
    ]);
    expect(
      await codeOf(await put(participants(await projectIdOf(ctx, 'COVID'), giulia), 'dott.ferrari')),
    ).toEqual([409, 'CONSENT_CLOSED']);
    expect((await put(participants(2147483647, giulia), 'dott.ferrari')).status).toBe(404);
    expect((await put('/api/projects/1/participants/abc', 'dott.ferrari')).status).toBe(400);
    // The consents call cannot go around the rule.
    const viaConsents = await ctx.call(
      `/api/patients/${giulia}/consensus`,
      'operatore',
      json('POST', [{ consentCode: 'CONS_PRJ_CARDIO', projectId: cuore }]),
    );
    expect((await codeOf(viaConsents))[1]).toMatch(/PROJECT_NOT_MEMBER|PERMISSION_MISSING/);
  });

  it('never shows a guest an invitation: the consents list is the patient’s and staff’s only', async () => {
    expect((await ctx.call(`/api/patients/${mario}/consensus`, 'ospite')).status).toBe(403);
    const own = v.parse(
      ConsentList,
      await (await ctx.call(`/api/patients/${mario}/consensus`, 'mario.rossi')).json(),
    );
    expect(own.patientConsensusList.some((consent) => consent.statusCode === 'INVITE')).toBe(true);
  });
});
