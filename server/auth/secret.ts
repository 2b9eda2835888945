import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import type { Logger } from '../logger';

/**
 * Private keys (the CA's and every signer's) are stored encrypted with AES-256-GCM under a key derived
 * from SIGNING_SECRET. Without it the demo runs on a fixed, public secret: fine for a demo, never for
 * real signatures, so it says so in the log.
 */
const DEMO_SECRET = 'meview-demo-signing-secret: set SIGNING_SECRET in production';
const SALT = 'meview/signing-keys/v1';
const FORMAT_VERSION = 1;

const derived = new Map<string, Buffer>();
let warned = false;

/** The key-encryption key of this server (derived once per secret: scrypt is deliberately slow). */
export function keyEncryptionKey(logger?: Logger, env: NodeJS.ProcessEnv = process.env): Buffer {
  const configured = env.SIGNING_SECRET;
  if (!configured && !warned) {
    warned = true;
    logger?.warn('SIGNING_SECRET is not set: signing keys are encrypted with the public demo secret');
  }
  const secret = configured || DEMO_SECRET;
  let key = derived.get(secret);
  if (!key) {
    key = scryptSync(secret, SALT, 32, { N: 16384, r: 8, p: 1 });
    derived.set(secret, key);
  }
  return key;
}

/** version(1) | iv(12) | tag(16) | ciphertext. `label` (e.g. the owner) is authenticated, not stored. */
export function sealPrivateKey(plain: Uint8Array, key: Buffer, label: string): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(label));
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]));
}

/** Throws when the secret is wrong or the bytes were tampered with (GCM authentication). */
export function openPrivateKey(sealed: Uint8Array, key: Buffer, label: string): Buffer {
  const bytes = Buffer.from(sealed);
  if (bytes[0] !== FORMAT_VERSION || bytes.length < 29) throw new Error('unknown sealed key format');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(1, 13));
  decipher.setAAD(Buffer.from(label));
  decipher.setAuthTag(bytes.subarray(13, 29));
  return Buffer.concat([decipher.update(bytes.subarray(29)), decipher.final()]);
}
