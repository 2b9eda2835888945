import type { Consent, ConsentProvision, DocumentReference } from '@medplum/fhirtypes';
import type { ConsentCategory } from '../../../src/contract';
import type { ConsentModel } from '../consents/catalogue';
import { consentTitle } from '../consents/catalogue';
import type { ConsentRow } from '../consents/records';
import type { Localized } from '../language';
import { concept, type EntryId, type MappingContext, portalSystems, referenceTo, systems } from './systems';

/** The statuses the portal stores (the contract's others are the old portal's, never written). */
export const STORED_CONSENT_STATUSES = ['GIVEN', 'INVITE', 'REVOKED', 'REJECTED'] as const;
type StoredStatus = (typeof STORED_CONSENT_STATUSES)[number];

/**
 * Consent.status of each stored status, for the current version of a consent in force. Whatever no longer
 * holds is inactive ("terminated or replaced"): a superseded version, a given consent expired or revoked
 * (the source's SQL applies that first, so the search by status and the resource agree).
 */
export const consentStates = {
  GIVEN: 'active',
  INVITE: 'proposed',
  REVOKED: 'inactive',
  REJECTED: 'rejected',
} as const satisfies Record<StoredStatus, Consent['status']>;

type Scope = 'patient-privacy' | 'treatment' | 'research';
const scopeDisplays = { 'patient-privacy': 'Privacy Consent', treatment: 'Treatment', research: 'Research' };

/**
 * What a consent is about (FHIR's consentscope): the dossier and the signature service are about the
 * patient's information; a care project and an informed consent to a procedure about treatment; the
 * biobank and the closed follow-up study are research.
 */
const scopeOfCategory: Record<ConsentCategory, Scope> = {
  DOSSIER: 'patient-privacy',
  PROJECT: 'treatment',
  INFORMED: 'treatment',
};
const scopeOfConsent: Record<string, Scope> = { CONS_PRJ_BIOBANK: 'research', CONS_PRJ_COVID: 'research' };

/** The signed PDF of a consent, served as DocumentReference `consent-<id>` and Binary of the same id. */
export const consentDocumentId = (signedDocumentId: number): string => `consent-${signedDocumentId}`;

const consentDocument = { system: systems.loinc, code: '59284-0', display: 'Consent Document' };

export interface ConsentSource {
  row: ConsentRow;
  state: Consent['status'];
  model: ConsentModel;
  project: { name: string } | null;
}

/** What the patient's last act says: given permits (to its expiry), a refusal or revocation denies. */
function provisionOf(row: ConsentRow): ConsentProvision | null {
  const status = row.statusCode as StoredStatus;
  switch (status) {
    case 'GIVEN': {
      const period = {
        ...(row.signedAt ? { start: row.signedAt.toISOString() } : {}),
        ...(row.expiresAt ? { end: row.expiresAt.toISOString() } : {}),
      };
      return { type: 'permit', ...(Object.keys(period).length > 0 ? { period } : {}) };
    }
    case 'REVOKED':
      // A withdrawn invitation ends a proposal: nothing had been agreed to deny.
      if (row.endReason === 'INVITATION_WITHDRAWN') return null;
      return { type: 'deny', ...(row.revokedAt ? { period: { start: row.revokedAt.toISOString() } } : {}) };
    case 'REJECTED':
      return { type: 'deny' };
    case 'INVITE':
      return null;
  }
}

/**
 * A consent of the patient (one version of it): its state, scope, the LOINC consent document category and
 * the portal's consent code, when it was signed, the hospital that holds it, the model signed as the
 * policy, and the signed PDF as its source.
 */
export function consentResource(source: ConsentSource, entry: EntryId, context: MappingContext): Consent {
  const { row, model } = source;
  const { language } = context;
  const scope = scopeOfConsent[row.consentCode] ?? scopeOfCategory[model.category];
  const provision = provisionOf(row);
  const title = model.title[language];
  return {
    resourceType: 'Consent',
    id: entry.id,
    status: source.state,
    scope: concept([{ system: systems.consentScope, code: scope, display: scopeDisplays[scope] }]),
    category: [
      concept([consentDocument]),
      concept(
        [{ system: portalSystems.consent, code: row.consentCode, display: title }],
        consentTitle(model, source.project, language),
      ),
    ],
    patient: referenceTo(context.patient),
    dateTime: (row.signedAt ?? row.revokedAt ?? row.createdAt).toISOString(),
    ...(row.signerType === 'self' && row.statusCode !== 'INVITE'
      ? { performer: [referenceTo(context.patient)] }
      : {}),
    organization: [referenceTo(context.organization)],
    ...(row.signedDocumentId
      ? { sourceReference: { reference: `DocumentReference/${consentDocumentId(row.signedDocumentId)}` } }
      : {}),
    policyRule: concept(
      [{ system: portalSystems.consentModel, code: model.modelCode, display: title }],
      title,
    ),
    ...(provision ? { provision } : {}),
  };
}

const consentType: Localized = { it: 'Consenso firmato', en: 'Signed consent' };

/** A consent's signed PDF (or paper scan) as DocumentReference: superseded once a newer version is signed. */
export function consentDocumentReference(
  document: { id: number; title: string; signedAt: Date; current: boolean },
  context: MappingContext & { base: string },
): DocumentReference {
  const id = consentDocumentId(document.id);
  return {
    resourceType: 'DocumentReference',
    id,
    status: document.current ? 'current' : 'superseded',
    type: concept([consentDocument], consentType[context.language]),
    subject: referenceTo(context.patient),
    date: document.signedAt.toISOString(),
    description: document.title,
    custodian: referenceTo(context.organization),
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          url: `${context.base}/Binary/${id}`,
          title: document.title,
          creation: document.signedAt.toISOString(),
        },
      },
    ],
  };
}
