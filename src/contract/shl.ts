import * as v from 'valibot';
import { EntityId, EntityIdText, IsoTimestamp } from './common';

/** A link lasts a week unless the patient chooses, and at most a year. */
export const SHL_DEFAULT_DAYS = 7;
export const SHL_MAX_DAYS = 365;
/** Wrong passcodes a link survives in its whole life (SMART Health Links: a lifetime count). */
export const SHL_PASSCODE_ATTEMPTS = 10;
/** Documents one link may carry: a visit's worth, not the whole record (that is the export). */
export const SHL_MAX_DOCUMENTS = 20;
/** The spec's limit for `label`. */
export const SHL_LABEL_MAX = 80;

/** `POST /shl`: what to share, with whom it is protected, and for how long. */
export const ShlCreateBody = v.pipe(
  v.object({
    patientId: EntityId,
    label: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(SHL_LABEL_MAX, 'tooLong')),
    /** Optional; 6 to 40 characters when given (the portal suggests one). */
    passcode: v.optional(v.pipe(v.string(), v.minLength(6, 'tooShort'), v.maxLength(40, 'tooLong'))),
    /** Default SHL_DEFAULT_DAYS from now; in the future and within SHL_MAX_DAYS (checked by the server). */
    expiresAt: v.optional(IsoTimestamp),
    summary: v.boolean(),
    documentIds: v.pipe(v.array(EntityId), v.maxLength(SHL_MAX_DOCUMENTS, 'tooLong')),
  }),
  v.forward(
    v.check((body) => body.summary || body.documentIds.length > 0, 'required'),
    ['documentIds'],
  ),
);
export type ShlCreateBody = v.InferOutput<typeof ShlCreateBody>;

/** `POST /shl` answers 201 with the link as `shlink:/…` (the viewer prefix is the client's). */
export const ShlCreated = v.object({ id: EntityId, shlink: v.string() });
export type ShlCreated = v.InferOutput<typeof ShlCreated>;

export const ShlListQuery = v.object({ patientId: EntityIdText });
export const ShlIdParam = v.object({ id: EntityIdText });

export const ShlState = v.picklist(['active', 'expired', 'revoked', 'locked']);
export type ShlState = v.InferOutput<typeof ShlState>;

export const ShlOpen = v.object({ recipient: v.string(), openedAt: IsoTimestamp });
export type ShlOpen = v.InferOutput<typeof ShlOpen>;

export const ShlLink = v.object({
  id: EntityId,
  label: v.string(),
  state: ShlState,
  createdAt: IsoTimestamp,
  expiresAt: IsoTimestamp,
  withPasscode: v.boolean(),
  withSummary: v.boolean(),
  documentCount: v.number(),
  remainingAttempts: v.number(),
  /** Newest first. */
  opens: v.array(ShlOpen),
});
export type ShlLink = v.InferOutput<typeof ShlLink>;

/** `GET /shl?patientId=`: newest first. */
export const ShlList = v.object({ links: v.array(ShlLink) });
export type ShlList = v.InferOutput<typeof ShlList>;

/** The manifest request (SMART Health Links: POST on the link's url). */
export const ShlManifestRequest = v.object({
  recipient: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(200, 'tooLong')),
  passcode: v.optional(v.pipe(v.string(), v.maxLength(200, 'tooLong'))),
  embeddedLengthMax: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
export type ShlManifestRequest = v.InferOutput<typeof ShlManifestRequest>;

export const ShlManifestFile = v.object({
  contentType: v.picklist(['application/fhir+json']),
  embedded: v.optional(v.string()),
  location: v.optional(v.string()),
  lastUpdated: v.optional(IsoTimestamp),
  status: v.optional(v.picklist(['finalized', 'can-change', 'no-longer-valid'])),
  fhirVersion: v.optional(v.string()),
});
export const ShlManifest = v.object({ files: v.array(ShlManifestFile) });
export type ShlManifest = v.InferOutput<typeof ShlManifest>;

/** The link's payload, minified and base64url-encoded after `shlink:/`. */
export const ShlPayload = v.object({
  url: v.pipe(v.string(), v.url(), v.maxLength(128)),
  key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  exp: v.optional(v.number()),
  flag: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]*$/))),
  label: v.optional(v.pipe(v.string(), v.maxLength(SHL_LABEL_MAX))),
  v: v.optional(v.number()),
});
export type ShlPayload = v.InferOutput<typeof ShlPayload>;
