import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { expectError, patientIdOf } from '../test/fixtures/consents';

/** The paper consent's scan is checked only for its header, but never carries code. */
describe.each(databaseTargets)('paper consent scans with active content on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  it('refuses a scan that carries JavaScript, even with its names escaped', async () => {
    const mario = await patientIdOf(ctx, 'mario.rossi');
    const form = new FormData();
    form.set('consentCode', 'CONS_FEA');
    form.set('action', 'give');
    const scan =
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /Java#53cript /J#53 (app.alert(1)) >> >>\n';
    form.set('file', new File([new TextEncoder().encode(scan)], 'scan.pdf', { type: 'application/pdf' }));
    const response = await ctx.call(`/api/patients/${mario}/paperConsents`, 'dott.ferrari', {
      method: 'POST',
      body: form,
    });
    expect(await expectError(response, 400, 'UPLOAD_ACTIVE_CONTENT')).toMatchObject({
      message: 'Il documento contiene script, comandi o allegati e non può essere caricato',
      fields: [{ field: 'file', code: 'invalid' }],
    });
  });
});
