import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatientList, PatientProjectList } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { uploadedDocuments } from '../db/schema';
import { patientIdOf, projectIdOf, userNamed } from '../test/fixtures/consents';

describe.each(databaseTargets)('participation filters and refusals on $name', ({ location }) => {
  let ctx: TestContext;
  let mario: number;
  let giulia: number;
  let cuore: number;
  let diabete: number;
  /** The ids a filtered staff list answers (every page of 100 the filter yields). */
  const listed = async (projectId: number, participation: string, user = 'dott.ferrari') => {
    const response = await ctx.call(
      `/api/patients?projectId=${projectId}&participation=${participation}&max=100`,
      user,
    );
    expect(response.status, participation).toBe(200);
    const list = v.parse(PatientList, await response.json());
    expect(list.paging.totalCount).toBeLessThanOrEqual(100);
    return list.patients.map((patient) => patient.mepiId);
  };
  const refuse = (projectId: number, patientId: number, user: string) =>
    ctx.call(`/api/projects/${projectId}/participants/${patientId}/refusal`, user, { method: 'PUT' });
  const codeOf = async (response: Response): Promise<[number, string]> => [
    response.status,
    ((await response.json()) as { code: string }).code,
  ];
  const addUpload = async (patientId: number, status: 'PENDING' | 'VALIDATED') => {
    const owner = await userNamed(ctx, 'mario.rossi');
    await ctx.db.insert(uploadedDocuments).values({
      patientId,
      ownerUserId: owner.id,
      documentTypeCode: 'REFERTO',
      title: `test ${status}`,
      storedName: `test-${status}-${patientId}.pdf`,
      byteSize: 4,
      sha256: 'x',
      content: new Uint8Array([37, 80, 68, 70]),
      status,
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext(location);
    mario = await patientIdOf(ctx, 'mario.rossi');
    giulia = await patientIdOf(ctx, 'giulia.bianchi');
    cuore = await projectIdOf(ctx, 'CUORE');
    diabete = await projectIdOf(ctx, 'DIABETE');
  });
  afterAll(() => ctx.close());

  it('lists participants, the invited and those in neither state, for a project the physician runs', async () => {
    const participants = await listed(cuore, 'participants');
    expect(participants).toContain(mario);
    expect(participants).not.toContain(giulia);
    expect(await listed(diabete, 'invited')).toEqual([mario]);
    expect(await listed(diabete, 'participants')).not.toContain(mario);
    const neither = await listed(diabete, 'neither');
    expect(neither).toContain(giulia);
    expect(neither).not.toContain(mario);
    expect(await listed(cuore, 'neither')).not.toContain(mario);
  });

  it('narrows participants to those with uploads to validate, or with validated uploads', async () => {
    await ctx.db.delete(uploadedDocuments).where(eq(uploadedDocuments.patientId, mario));
    expect(await listed(cuore, 'toValidate')).not.toContain(mario);
    expect(await listed(cuore, 'validated')).not.toContain(mario);
    await addUpload(mario, 'PENDING');
    expect(await listed(cuore, 'toValidate')).toContain(mario);
    expect(await listed(cuore, 'validated')).not.toContain(mario);
    await addUpload(mario, 'VALIDATED');
    expect(await listed(cuore, 'validated')).toContain(mario);
    // An upload of someone invited only does not make them a participant.
    expect(await listed(diabete, 'toValidate')).not.toContain(mario);
  });

  it('refuses a filter without its project, an unknown filter, a project not run and a patient', async () => {
    const missing = await ctx.call('/api/patients?participation=participants', 'dott.ferrari');
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('projectId');
    const unknown = await ctx.call(`/api/patients?projectId=${cuore}&participation=all`, 'dott.ferrari');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('participation');
    const biobank = await projectIdOf(ctx, 'BIOBANCA');
    expect(
      await codeOf(
        await ctx.call(`/api/patients?projectId=${biobank}&participation=invited`, 'dott.ferrari'),
      ),
    ).toEqual([403, 'PROJECT_NOT_MEMBER']);
    expect(
      (await ctx.call(`/api/patients?projectId=${cuore}&participation=invited`, 'mario.rossi')).status,
    ).toBe(403);
  });

  it('lets only the patient refuse an invitation, once even when asked 25 times at once', async () => {
    expect(await codeOf(await refuse(diabete, mario, 'ospite'))).toEqual([404, 'NOT_FOUND']);
    expect(await codeOf(await refuse(diabete, mario, 'giulia.bianchi'))).toEqual([404, 'NOT_FOUND']);
    expect(await codeOf(await refuse(diabete, mario, 'dott.ferrari'))).toEqual([404, 'NOT_FOUND']);
    expect(await codeOf(await refuse(cuore, mario, 'mario.rossi'))).toEqual([409, 'CONSENT_EDIT_ERROR']);
    expect(
      (await ctx.call(`/api/projects/${diabete}/participants/x/refusal`, 'mario.rossi', { method: 'PUT' }))
        .status,
    ).toBe(400);

    const answers = await Promise.all(
      Array.from({ length: 25 }, () => refuse(diabete, mario, 'mario.rossi')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(24).fill(409)]);
    const ok = answers.find((answer) => answer.status === 200);
    const list = v.parse(PatientProjectList, await ok?.json());
    const entry = list.patientProjects.find((item) => item.project.code === 'DIABETE');
    expect([entry?.participation, entry?.consentStatus]).toEqual(['not-participating', 'REJECTED']);
    expect(await listed(diabete, 'invited')).not.toContain(mario);
    expect(await listed(diabete, 'neither')).toContain(mario);

    // The physician may invite again after a refusal.
    const again = await ctx.call(`/api/projects/${diabete}/participants/${mario}`, 'dott.ferrari', {
      method: 'PUT',
    });
    expect(again.status).toBe(200);
    expect(await listed(diabete, 'invited')).toEqual([mario]);
  });
});
