import * as v from 'valibot';
import { EntityId, EntityIdText } from './common';
import { CodeDesc } from './reference';

/** Ids of the temp documents of one ceremony (returned by every "prepare…" call). */
const DocumentIds = v.pipe(v.array(EntityId), v.minLength(1, 'required'), v.maxLength(50, 'tooLong'));
/** The signer's PIN: 4 to 8 digits. */
export const SigningPin = v.pipe(v.string(), v.regex(/^\d{4,8}$/, 'invalid'));
/** The SMS code: 6 digits. */
export const SignatureOtp = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'invalid'));
const FiscalCode = v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{11,16}$/, 'invalid'));

export const CeremonyStatus = v.picklist(['PREPARED', 'OTP_SENT', 'SIGNING', 'SIGNED', 'FAILED']);
export type CeremonyStatus = v.InferOutput<typeof CeremonyStatus>;

/**
 * What a ceremony is for, hence what its signature does (server/services/signing/effects.ts holds one effect
 * per kind): give, revoke or give an informed consent, obscure documents, save a guest.
 */
export const CeremonyKind = v.picklist([
  'consent',
  'revoke-consent',
  'informed-consent',
  'obscure',
  'guest',
  'pair',
]);
export type CeremonyKind = v.InferOutput<typeof CeremonyKind>;

/**
 * POST /sign/otp: checks the signer's PIN (one attempt of the same lockout as the signature), then sends
 * the signature code by SMS for these documents: a wrong PIN is told before anyone waits for an SMS.
 */
export const SignOtpRequest = v.object({ documentIds: DocumentIds, pin: SigningPin });
export type SignOtpRequest = v.InferOutput<typeof SignOtpRequest>;
export const SignOtpReply = v.object({
  /** Masked mobile phone, e.g. "********4567". */
  sentTo: v.string(),
  expiresAt: v.string(),
  resendAvailableAt: v.string(),
  /** The code went to the patient's phone: staff collect the patient's consent, the patient dictates it. */
  sentToPatient: v.boolean(),
});
export type SignOtpReply = v.InferOutput<typeof SignOtpReply>;

/** PUT /sign/sync and PUT /sign/async. */
export const SignRequest = v.object({ documentIds: DocumentIds, pin: SigningPin, otp: SignatureOtp });
export type SignRequest = v.InferOutput<typeof SignRequest>;
export const SignSyncReply = v.object({
  status: v.literal('SIGNED'),
  /** Kind of the ceremony, so the client knows where to go next. */
  ceremonyKind: CeremonyKind,
  signedDocumentIds: v.array(v.number()),
});
export type SignSyncReply = v.InferOutput<typeof SignSyncReply>;
export const SignAsyncReply = v.object({ sessionId: v.string() });
export type SignAsyncReply = v.InferOutput<typeof SignAsyncReply>;

/** PUT /sign/check: state of an asynchronous signature. */
export const SignCheckRequest = v.object({
  documentId: EntityId,
  sessionId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  callback: v.optional(v.pipe(v.string(), v.maxLength(200))),
  signatureStatusCode: v.optional(v.pipe(v.string(), v.maxLength(40))),
});
export type SignCheckRequest = v.InferOutput<typeof SignCheckRequest>;
export const SignCheckReply = v.object({
  status: v.picklist(['SIGNING', 'SIGNED', 'FAILED']),
  ceremonyKind: CeremonyKind,
  signedDocumentIds: v.optional(v.array(v.number())),
  /** On FAILED: the catalogue code (SIGN_AUTHORIZED_USER_ERROR). */
  errorCode: v.optional(v.string()),
  callback: v.optional(v.string()),
});
export type SignCheckReply = v.InferOutput<typeof SignCheckReply>;

/** POST /sign/cdc: signature inside a context-sharing session (PIN only, staff). */
export const SignCdcRequest = v.object({ documentIds: DocumentIds, pin: SigningPin });
export type SignCdcRequest = v.InferOutput<typeof SignCdcRequest>;

/** GET /sign/certificates?fiscalCode and GET /sign/signerInfo?fiscalCode (own fiscal code when omitted). */
export const FiscalCodeQuery = v.object({ fiscalCode: v.optional(FiscalCode) });

/** Short codes of a certificate line type: remote qualified-like signature, FEA, test. */
export const CertificateType = v.picklist(['FR', 'FEA', 'TEST']);
export type CertificateType = v.InferOutput<typeof CertificateType>;
export const CertificateStatus = v.picklist(['VALID', 'EXPIRED', 'REVOKED', 'NOT_YET_VALID']);
export type CertificateStatus = v.InferOutput<typeof CertificateStatus>;
export const SigningCertificate = v.object({
  serialNumber: v.string(),
  subject: v.string(),
  issuer: v.string(),
  validFrom: v.string(),
  validTo: v.string(),
  type: CertificateType,
  status: CertificateStatus,
});
export type SigningCertificate = v.InferOutput<typeof SigningCertificate>;
export const CertificatesReply = v.object({ certificates: v.array(SigningCertificate) });
export type CertificatesReply = v.InferOutput<typeof CertificatesReply>;

export const SignerInfo = v.object({
  name: v.string(),
  surname: v.string(),
  fiscalCode: v.string(),
  /** Masked mobile phone, null when the user has none (no SMS code possible). */
  maskedPhone: v.nullable(v.string()),
  hasCredential: v.boolean(),
  /** A valid (not expired, not revoked) certificate. */
  hasValidCertificate: v.boolean(),
  feaActive: v.boolean(),
  /** ISO timestamp until which signing is locked after too many wrong PINs. */
  lockedUntil: v.nullable(v.string()),
});
export type SignerInfo = v.InferOutput<typeof SignerInfo>;

export const PatientRelationships = v.object({ patientRelationships: v.array(CodeDesc) });
export type PatientRelationships = v.InferOutput<typeof PatientRelationships>;

/** POST /autoFEAreq: activates the advanced electronic signature for a patient. */
export const AutoFeaRequest = v.object({ patientId: EntityId });
export type AutoFeaRequest = v.InferOutput<typeof AutoFeaRequest>;
export const AutoFeaReply = v.object({
  result: v.picklist(['ACTIVATED', 'ALREADY_ACTIVE']),
  certificate: SigningCertificate,
});
export type AutoFeaReply = v.InferOutput<typeof AutoFeaReply>;

/** GET /tempDocuments/submit?documentId: test signature of an informed consent (nothing stored). */
export const TempDocumentSubmitQuery = v.object({
  documentId: EntityIdText,
});
export const TempDocumentSubmitReply = v.object({ ok: v.literal(true), signedBytes: v.number() });
export type TempDocumentSubmitReply = v.InferOutput<typeof TempDocumentSubmitReply>;
