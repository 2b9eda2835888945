import 'reflect-metadata';
import { createPrivateKey, randomBytes } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// @peculiar/x509 resolves its WebCrypto through a provider; Node's is complete. The global `crypto` is
// Node's webcrypto, typed with the standard (DOM) types that @peculiar/x509 expects: @types/node 24 types
// `node:crypto`'s webcrypto with key usages (ML-KEM's `encapsulateBits`) that TypeScript's DOM lib lacks.
x509.cryptoProvider.set(globalThis.crypto);

const subtle = globalThis.crypto.subtle;

/** Signers' keys: ECDSA P-256 (fast to create for every user, accepted by NSS/pdfsig and Acrobat). */
export const SIGNER_KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export type WebKeyPair = { publicKey: CryptoKey; privateKey: CryptoKey };

export async function generateSignerKeys(): Promise<WebKeyPair> {
  return (await subtle.generateKey(SIGNER_KEY_ALGORITHM, true, ['sign', 'verify'])) as WebKeyPair;
}

export async function exportPkcs8(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await subtle.exportKey('pkcs8', key));
}

/**
 * The WebCrypto key and signature algorithm of a PKCS#8 private key, RSA or EC: a hospital's own CA
 * may use either.
 */
export async function importSigningKey(
  pkcs8: Uint8Array,
): Promise<{ key: CryptoKey; algorithm: EcdsaParams | RsaHashedImportParams }> {
  const keyObject = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
  const der = new Uint8Array(pkcs8); // a copy on an ArrayBuffer: WebCrypto's BufferSource type wants one
  if (keyObject.asymmetricKeyType === 'rsa') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
    return { key: await subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
  }
  if (keyObject.asymmetricKeyType === 'ec') {
    const curve = keyObject.asymmetricKeyDetails?.namedCurve;
    const namedCurve = curve === 'secp384r1' ? 'P-384' : curve === 'secp521r1' ? 'P-521' : 'P-256';
    const key = await subtle.importKey('pkcs8', der, { name: 'ECDSA', namedCurve }, false, ['sign']);
    return { key, algorithm: { name: 'ECDSA', hash: namedCurve === 'P-256' ? 'SHA-256' : 'SHA-384' } };
  }
  throw new Error(`unsupported CA key type ${keyObject.asymmetricKeyType}`);
}

/** Positive 16-byte serial, hex. */
export function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

export async function createSelfSignedCa(input: {
  commonName: string;
  organization: string;
  notBefore: Date;
  notAfter: Date;
}): Promise<{ certificate: x509.X509Certificate; keys: WebKeyPair }> {
  const keys = await generateSignerKeys();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: [input.commonName] }, { O: [input.organization] }, { C: ['IT'] }],
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    keys,
    signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, keys };
}

/**
 * A signer's certificate: CN "name surname", serialNumber "TINIT-<fiscal code>" (ETSI EN 319 412-1, the
 * Italian practice), key usage non-repudiation + digital signature.
 */
export async function issueSignerCertificate(input: {
  ca: { certificate: x509.X509Certificate; signingKey: CryptoKey; algorithm: Algorithm };
  publicKey: CryptoKey;
  name: string;
  surname: string;
  fiscalCode: string;
  notBefore: Date;
  notAfter: Date;
}): Promise<x509.X509Certificate> {
  return x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: [
      { CN: [`${input.name} ${input.surname}`.trim()] },
      { G: [input.name] },
      { SN: [input.surname] },
      { '2.5.4.5': [`TINIT-${input.fiscalCode}`] },
      { C: ['IT'] },
    ],
    issuer: input.ca.certificate.subjectName,
    notBefore: input.notBefore,
    notAfter: input.notAfter,
    publicKey: input.publicKey,
    signingKey: input.ca.signingKey,
    signingAlgorithm: input.ca.algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      await x509.AuthorityKeyIdentifierExtension.create(input.ca.certificate),
      await x509.SubjectKeyIdentifierExtension.create(input.publicKey),
    ],
  });
}

export { x509 };
