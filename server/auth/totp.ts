import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { generate } from 'lean-qr';
import { toSvgSource } from 'lean-qr/extras/svg';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA1, 30-second steps, 6 digits, what
 * every authenticator app reads from an `otpauth://` URI (shown as text and as a QR code, drawn by
 * lean-qr). The algorithm needs no package: it is small enough to check against the RFCs' own test
 * vectors (totp.test.ts).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one: a phone clock a little off, a code typed at the turn. */
export const TOTP_WINDOW = 1;
/** 160-bit secrets, the HMAC-SHA1 block the RFC recommends. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Accepts what people copy: lower case, spaces, dashes and padding are ignored. Null when not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  if (!clean || !/^[A-Z2-7]+$/.test(clean)) return null;
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    value = ((value << 5) | BASE32.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateTotpSecret(): Buffer {
  return randomBytes(SECRET_BYTES);
}

/** RFC 4226 section 5.3: dynamic truncation of HMAC-SHA1(key, counter). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step (RFC 6238's T) of an instant. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

export function totpCode(key: Uint8Array, at: Date, digits = TOTP_DIGITS): string {
  return hotp(key, totpStep(at), digits);
}

/**
 * The step whose code this is, within ±TOTP_WINDOW of `at`, or null. Every candidate is compared in
 * constant time, so the answer's timing says nothing about which step matched. Replay is the
 * caller's business: it must refuse a step already used (see second-factor.ts).
 */
export function matchTotp(key: Uint8Array, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const given = Buffer.from(code);
  const current = totpStep(at);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), given) && matched === null) matched = step;
  }
  return matched;
}

/** Key URI format (Google Authenticator's, read by every app): what the QR code carries. */
export function otpauthUri(secretBase32: string, input: { issuer: string; account: string }): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.account)}`;
  // encodeURIComponent, not URLSearchParams: apps show a '+' where a space was.
  const query = [
    `secret=${secretBase32}`,
    `issuer=${encodeURIComponent(input.issuer)}`,
    'algorithm=SHA1',
    `digits=${TOTP_DIGITS}`,
    `period=${TOTP_STEP_SECONDS}`,
  ].join('&');
  return `otpauth://totp/${label}?${query}`;
}

/** The secret in groups of four, easier to read out and type on a tablet. */
export function groupSecret(secretBase32: string): string {
  return secretBase32.match(/.{1,4}/g)?.join(' ') ?? secretBase32;
}

/** Modules of quiet zone around the code (ISO/IEC 18004 asks for four). */
const QR_QUIET_ZONE = 4;
/** Drawn size in CSS pixels: large enough for a phone camera held at arm's length. */
const QR_SIZE_PX = 220;

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The QR code of `text` (an `otpauth://` URI) as an SVG element to inline in a page, with its accessible
 * name: drawn on the server with presentation attributes only, so it needs no script and no inline style
 * under the IdP's CSP, and the portal can show it as an `<img>` from a data URL.
 */
export function qrSvg(text: string, label: string): string {
  const svg = toSvgSource(generate(text), { on: '#000', off: '#fff', pad: QR_QUIET_ZONE });
  const name = escapeAttribute(label);
  return svg.replace(
    /^<svg ([^>]*?) width="\d+" height="\d+"/,
    `<svg $1 width="${QR_SIZE_PX}" height="${QR_SIZE_PX}" role="img" aria-label="${name}"`,
  );
}
