import { describe, expect, it } from 'vitest';
import { otpauthUri, qrSvg } from '../auth/totp';
import { decodeQrSvg } from '../test/qr-decode';
import { totpBody } from './totp-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = otpauthUri(SECRET, { issuer: 'Fascicolo Sanitario', account: 'dott.neri' });

describe('the authenticator QR code', () => {
  it('carries the otpauth URI, read back by an independent decoder', () => {
    const svg = qrSvg(URI, 'Codice QR');
    expect(svg).toMatch(/^<svg [^>]*width="220" height="220" role="img" aria-label="Codice QR"/);
    expect(decodeQrSvg(svg)).toBe(URI);
    // The decoder is no rubber stamp: another URI's code does not read as this one.
    expect(decodeQrSvg(qrSvg(URI.replace(SECRET, 'A'.repeat(32)), 'x'))).not.toBe(URI);
  });

  it('stands on the enrolment page beside the key as text, with an accessible name, in both languages', () => {
    for (const [locale, name] of [
      ['it', 'Codice QR per aggiungere questo account all’app di autenticazione'],
      ['en', 'QR code to add this account to the authenticator app'],
    ] as const) {
      const html = totpBody({
        locale,
        page: '/idp/interaction/abc',
        error: null,
        smsFallback: false,
        enrolment: { secret: SECRET, uri: URI },
      });
      const svg = html.match(/<svg[\s\S]*?<\/svg>/)?.[0] ?? '';
      expect(svg).toContain(`role="img" aria-label="${name}"`);
      expect(decodeQrSvg(svg)).toBe(URI);
      expect(html).toContain(`value="${SECRET}"`);
      expect(html).toContain('<code>JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP</code>');
      // No script and no style attribute: the IdP's CSP allows neither inline.
      expect(svg).not.toMatch(/<script|style=/);
    }
  });
});
