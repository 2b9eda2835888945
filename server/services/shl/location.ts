import { boundTokens } from '../../auth/bound-token';

/** The spec caps a `location` URL's life at one hour. */
export const LOCATION_LIFETIME_MS = 60 * 60 * 1000;

const tokens = boundTokens('meview/shl-file-location/v1', LOCATION_LIFETIME_MS);

/** `<fileId>.<expiry seconds>.<mac>`: short-lived and bound to one file. */
export const locationToken = (fileId: number, now: Date): string => tokens.tokenFor(fileId, now);

/** The file id of a valid, unexpired token; null otherwise. */
export const fileOfToken = (token: string, now: Date): number | null => tokens.idOf(token, now);
