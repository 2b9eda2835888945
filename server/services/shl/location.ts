import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { keyEncryptionKey } from '../../auth/secret';

/** The spec caps a `location` URL's life at one hour. */
export const LOCATION_LIFETIME_MS = 60 * 60 * 1000;

let derived: Buffer | null = null;
/** Its own key, derived from the server secret, so a location token is worth nothing elsewhere. */
const locationKey = (): Buffer => {
  derived ??= Buffer.from(hkdfSync('sha256', keyEncryptionKey(), '', 'meview/shl-file-location/v1', 32));
  return derived;
};

const mac = (body: string): string => createHmac('sha256', locationKey()).update(body).digest('base64url');

/** `<fileId>.<expiry seconds>.<mac>`: short-lived and bound to one file. */
export function locationToken(fileId: number, now: Date): string {
  const body = `${fileId}.${Math.floor((now.getTime() + LOCATION_LIFETIME_MS) / 1000)}`;
  return `${body}.${mac(body)}`;
}

/** The file id of a valid, unexpired token; null otherwise. */
export function fileOfToken(token: string, now: Date): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, expiry, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(`${id}.${expiry}`));
  if (expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return Number(id);
}
