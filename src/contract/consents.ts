import * as v from 'valibot';
import { EntityId, EntityIdText, IsoDate, IsoTimestamp } from './common';
import { FiscalCode } from './patient';

/**
 * Consent states (spec section 4). GIVEN = given or participating; INVITE = pending invitation;
 * NONE = never asked (a consent the patient may give); the others as seen in the spec.
 */
export const ConsentStatus = v.picklist([
  'GIVEN',
  'INVITE',
  'REVOKED',
  'REJECTED',
  'WAITING',
  'ENABLED',
  'DONE',
  'TODO',
  'NONE',
]);
export type ConsentStatus = v.InferOutput<typeof ConsentStatus>;

/** Consent categories (GET /modelConsentCategories). */
export const ConsentCategory = v.picklist(['DOSSIER', 'PROJECT', 'INFORMED']);
export type ConsentCategory = v.InferOutput<typeof ConsentCategory>;

export const ConsentMedium = v.picklist(['digital', 'paper']);
export type ConsentMedium = v.InferOutput<typeof ConsentMedium>;

export const SignerType = v.picklist(['self', 'other']);
export type SignerType = v.InferOutput<typeof SignerType>;

export const ConsentAction = v.picklist(['give', 'revoke', 'reject']);
export type ConsentAction = v.InferOutput<typeof ConsentAction>;

const Id = EntityId;
const Code = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'invalid'));
const IdText = EntityIdText;
const Repeated = <T extends v.GenericSchema<string, string>>(item: T) =>
  v.optional(v.union([item, v.array(item)]));

export const ConsentProjectActionKind = v.picklist(['INVITED', 'REMOVED', 'WITHDRAWN']);
export type ConsentProjectActionKind = v.InferOutput<typeof ConsentProjectActionKind>;
export const ConsentProjectAction = v.object({
  kind: ConsentProjectActionKind,
  by: v.nullable(v.string()),
  at: IsoTimestamp,
});
export type ConsentProjectAction = v.InferOutput<typeof ConsentProjectAction>;

/**
 * One consent of a patient (spec section 3). `id` is the version's id as text, or, for a consent
 * with no row yet (never asked), `${documentId ?? ''}-${projectId ?? ''}-${electronicDocumentId ?? ''}`
 * joined with the consent code. `documentId` is the signed PDF (or paper scan): download it with
 * `GET /signedDocuments/{documentId}`.
 */
export const Consent = v.object({
  id: v.string(),
  /** The stored version; null for a consent never asked. */
  consentId: v.nullable(Id),
  documentId: v.nullable(Id),
  projectId: v.nullable(Id),
  electronicDocumentId: v.nullable(v.string()),
  consentCode: v.string(),
  category: ConsentCategory,
  /** Title in the request language. */
  desc: v.string(),
  modelCode: v.string(),
  statusCode: ConsentStatus,
  /** A consent past its expiry date: to renew ('Il paziente ha consensi scaduti da rinnovare'). */
  expired: v.boolean(),
  signedAt: v.nullable(IsoTimestamp),
  revokedAt: v.nullable(IsoTimestamp),
  expiresAt: v.nullable(IsoTimestamp),
  medium: v.nullable(ConsentMedium),
  signerType: v.nullable(SignerType),
  /** The actions the caller may start now (permissions, state, revoke order). */
  canGive: v.boolean(),
  canRevoke: v.boolean(),
  canReject: v.boolean(),
  /** False for a closed consent: 'Non è più possibile modificare questo consenso'. */
  canModify: v.boolean(),
  /** False: only staff may collect it; a patient is told to see their physician. */
  patientCollectable: v.boolean(),
  project: v.nullable(v.object({ id: Id, code: v.string(), name: v.string() })),
  /**
   * What the project did to this project consent: a pending invitation (INVITED), a participation it
   * ended (REMOVED) or an invitation it withdrew (WITHDRAWN); `by` is the staff member's display name,
   * null when unknown. Null for every other consent, and for one the patient gave or revoked.
   */
  projectAction: v.nullable(ConsentProjectAction),
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Answers of the model form and the signer's data, as signed. */
  details: v.record(v.string(), v.unknown()),
});
export type Consent = v.InferOutput<typeof Consent>;

