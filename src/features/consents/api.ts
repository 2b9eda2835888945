/** The consents calls (spec section 7, "Consents and signing"), typed by the contract. */
import { api } from '../../api/client';
import { reportTransportError } from '../../api/error-report';
import { getJson, sendJson } from '../../api/request';
import type {
  CheckRevokeReply,
  ConsentList,
  PaperConsentFields,
  PrepareConsentsBody,
  PreparedDocuments,
  PrepareInformedConsentBody,
} from '../../contract/consents';
import {
  CheckRevokeReply as CheckRevokeReplySchema,
  ConsentList as ConsentListSchema,
  PreparedDocuments as PreparedDocumentsSchema,
} from '../../contract/consents';
import type { ConsentType, Model } from '../../contract/consents-catalogue';
import { ConsentTypeList, Model as ModelSchema } from '../../contract/consents-catalogue';
import { PatientProjectList } from '../../contract/projects';

export function fetchConsents(patientId: number): Promise<ConsentList> {
  return getJson(`patients/${patientId}/consensus`, ConsentListSchema);
}

export async function fetchConsentTypes(): Promise<ConsentType[]> {
  return (await getJson('consensusTypes', ConsentTypeList)).consensusTypes;
}

export function fetchModel(modelCode: string): Promise<Model> {
  return getJson('models', ModelSchema, { searchParams: { modelCode } });
}

export function prepareConsents(patientId: number, body: PrepareConsentsBody): Promise<PreparedDocuments> {
  return sendJson('post', `patients/${patientId}/prepareConsensus`, body, PreparedDocumentsSchema);
}

export function prepareInformedConsent(
  patientId: number,
  body: PrepareInformedConsentBody,
): Promise<PreparedDocuments> {
  return sendJson('post', `patients/${patientId}/prepareInformedConsent`, body, PreparedDocumentsSchema);
}

export function checkRevoke(signatureSessionId: string, tempDocumentId?: number): Promise<CheckRevokeReply> {
  const searchParams: Record<string, string> = { signatureSessionId };
  if (tempDocumentId !== undefined) searchParams.tempDocumentId = String(tempDocumentId);
  return getJson('consensus/checkRevoke', CheckRevokeReplySchema, { searchParams });
}

/** `POST /patients/{id}/paperConsents`: a consent collected on paper, with its signed scan. */
export async function uploadPaperConsent(
  patientId: number,
  fields: Omit<PaperConsentFields, 'projectId'> & { projectId?: number | null },
  file: File,
): Promise<void> {
  const body = new FormData();
  body.set('consentCode', fields.consentCode);
  body.set('action', fields.action);
  body.set('signerType', fields.signerType);
  if (fields.projectId !== undefined && fields.projectId !== null)
    body.set('projectId', String(fields.projectId));
  body.set('file', file, file.name);
  try {
    await api().post(`patients/${patientId}/paperConsents`, { body });
  } catch (error) {
    reportTransportError(error);
    throw error;
  }
}

/** `PUT /projects/{id}/participants/{patientId}/refusal`: the patient says no to a project's invitation. */
export async function refuseProjectInvitation(projectId: number, patientId: number): Promise<void> {
  await sendJson(
    'put',
    `projects/${projectId}/participants/${patientId}/refusal`,
    undefined,
    PatientProjectList,
  );
}
