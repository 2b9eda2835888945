import { randomBytes } from 'node:crypto';
import type { ShlPayload } from '../../../src/contract/shl';

/** 32 random bytes, base64url: 43 characters, the spec's size for the key and the manifest's path segment. */
export const random256 = (): string => randomBytes(32).toString('base64url');

/** The manifest URL: at most 128 characters (SMART Health Links), checked where the link is made. */
export const manifestUrl = (publicUrl: string, apiBase: string, manifestId: string): string =>
  `${publicUrl}${apiBase}/shl/manifests/${manifestId}`;

/** `shlink:/` + the minified payload, base64url-encoded (no viewer prefix: the portal adds its own). */
export function encodeShlink(payload: ShlPayload): string {
  return `shlink:/${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
}
