import type {
  PrepareConsentsBody,
  PreparedDocuments,
  PrepareInformedConsentBody,
} from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { patientHeader } from '../patients';
import { type DocumentToSign, prepareCeremony } from '../signing/ceremony';
import { consentTitle, type Language, validateJsonData } from './catalogue';
import { CONSENT_KINDS, type ConsentEffect, subjectOf } from './effects';
import { renderConsentPdf } from './pdf';
import { currentConsents } from './records';
import { assertMayCollect, assertRequest, orderTargets, resolveTarget } from './rules';

/**
 * Renders one PDF per consent from its model and answers and opens a signature ceremony whose effect
 * records them. Every rule (permission, model schema, closed consent, revoke order) is checked here
 * and again when the signature completes.
 */
export async function prepareConsents(
  db: Database,
  user: UserRow,
  patientId: number,
  body: PrepareConsentsBody | (PrepareInformedConsentBody & { informed: true }),
  language: Language,
  now: Date,
): Promise<PreparedDocuments> {
  const requested =
    'informed' in body
      ? [{ consentCode: body.consentCode, projectId: null, action: 'give' as const, jsonData: body.jsonData }]
      : body.consents;
  const targets = [];
  for (const [index, item] of requested.entries()) {
    const projectId = item.projectId ?? null;
    const { model, project } = await resolveTarget(db, { consentCode: item.consentCode, projectId });
    if ('informed' in body ? model.category !== 'INFORMED' : model.category === 'INFORMED')
      throw new HttpError(400, 'BAD_REQUEST', [{ field: `consents.${index}.consentCode`, code: 'invalid' }]);
    assertMayCollect(user, model);
    if (item.action === 'give') validateJsonData(model, item.jsonData);
    targets.push({
      ...item,
      projectId,
      model,
      project,
      jsonData: item.action === 'give' ? item.jsonData : {},
    });
  }
  assertRequest(await currentConsents(db, patientId), targets, now);

  const patient = await patientHeader(db, patientId);
  const collectedBy = user.userType === 'PAT' ? null : user.displayName;
  const documents: DocumentToSign[] = [];
  const ordered = orderTargets(targets);
  for (const target of ordered) {
    documents.push({
      title: consentTitle(target.model, target.project, language),
      subject: subjectOf(target),
      pdf: await renderConsentPdf({
        model: target.model,
        action: target.action,
        language,
        patient,
        project: target.project,
        jsonData: target.jsonData,
        signer: body.signer,
        collectedBy,
        now,
      }),
    });
  }
  const effect: ConsentEffect = {
    patientId,
    signer: body.signer,
    items: ordered.map((target) => ({
      consentCode: target.consentCode,
      projectId: target.projectId,
      action: target.action,
      jsonData: target.jsonData,
      subject: subjectOf(target),
    })),
  };
  const kind =
    'informed' in body
      ? CONSENT_KINDS.informed
      : ordered.some((target) => target.action === 'revoke')
        ? CONSENT_KINDS.revoke
        : CONSENT_KINDS.consent;
  const { ceremonyId, documentIds } = await prepareCeremony(db, {
    user,
    patientId,
    kind,
    effect,
    signer: body.signer,
    documents,
    now,
  });
  return { documentIds, signatureSessionId: ceremonyId };
}
