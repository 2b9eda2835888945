import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpPage, PatientCurrentLocations, PidTypeList, Utilities } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';

describe.each(databaseTargets)('reference data on $name', ({ location }) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(location);
  });
  afterAll(() => ctx.close());

  it('returns the utilities with the dossier consent code', async () => {
    const utilities = v.parse(Utilities, await (await ctx.call('/api/utilities', 'mario.rossi')).json());
    expect(utilities.mdMkConsensusDossierCode).toBe('CONS_DOSSIER');
    expect(utilities.applicationTitle).toBe(ctx.config.applicationTitle);
  });

  it('returns the six patient location codes in the requested language', async () => {
    const italian = v.parse(
      PatientCurrentLocations,
      await (await ctx.call('/api/patientCurrentLocations', 'dott.ferrari')).json(),
    );
    expect(italian.patientCurrentLocations.map((location) => location.code)).toEqual([
      'O',
      'DH',
      'DS',
      'E',
      'SCR',
      'I',
    ]);
    expect(italian.patientCurrentLocations.find((location) => location.code === 'E')?.desc).toBe(
      'Pronto soccorso',
    );
    const english = v.parse(
      PatientCurrentLocations,
      await (await ctx.call('/api/patientCurrentLocations', 'dott.ferrari', { language: 'en-EN' })).json(),
    );
    expect(english.patientCurrentLocations.find((location) => location.code === 'E')?.desc).toBe(
      'Emergency department',
    );
  });

  it('returns the person identifier types', async () => {
    const types = v.parse(PidTypeList, await (await ctx.call('/api/pidTypes', 'admin')).json());
    expect(types.pidTypeList.map((type) => type.code)).toContain('CF');
  });

  it('returns a help page, 404 for an unknown one and 400 for a malformed name', async () => {
    const page = v.parse(
      HelpPage,
      await (await ctx.call('/api/help/home/index', 'mario.rossi', { language: 'en-EN' })).json(),
    );
    expect(page.title).toBe('The home page');
    expect((await ctx.call('/api/help/home/nothing', 'mario.rossi')).status).toBe(404);
    // The dossier's help as the patient reads it: about his documents, not "the patient".
    const patientDossier = v.parse(
      HelpPage,
      await (await ctx.call('/api/help/dossier/patient', 'mario.rossi')).json(),
    );
    expect(patientDossier.title).toBe('Il tuo dossier');
    expect(patientDossier.paragraphs.join(' ')).toMatch(/tuoi documenti/);
    expect(patientDossier.paragraphs.join(' ')).not.toMatch(/al paziente|del paziente/);
    expect((await ctx.call('/api/help/home/%3Cscript%3E', 'mario.rossi')).status).toBe(400);
  });
});
