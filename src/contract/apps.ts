import * as v from 'valibot';
import { EntityIdText, IsoTimestamp } from './common';

/**
 * Third-party apps (SMART App Launch 2.2): what administrators register, and what a patient has let an app
 * read. Resource types are FHIR's names; the screens and the consent page translate them.
 */
export const SMART_RESOURCE_TYPES = [
  'Patient',
  'Observation',
  'DocumentReference',
  'Binary',
  'Condition',
  'AllergyIntolerance',
  'MedicationStatement',
  'Immunization',
  'CarePlan',
  'QuestionnaireResponse',
  'Consent',
  'AuditEvent',
] as const;

/** A resource type an app may read, or `*`: every type (`patient/*.rs`). */
export const SmartResource = v.picklist([...SMART_RESOURCE_TYPES, '*']);
export type SmartResource = v.InferOutput<typeof SmartResource>;

const PATIENT_SCOPE = /^patient\/([A-Za-z]+|\*)\.(read|[cruds]+)$/;

/**
 * The resource types a set of granted scopes lets an app read (v2 `r`/`s`, v1 `read`), in the order of
 * SMART_RESOURCE_TYPES; `*` alone when a wildcard covers them all.
 */
export function scopeResources(scopes: readonly string[]): SmartResource[] {
  const named = new Set<string>();
  for (const scope of scopes) {
    const [, type, permissions] = PATIENT_SCOPE.exec(scope) ?? [];
    if (!type || !permissions) continue;
    if (permissions === 'read' || /[rs]/.test(permissions)) named.add(type);
  }
  if (named.has('*')) return ['*'];
  return SMART_RESOURCE_TYPES.filter((type) => named.has(type));
}

/** Longest app name: it heads the consent page and the lists. */
export const APP_NAME_MAX = 80;
export const APP_REDIRECTS_MAX = 5;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect URI as OAuth compares it, exactly: https anywhere, or http on this machine only (a
 * developer's app); no fragment, no credentials, at most 500 characters.
 */
export function isAcceptableRedirectUri(value: string): boolean {
  if (value.length > 500) return false;
  const url = URL.parse(value);
  if (!url || url.hash || url.username || url.password || value.includes('#')) return false;
  // A host by its name: no wildcard, nothing a browser would read differently.
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i.test(url.hostname)) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

export const RedirectUri = v.pipe(v.string(), v.trim(), v.check(isAcceptableRedirectUri, 'invalid'));

/** `POST /admin/apps`. */
export const AppRegistration = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'required'), v.maxLength(APP_NAME_MAX, 'tooLong')),
  redirectUris: v.pipe(
    v.array(RedirectUri),
    v.minLength(1, 'required'),
    v.maxLength(APP_REDIRECTS_MAX, 'tooLong'),
  ),
  /** Confidential: the app keeps a secret on its server (`client_secret_basic`); public: PKCE only. */
  confidential: v.boolean(),
});
export type AppRegistration = v.InferOutput<typeof AppRegistration>;

export const RegisteredApp = v.object({
  id: v.number(),
  clientId: v.string(),
  name: v.string(),
  redirectUris: v.array(v.string()),
  confidential: v.boolean(),
  createdAt: IsoTimestamp,
  /** Null while it works; a disabled app's tokens stop at once. */
  disabledAt: v.nullable(IsoTimestamp),
});
export type RegisteredApp = v.InferOutput<typeof RegisteredApp>;

/** `GET /admin/apps`. */
export const RegisteredApps = v.object({ items: v.array(RegisteredApp) });
export type RegisteredApps = v.InferOutput<typeof RegisteredApps>;

/** `POST /admin/apps` answers the app and, for a confidential one, its secret: shown this once only. */
export const AppRegistered = v.object({ app: RegisteredApp, clientSecret: v.nullable(v.string()) });
export type AppRegistered = v.InferOutput<typeof AppRegistered>;

/** `POST /admin/apps/:id/disable`. */
export const AppIdParam = v.object({ id: EntityIdText });

/** An opaque id of one authorization (a hash of its grant), so nobody can guess another user's. */
export const CONNECTED_APP_ID_PATTERN = /^a_[A-Za-z0-9_-]{22}$/;
export const ConnectedAppIdParam = v.object({
  id: v.pipe(v.string(), v.regex(CONNECTED_APP_ID_PATTERN)),
});

export const ConnectedApp = v.object({
  id: v.string(),
  name: v.string(),
  /** Whose dossier it reads: the patient themself, or a patient of a guest. */
  patient: v.object({ id: v.number(), name: v.string() }),
  resources: v.array(SmartResource),
  /** It may go on reading while the user is away (`offline_access`). */
  offline: v.boolean(),
  authorizedAt: IsoTimestamp,
  /** The latest read by the app for this user, null before its first. */
  lastAccessAt: v.nullable(IsoTimestamp),
  reads: v.number(),
});
export type ConnectedApp = v.InferOutput<typeof ConnectedApp>;

/** `GET /security/apps`. */
export const ConnectedApps = v.object({ items: v.array(ConnectedApp) });
export type ConnectedApps = v.InferOutput<typeof ConnectedApps>;
