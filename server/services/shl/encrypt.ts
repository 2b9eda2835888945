import { CompactEncrypt } from 'jose';

/**
 * A file of a link as the spec wants it: compact JWE, `alg: dir`, `enc: A256GCM`, `cty` its content
 * type. jose draws a fresh IV for every encryption, so the same key never meets the same nonce twice.
 */
export function encryptFile(key: Uint8Array, contentType: string, content: unknown): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(content)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: contentType })
    .encrypt(key);
}
