import * as v from 'valibot';

/** Query parameters shared by every paged list. */
export const PagingQuery = v.object({
  max: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)), '20'),
  offset: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(0), v.maxValue(2_147_483_647)),
    '0',
  ),
});
export type PagingQuery = v.InferOutput<typeof PagingQuery>;

/** Paging block returned beside every list. */
export const Paging = v.object({
  totalCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totalPage: v.pipe(v.number(), v.integer(), v.minValue(0)),
  max: v.pipe(v.number(), v.integer(), v.minValue(1)),
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type Paging = v.InferOutput<typeof Paging>;

/** A date as the server sends it: ISO 8601 calendar date. */
export const IsoDate = v.pipe(v.string(), v.isoDate());
/** A timestamp as the server sends it: ISO 8601 with time zone. */
export const IsoTimestamp = v.pipe(v.string(), v.isoTimestamp());

/** Largest identifier the database holds (PostgreSQL `integer`): a larger one is a 400, never a 500. */
export const MAX_ENTITY_ID = 2_147_483_647;

/** Identifier of a stored record in a JSON body or reply: 1 to MAX_ENTITY_ID. */
export const EntityId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_ENTITY_ID));

/** Identifier in a path or query string: decimal digits, no sign or leading zero, 1 to MAX_ENTITY_ID. */
export const EntityIdText = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,9}$/, 'invalid'),
  v.toNumber(),
  v.maxValue(MAX_ENTITY_ID, 'outOfRange'),
);

/** Numeric identifier in a path, e.g. `/patients/{id}`. */
export const IdParam = v.object({ id: EntityIdText });

/**
 * Codes of the error catalogue (spec section 8). The client turns a code into the translated text;
 * `message` stays Italian for logs and for clients other than the portal.
 */
export const ErrorCode = v.picklist([
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'SESSION_EXPIRED',
  'ACCESS_DENIED',
  'DOSSIER_NOT_AUTHORIZED',
  'NOT_FOUND',
  'FUNCTION_NOT_AVAILABLE',
  'DOCUMENT_UNAVAILABLE',
  'DOWNLOAD_NOT_ALLOWED',
  'STUDY_MOVE_FAILED',
  'IMAGES_NOT_ALLOWED_FOR_ROLE',
  'RATE_LIMITED',
  'INTERNAL',
  'SIGN_AUTHORIZED_USER_ERROR',
  'SIGN_OTP_ERROR',
  'SIGN_CONTEXT_INVALID',
  'SIGN_PREPARE_ERROR',
  'SIGN_CERTIFICATES_ERROR',
  'SIGN_NO_VALID_CERTIFICATE',
  'SIGN_CDC_ERROR',
  'SIGN_PATIENT_PHONE_MISSING',
  'OTP_EXPIRED',
  'OTP_TOO_MANY_ATTEMPTS',
  'OTP_RESEND_TOO_SOON',
  'PIN_WRONG',
  'PIN_LOCKED',
  'PIN_RESET_INVALID_USER',
  'PIN_RESET_INVALID_CODE',
  'INFORMED_CONSENT_CHECK_ERROR',
  'CONSENT_DOCUMENT_ERROR',
  'CONSENT_DOCUMENT_PERMISSION',
  'MODEL_SCHEMA_ERROR',
  'MODEL_NOT_SELECTED',
  'MISSING_PARAMETER',
  'CONSENT_LIST_ERROR',
  'CONSENT_EDIT_ERROR',
  'CONSENTS_EXPIRED',
  'CONSENT_CLOSED',
  'CONSENT_REVOKE_PROJECTS_FIRST',
  'PROJECT_NOT_MEMBER',
  'PROJECT_PARTICIPATION_ENDED',
  'CONSENT_ASK_PHYSICIAN',
  'PERMISSION_MISSING',
  'UPLOAD_NOT_PDF',
  'UPLOAD_WRONG_FORMAT',
  'UPLOAD_ACTIVE_CONTENT',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_ERROR',
  'UPLOAD_NOT_PENDING',
  'USER_CREATE_ERROR',
  'GUEST_SAVE_ERROR',
  'HOSPITALIZATIONS_ALREADY_REQUESTED',
  'REQUEST_NOT_CANCELLABLE',
  'REQUEST_NOT_DELETABLE',
  'REQUEST_TOO_LARGE',
  'SERVER_BUSY',
  'REQUEST_TIMEOUT',
  'DB_UNAVAILABLE',
  'CONFERENCE_NOT_ALLOWED',
  'CONFERENCE_ALREADY_REQUESTED',
  'CONFERENCE_ALREADY_ANSWERED',
  'CONFERENCE_NOT_ACTIVE',
  'CONFERENCE_NOT_YET_OPEN',
  'SURVEY_CLOSED',
  'SURVEY_TEMPLATE_INVALID',
  'PAI_ACTIVITY_ALREADY_DONE',
  'PAI_NOT_ACTIVE',
  'PAI_NOT_IN_FORCE',
  'CDC_ERROR',
  'ACCOUNT_STRONG_LOGIN_REQUIRED',
  'ACCOUNT_SWITCH_CONFLICT',
  'ACCOUNT_STEP_UP_WRONG',
  'ACCOUNT_STEP_UP_LOCKED',
  'PASSWORD_REFUSED',
  'AUTHENTICATOR_ENROLMENT_EXPIRED',
  'PASSKEY_REFUSED',
  'PASSKEY_LIMIT',
  'PAIR_NOT_EDITABLE',
  'PAIR_NOT_ACTIVE',
  'PAIR_TOO_MANY_DRAFTS',
  'PRIPRI_NO_PLAN',
  'PRIPRI_SESSION_EXISTS',
  'SECURITY_CODE_WRONG',
  'SECURITY_NO_PHONE',
  'SECURITY_PASSWORD_WRONG',
  'DISPUTE_EXISTS',
  'DISPUTE_CLOSED',
]);
export type ErrorCode = v.InferOutput<typeof ErrorCode>;

/** Codes of a single field error, translated by the client ('Campo obbligatorio', …). */
export const FieldErrorCode = v.picklist([
  'required',
  'invalid',
  'tooLong',
  'tooShort',
  'outOfRange',
  'invalidPeriod',
  'unknown',
  'invalidEmail',
  'common',
  'personal',
  /** Already used by another record (an app's name). */
  'taken',
]);
export type FieldErrorCode = v.InferOutput<typeof FieldErrorCode>;

export const FieldError = v.object({ field: v.string(), code: FieldErrorCode });
export type FieldError = v.InferOutput<typeof FieldError>;

/** Every error reply has this shape; 500s carry `errorId`, which is in the server log. */
export const ErrorReply = v.object({
  status: v.pipe(v.number(), v.integer()),
  code: ErrorCode,
  message: v.string(),
  fields: v.optional(v.array(FieldError)),
  errorId: v.optional(v.string()),
  /** Values for the placeholders of the code's text, e.g. `{userRole}` of IMAGES_NOT_ALLOWED_FOR_ROLE. */
  params: v.optional(v.record(v.string(), v.string())),
});
export type ErrorReply = v.InferOutput<typeof ErrorReply>;
