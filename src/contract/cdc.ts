import * as v from 'valibot';

/**
 * Context sharing (spec sections 2, 4, 7): another hospital application opens the portal for a staff user
 * on a patient and a page. `POST /v1/discovery` redeems a signed launch token, `GET /v1/cdc?id=` a context
 * session made by the launcher; both answer a login's tokens plus where to go. Neither needs a token.
 */

/** The pages a launch may open (spec 2, "pages reachable directly by name"), each about the patient. */
export const LAUNCH_PAGES = ['dossier', 'timeline', 'consents', 'patientInfo'] as const;
export const LaunchPage = v.picklist(LAUNCH_PAGES);
export type LaunchPage = v.InferOutput<typeof LaunchPage>;

/** A launch token is a compact JWS: three base64url parts, a few hundred characters. */
export const DiscoveryRequest = v.object({
  token: v.pipe(
    v.string(),
    v.nonEmpty('required'),
    v.maxLength(4096, 'tooLong'),
    v.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'invalid'),
  ),
});
export type DiscoveryRequest = v.InferOutput<typeof DiscoveryRequest>;

/** A context session id: 128 random bits, base64url (22 characters). */
export const ContextQuery = v.object({
  id: v.pipe(v.string(), v.nonEmpty('required'), v.regex(/^[\w-]{22}$/, 'invalid')),
});
export type ContextQuery = v.InferOutput<typeof ContextQuery>;

export const LaunchTokens = v.object({
  access_token: v.string(),
  refresh_token: v.string(),
  id_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
  scope: v.string(),
});
export type LaunchTokens = v.InferOutput<typeof LaunchTokens>;

export const LaunchReply = v.object({
  token: LaunchTokens,
  /** The patient (portal id) to make current and the page to open. */
  otherParams: v.object({ patientId: v.number(), page: LaunchPage }),
  /** What the launched portal does differently: logout goes back to the application that opened it. */
  settings: v.object({
    launchedFromExternalApp: v.literal(true),
    hideLogout: v.boolean(),
    /** The launching application's origin, the only one told of the logout; '*' when not configured. */
    openerOrigin: v.string(),
  }),
});
export type LaunchReply = v.InferOutput<typeof LaunchReply>;

/**
 * `POST /v1/discovery/preview` and `GET /v1/cdc/preview?id=`: who the launch would log in, without
 * redeeming it, so that a browser holding another login asks before replacing it.
 */
export const LaunchPreview = v.object({ displayName: v.string() });
export type LaunchPreview = v.InferOutput<typeof LaunchPreview>;

export const CdcLogoutRequest = v.object({
  access_token: v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(8192, 'tooLong')),
});
export type CdcLogoutRequest = v.InferOutput<typeof CdcLogoutRequest>;

export const CdcLogoutReply = v.object({ redirectUrl: v.string() });
export type CdcLogoutReply = v.InferOutput<typeof CdcLogoutReply>;
