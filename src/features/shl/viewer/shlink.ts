/**
 * The link as the viewer receives it: `…/shl#shlink:/<base64url JSON payload>` (SMART Health Links). The
 * payload is checked with the contract before anything is asked of any server, and only a link of this
 * portal is opened: the page's CSP lets it talk to its own origin only, and a link elsewhere is better
 * opened by that portal's own viewer.
 */
import * as v from 'valibot';
import { ShlPayload } from '../../../contract/shl';

const PREFIX = 'shlink:/';

export type LinkReading =
  | { kind: 'ready'; payload: ShlPayload; key: Uint8Array<ArrayBuffer> }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'otherPortal'; host: string; label: string | undefined }
  | { kind: 'expired'; label: string | undefined };

export function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The payload of a `shlink:/…` (alone, after a `#`, or in a whole viewer address); null when malformed. */
export function decodeShlink(text: string): ShlPayload | null {
  const at = text.indexOf(PREFIX);
  if (at === -1) return null;
  const encoded = text.slice(at + PREFIX.length).trim();
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(encoded)) return null;
  try {
    const json = new TextDecoder('utf-8', { fatal: true }).decode(base64urlBytes(encoded));
    const parsed = v.safeParse(ShlPayload, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** What the page can do with its fragment: open it, or say why not. */
export function readLink(hash: string, origin: string, nowMs: number): LinkReading {
  if (!hash.includes(PREFIX)) return { kind: 'missing' };
  const payload = decodeShlink(hash);
  // U (a single file fetched directly) is a kind of link this portal never makes.
  if (!payload || payload.flag?.includes('U')) return { kind: 'invalid' };
  const target = new URL(payload.url);
  if (target.origin !== origin) return { kind: 'otherPortal', host: target.host, label: payload.label };
  if (payload.exp !== undefined && payload.exp * 1000 <= nowMs)
    return { kind: 'expired', label: payload.label };
  return { kind: 'ready', payload, key: base64urlBytes(payload.key) };
}

export const needsPasscode = (payload: ShlPayload): boolean => payload.flag?.includes('P') === true;
