/** How long an access token must still be valid: read by the session and by the library's settings. */

/** Minimum validity of the access token when a call leaves (spec section 9). */
export const MIN_TOKEN_VALIDITY_S = 5;
/** The renewal starts this long before the access token expires (tokens live 5 minutes). */
export const RENEW_BEFORE_EXPIRY_S = 30;
