import { describe, expect, it } from 'vitest';
import { base64urlBytes, decodeShlink, needsPasscode, readLink } from './shlink';
import { browserLocale } from './viewer-language';

const ORIGIN = 'https://portale.example.it';
const KEY = 'rxTgYlOaKJPFtcEd0qcceN8wEU4p94SqAwIWQe6uX7Q';
const NOW = Date.UTC(2026, 10, 28, 12);

/** As the server writes it: minified JSON, base64url without padding. */
function shlink(payload: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const base64 = btoa(String.fromCharCode(...bytes));
  return `shlink:/${base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

const payload = {
  url: `${ORIGIN}/api/shl/manifests/${'a'.repeat(43)}`,
  key: KEY,
  exp: NOW / 1000 + 7 * 24 * 3600,
  flag: 'P',
  label: 'Visita cardiologica — Zürich',
  v: 1,
};

describe('decodeShlink', () => {
  it('reads the payload after `#`, alone, or in a whole viewer address, with non-ASCII labels', () => {
    for (const text of [`#${shlink(payload)}`, shlink(payload), `${ORIGIN}/shl#${shlink(payload)}`])
      expect(decodeShlink(text)).toEqual(payload);
  });

  it('refuses what is not a well-formed payload', () => {
    expect(decodeShlink('#shlink:/')).toBeNull();
    expect(decodeShlink('#shlink:/not base64!')).toBeNull();
    expect(decodeShlink(`#${shlink({ ...payload, key: 'short' })}`)).toBeNull();
    expect(decodeShlink(`#${shlink({ ...payload, url: 'not a url' })}`)).toBeNull();
    expect(decodeShlink(`#${shlink({ ...payload, label: 'x'.repeat(81) })}`)).toBeNull();
    expect(decodeShlink(`#shlink:/${btoa('{"url":')}`)).toBeNull();
    expect(decodeShlink('#other')).toBeNull();
  });

  it('decodes the key to its 32 bytes', () => {
    expect(base64urlBytes(KEY)).toHaveLength(32);
  });
});

describe('readLink', () => {
  it('opens a live link of this portal, with its passcode flag', () => {
    const reading = readLink(`#${shlink(payload)}`, ORIGIN, NOW);
    expect(reading.kind).toBe('ready');
    if (reading.kind === 'ready') {
      expect(reading.key).toHaveLength(32);
      expect(needsPasscode(reading.payload)).toBe(true);
    }
    const open = readLink(`#${shlink({ ...payload, flag: undefined })}`, ORIGIN, NOW);
    expect(open.kind === 'ready' && needsPasscode(open.payload)).toBe(false);
  });

  it('says why it does not open: nothing, broken, another portal, expired, a direct-file link', () => {
    expect(readLink('', ORIGIN, NOW).kind).toBe('missing');
    expect(readLink('#shlink:/%%%', ORIGIN, NOW).kind).toBe('invalid');
    expect(readLink(`#${shlink({ ...payload, flag: 'U' })}`, ORIGIN, NOW).kind).toBe('invalid');
    const elsewhere = readLink(
      `#${shlink({ ...payload, url: 'https://other.example.org/m/1' })}`,
      ORIGIN,
      NOW,
    );
    expect(elsewhere).toEqual({ kind: 'otherPortal', host: 'other.example.org', label: payload.label });
    expect(readLink(`#${shlink({ ...payload, exp: NOW / 1000 - 1 })}`, ORIGIN, NOW)).toEqual({
      kind: 'expired',
      label: payload.label,
    });
  });
});

describe('browserLocale', () => {
  it('takes the first language the portal speaks, else English', () => {
    expect(browserLocale(['it-IT', 'en'])).toBe('it');
    expect(browserLocale(['de-CH', 'en-GB', 'it'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});
