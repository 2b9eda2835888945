import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  groupSecret,
  hotp,
  matchTotp,
  otpauthUri,
  totpCode,
  totpStep,
} from './totp';

// The shared secret of RFC 4226 appendix D and RFC 6238 appendix B (SHA-1): "12345678901234567890".
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP (RFC 4226)', () => {
  it('gives the RFC 4226 appendix D values for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });
});

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC 6238 appendix B values (SHA-1, 8 digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_KEY, new Date(seconds * 1000), 8)).toBe(code);
    expect(totpStep(new Date(1111111109 * 1000))).toBe(0x23523ec);
  });

  it('accepts the code of the current step and one step either side, and nothing further', () => {
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step), at)).toBe(step);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step - 1), at)).toBe(step - 1);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + 1), at)).toBe(step + 1);
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step - 2), at)).toBeNull();
    expect(matchTotp(RFC_KEY, hotp(RFC_KEY, step + 2), at)).toBeNull();
    expect(matchTotp(RFC_KEY, '12345', at)).toBeNull();
    expect(matchTotp(RFC_KEY, 'abcdef', at)).toBeNull();
  });
});

describe('authenticator keys', () => {
  it('encodes base32 as RFC 4648 does and reads it back from what people type', () => {
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb-oi======')?.toString()).toBe('foobar');
    expect(base32Decode('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ')).toEqual(RFC_KEY);
    expect(base32Decode('not base32: 0189')).toBeNull();
    expect(base32Decode('')).toBeNull();
  });

  it('writes the otpauth URI apps read, and groups the key by four', () => {
    const uri = otpauthUri('GEZDGNBVGY3TQOJQ', { issuer: 'Dossier Sanitario', account: 'dott.ferrari' });
    expect(uri).toBe(
      'otpauth://totp/Dossier%20Sanitario:dott.ferrari?secret=GEZDGNBVGY3TQOJQ&issuer=Dossier%20Sanitario&algorithm=SHA1&digits=6&period=30',
    );
    expect(groupSecret('GEZDGNBVGY3TQOJQGE')).toBe('GEZD GNBV GY3T QOJQ GE');
  });
});