/** Consent notification colour (spec section 4). */
export const ConsentNotificationColour = v.picklist(['green', 'grey', 'yellow']);
export type ConsentNotificationColour = v.InferOutput<typeof ConsentNotificationColour>;

/** `count` = pending invitations plus expired consents; green none, grey all invites, yellow otherwise. */
export const ConsentNotification = v.object({
  count: v.pipe(v.number(), v.integer(), v.minValue(0)),
  colour: ConsentNotificationColour,
});
export type ConsentNotification = v.InferOutput<typeof ConsentNotification>;

/** `GET /patients/{id}/consensus`: filters repeat (`statusCode=GIVEN&statusCode=INVITE`). */
export const ConsentListQuery = v.object({
  statusCode: Repeated(ConsentStatus),
  consentCode: Repeated(Code),
  category: Repeated(ConsentCategory),
  projectId: v.optional(IdText),
  expired: v.optional(v.picklist(['true', 'false'])),
});
export type ConsentListQuery = v.InferOutput<typeof ConsentListQuery>;

export const ConsentList = v.object({
  patientConsensusList: v.array(Consent),
  /** Catalogue codes of non-fatal problems, e.g. CONSENTS_EXPIRED. */
  errorMessageList: v.array(v.string()),
  notification: ConsentNotification,
});
export type ConsentList = v.InferOutput<typeof ConsentList>;

/** A person signing for the patient (legal representative, parent, guardian). */
export const OtherSigner = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(80, 'tooLong')),
  surname: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(80, 'tooLong')),
  fiscalCode: FiscalCode,
  birthDate: IsoDate,
  relationship: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(60, 'tooLong')),
  phone: v.optional(v.pipe(v.string(), v.regex(/^\+?[0-9 ]{6,20}$/, 'invalid'))),
});
export type OtherSigner = v.InferOutput<typeof OtherSigner>;

/** Signer of the ceremony; `other` is required when type is 'other', `second` optional (two parents). */
export const ConsentSigner = v.pipe(
  v.object({ type: SignerType, other: v.optional(OtherSigner), second: v.optional(OtherSigner) }),
  v.forward(
    v.check((signer) => signer.type === 'self' || signer.other !== undefined, 'required'),
    ['other'],
  ),
);
export type ConsentSigner = v.InferOutput<typeof ConsentSigner>;

export const ConsentRequestItem = v.object({
  consentCode: Code,
  projectId: v.optional(v.nullable(Id)),
  action: ConsentAction,
  /** Answers of the model form; validated against the model's JSON Schema (400 with fields). */
  jsonData: v.optional(v.record(v.string(), v.unknown()), {}),
});
export type ConsentRequestItem = v.InferOutput<typeof ConsentRequestItem>;

/** `POST /patients/{id}/prepareConsensus`: one PDF per consent, signed in one ceremony. */
export const PrepareConsentsBody = v.object({
  consents: v.pipe(v.array(ConsentRequestItem), v.minLength(1, 'required'), v.maxLength(10, 'tooLong')),
  signer: ConsentSigner,
  medium: v.optional(v.literal('digital'), 'digital'),
});
export type PrepareConsentsBody = v.InferOutput<typeof PrepareConsentsBody>;

/** Temp documents to sign (`GET /tempDocuments/{id}`, then the `/sign/*` calls). */
export const PreparedDocuments = v.object({
  documentIds: v.array(Id),
  /** The ceremony (signatureSessionId of `/consensus/checkRevoke`). */
  signatureSessionId: v.string(),
});
export type PreparedDocuments = v.InferOutput<typeof PreparedDocuments>;

/** `POST /patients/{id}/prepareInformedConsent`: an informed consent for a procedure. */
export const PrepareInformedConsentBody = v.object({
  consentCode: Code,
  jsonData: v.record(v.string(), v.unknown()),
  signer: ConsentSigner,
});
export type PrepareInformedConsentBody = v.InferOutput<typeof PrepareInformedConsentBody>;

