import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  type ConsentCategoryList,
  type ConsentList,
  ConsentListQuery,
  type ConsentNotification,
  type ConsentTypeList,
  IdParam,
  InviteConsentsBody,
  type Model,
  type ModelConsentList,
  ModelQuery,
  PrepareConsentsBody,
  type PreparedDocuments,
  PrepareInformedConsentBody,
} from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { authorizeConsentAccess, requirePermission } from '../services/access/consents';
import {
  allModels,
  categoryTitles,
  consentTypeOf,
  isModelClosed,
  modelByCode,
  modelReply,
} from '../services/consents/catalogue';
import { recordInvitations } from '../services/consents/invite';
import { prepareConsents } from '../services/consents/prepare';
import { filterConsents, listConsents, notificationOf } from '../services/consents/records';
import { resolveTarget } from '../services/consents/rules';
import { languageOf } from '../services/language';
import { requireProjectMember } from '../services/projects/participants';
import { onInvalid } from '../validate';
import { consentDocumentRoutes } from './consents-documents';
import { paperConsentRoutes } from './consents-paper';

const PatientParam = v.object({ id: IdParam.entries.id });

/** Consent types, models and the patient's consents; documents and paper scans in the sibling modules. */
export const consentRoutes = new Hono<AppEnv>()
  .get('/consensusTypes', async (c) => {
    await c.var.user();
    const language = languageOf(c);
    return c.json({
      consensusTypes: allModels().map((model) => consentTypeOf(model, language)),
    } satisfies ConsentTypeList);
  })
  .get('/modelConsents', async (c) => {
    await c.var.user();
    const language = languageOf(c);
    return c.json({
      modelConsents: allModels().map((model) => ({
        modelCode: model.modelCode,
        consentCode: model.consentCode,
        category: model.category,
        title: model.title[language],
      })),
    } satisfies ModelConsentList);
  })
  .get('/modelConsentCategories', async (c) => {
    await c.var.user();
    const language = languageOf(c);
    return c.json({
      consentCategories: (['DOSSIER', 'PROJECT', 'INFORMED'] as const).map((code) => ({
        code,
        desc: categoryTitles[code][language],
      })),
    } satisfies ConsentCategoryList);
  })
  /** Spec 5: "Model lookup fails if the model code is missing". */
  .get('/models', vValidator('query', ModelQuery, onInvalid), async (c) => {
    await c.var.user();
    const { modelCode } = c.req.valid('query');
    if (!modelCode?.trim())
      throw new HttpError(400, 'MODEL_NOT_SELECTED', [{ field: 'modelCode', code: 'required' }]);
    const model = modelByCode(modelCode.trim());
    if (!model) throw new HttpError(404, 'MODEL_SCHEMA_ERROR');
    return c.json(modelReply(model, languageOf(c)) satisfies Model);
  })
  .get(
    '/patients/:id/consensus',
    vValidator('param', PatientParam, onInvalid),
    vValidator('query', ConsentListQuery, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.read');
      const patientId = c.req.valid('param').id;
      await authorizeConsentAccess(db, user, patientId, 'CONSENT_READ');
      const all = await listConsents(db, user, patientId, languageOf(c), new Date());
      const list = filterConsents(all, c.req.valid('query'));
      return c.json({
        patientConsensusList: list,
        errorMessageList: all.some((consent) => consent.expired) ? ['CONSENTS_EXPIRED'] : [],
        notification: notificationOf(all),
      } satisfies ConsentList);
    },
  )
  .get('/patients/:id/consensus/notification', vValidator('param', PatientParam, onInvalid), async (c) => {
    const { db } = c.get('deps');
    const user = await c.var.user();
    requirePermission(user, 'perm.meview.consent.read');
    const patientId = c.req.valid('param').id;
    await authorizeConsentAccess(db, user, patientId, 'CONSENT_READ', 'consent notification');
    const all = await listConsents(db, user, patientId, languageOf(c), new Date());
    return c.json(notificationOf(all) satisfies ConsentNotification);
  })
  /** Staff invite the patient to consents (status INVITE); the reply is the patient's list. */
  .post(
    '/patients/:id/consensus',
    vValidator('param', PatientParam, onInvalid),
    vValidator('json', InviteConsentsBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.write');
      if (user.userType !== 'PHY' && user.userType !== 'OPT') throw new HttpError(403, 'PERMISSION_MISSING');
      const patientId = c.req.valid('param').id;
      await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', 'invitation');
      const now = new Date();
      const targets: { consentCode: string; projectId: number | null }[] = [];
      for (const [index, item] of c.req.valid('json').entries()) {
        const projectId = item.projectId ?? null;
        const { model } = await resolveTarget(
          db,
          { consentCode: item.consentCode, projectId },
          `${index}.consentCode`,
        );
        if (isModelClosed(model, now)) throw new HttpError(409, 'CONSENT_CLOSED');
        // A project's invitations are its members' act, whichever call makes them.
        if (projectId !== null) await requireProjectMember(db, user, projectId);
        targets.push({ consentCode: item.consentCode, projectId });
      }
      await recordInvitations(db, targets, { patientId, invitedByUserId: user.id, now });
      const all = await listConsents(db, user, patientId, languageOf(c), now);
      return c.json({
        patientConsensusList: all,
        errorMessageList: [],
        notification: notificationOf(all),
      } satisfies ConsentList);
    },
  )
  .post(
    '/patients/:id/prepareConsensus',
    vValidator('param', PatientParam, onInvalid),
    vValidator('json', PrepareConsentsBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.write');
      const patientId = c.req.valid('param').id;
      await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', 'prepare consents');
      const reply = await prepareConsents(
        db,
        user,
        patientId,
        c.req.valid('json'),
        languageOf(c),
        new Date(),
      );
      return c.json(reply satisfies PreparedDocuments);
    },
  )
  .post(
    '/patients/:id/prepareInformedConsent',
    vValidator('param', PatientParam, onInvalid),
    vValidator('json', PrepareInformedConsentBody, onInvalid),
    async (c) => {
      const { db } = c.get('deps');
      const user = await c.var.user();
      requirePermission(user, 'perm.meview.consent.write');
      const patientId = c.req.valid('param').id;
      await authorizeConsentAccess(db, user, patientId, 'CONSENT_WRITE', 'prepare informed consent');
      const body = { ...c.req.valid('json'), informed: true as const };
      const reply = await prepareConsents(db, user, patientId, body, languageOf(c), new Date());
      return c.json(reply satisfies PreparedDocuments);
    },
  )
  .route('/', consentDocumentRoutes)
  .route('/', paperConsentRoutes);
