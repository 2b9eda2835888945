import { Hono } from 'hono';
import type { PatientCurrentLocations, PidTypeList, Utilities } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { DOSSIER_CONSENT_CODE } from '../constants';
import { languageOf } from '../services/language';
import { helpDesk, patientLocations, pidTypes } from '../services/reference/reference.data';

const serverVersion = process.env.npm_package_version ?? '0.1.0';

export const referenceRoutes = new Hono<AppEnv>()
  .get('/utilities', (c) =>
    c.json({
      mdMkConsensusDossierCode: DOSSIER_CONSENT_CODE,
      applicationTitle: c.get('deps').config.applicationTitle,
      helpDeskPhone: helpDesk.phone,
      helpDeskEmail: helpDesk.email,
      serverVersion,
    } satisfies Utilities),
  )
  .get('/pidTypes', (c) => {
    const language = languageOf(c);
    return c.json({
      pidTypeList: pidTypes.map((type) => ({ code: type.code, desc: type.desc[language] })),
    } satisfies PidTypeList);
  })
  .get('/patientCurrentLocations', (c) => {
    const language = languageOf(c);
    return c.json({
      patientCurrentLocations: patientLocations.map((location) => ({
        code: location.code,
        desc: location.desc[language],
      })),
    } satisfies PatientCurrentLocations);
  });