/**
 * `POST /patients/{id}/consensus` (staff): invite the patient to consents (status INVITE).
 * Reply: the patient's consents after the change.
 */
export const InviteConsentsBody = v.pipe(
  v.array(v.object({ consentCode: Code, projectId: v.optional(v.nullable(Id)) })),
  v.minLength(1, 'required'),
  v.maxLength(20, 'tooLong'),
);
export type InviteConsentsBody = v.InferOutput<typeof InviteConsentsBody>;

/**
 * `PUT /patients/{id}/consensus` {documentIds}: confirms signed consent documents — answers the
 * consents they recorded (documentIds are signed document ids).
 */
export const ConfirmConsentsBody = v.object({
  documentIds: v.pipe(v.array(Id), v.minLength(1, 'required'), v.maxLength(20, 'tooLong')),
});
export const ConfirmConsentsReply = v.object({
  documentIds: v.array(Id),
  consents: v.array(Consent),
});
export type ConfirmConsentsReply = v.InferOutput<typeof ConfirmConsentsReply>;

/**
 * `POST /patients/{id}/paperConsents` (multipart, staff with perm.meview.consent.write): a consent
 * collected on paper. Fields consentCode, projectId?, action, signerType?, file (PDF ≤ 2 MB, else 400 with
 * the field `file`: invalid, tooLong, required). Reply 201: the recorded Consent (medium 'paper').
 */
export const PaperConsentFields = v.object({
  consentCode: Code,
  projectId: v.optional(IdText),
  action: ConsentAction,
  signerType: v.optional(SignerType, 'self'),
});
export type PaperConsentFields = v.InferOutput<typeof PaperConsentFields>;

/** `GET /consensus/{id}/jsonData`: the answers as signed, to show or to pre-fill a renewal. */
export const ConsentJsonData = v.object({
  consentId: Id,
  consentCode: v.string(),
  modelCode: v.string(),
  jsonData: v.record(v.string(), v.unknown()),
});
export type ConsentJsonData = v.InferOutput<typeof ConsentJsonData>;

/** `GET /consensus/checkRevoke?signatureSessionId&tempDocumentId` (after signing, at /sign-check). */
export const CheckRevokeQuery = v.object({
  signatureSessionId: v.pipe(v.string(), v.uuid('invalid')),
  tempDocumentId: v.optional(IdText),
});
export const CheckRevokeReply = v.object({
  /** The ceremony is signed. */
  signed: v.boolean(),
  /** It revoked at least one consent. */
  revoked: v.boolean(),
  /** It revoked the dossier consent: a patient is logged out. */
  dossierRevoked: v.boolean(),
});
export type CheckRevokeReply = v.InferOutput<typeof CheckRevokeReply>;

/** A signed consent PDF (digital or paper scan), for view/download. */
export const SignedConsentDocument = v.object({
  documentId: Id,
  consentId: Id,
  consentCode: v.string(),
  category: ConsentCategory,
  title: v.string(),
  statusCode: ConsentStatus,
  medium: ConsentMedium,
  signedAt: IsoTimestamp,
});
export type SignedConsentDocument = v.InferOutput<typeof SignedConsentDocument>;

/**
 * `GET /patients/{id}/authorizationConsents` (every signed consent of the patient) and
 * `GET /informedConsents/viewInformedConsents?patientId` (informed consents only).
 * `GET /informedConsents/downloadInformedConsents?patientId[&documentId]` answers a PDF, or a zip of all.
 * `GET /documents/{id}/consensusPreviousVersions?patientId&projectId` (id = signed document id) answers
 * the earlier versions of that consent.
 */
export const SignedConsentDocumentList = v.object({ documents: v.array(SignedConsentDocument) });
export type SignedConsentDocumentList = v.InferOutput<typeof SignedConsentDocumentList>;

export const ConsentPatientQuery = v.object({ patientId: IdText });
export const InformedDownloadQuery = v.object({ patientId: IdText, documentId: v.optional(IdText) });
export const PreviousVersionsQuery = v.object({ patientId: IdText, projectId: v.optional(IdText) });
