import { execFileSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { keyEncryptionKey, openPrivateKey, sealPrivateKey } from '../../auth/secret';
import type { Database } from '../../db/client';
import { DEMO_SIGNING_PIN, DEMO_SIGNING_PIN_HASH } from '../../db/seed/signing';
import { verifyPassword } from '../password';
import { certificateAuthority } from './ca';
import { signPdf } from './pades';
import { exportPkcs8, generateSignerKeys, issueSignerCertificate, x509 } from './x509';

const dir = mkdtempSync(path.join(tmpdir(), 'signing-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the demo PIN', () => {
  it('matches its precomputed hash', async () => {
    expect(await verifyPassword(DEMO_SIGNING_PIN, DEMO_SIGNING_PIN_HASH)).toBe(true);
    expect(await verifyPassword('654321', DEMO_SIGNING_PIN_HASH)).toBe(false);
  });
});

describe('sealed private keys', () => {
  it('open only with the same secret and label, and never contain the key in clear', () => {
    const key = keyEncryptionKey(undefined, { SIGNING_SECRET: 'hospital secret' });
    const plain = randomBytes(64);
    const sealed = sealPrivateKey(plain, key, 'signing-credential:1');
    expect(Buffer.from(sealed).includes(plain.subarray(0, 16))).toBe(false);
    expect(openPrivateKey(sealed, key, 'signing-credential:1')).toEqual(plain);
    expect(() => openPrivateKey(sealed, key, 'signing-credential:2')).toThrow();
    const other = keyEncryptionKey(undefined, { SIGNING_SECRET: 'another secret' });
    expect(() => openPrivateKey(sealed, other, 'signing-credential:1')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(() => openPrivateKey(tampered, key, 'signing-credential:1')).toThrow();
  });
});

describe("a hospital's own CA from files", () => {
  it('issues certificates with an RSA CA whose PDF signatures pdfsig validates', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const caKeys = {
      privateKey: await crypto.subtle.importKey(
        'pkcs8',
        privateKey.export({ format: 'der', type: 'pkcs8' }),
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['sign'],
      ),
      publicKey: await crypto.subtle.importKey(
        'spki',
        publicKey.export({ format: 'der', type: 'spki' }),
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        true,
        ['verify'],
      ),
    };
    const caCertificate = await x509.X509CertificateGenerator.createSelfSigned({
      name: 'CN=Ospedale Test CA, O=Ospedale Test, C=IT',
      keys: caKeys,
      signingAlgorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      notBefore: new Date(Date.now() - 86400_000),
      notAfter: new Date(Date.now() + 86400_000 * 365),
      extensions: [new x509.BasicConstraintsExtension(true, 0, true)],
    });
    const env = {
      SIGNING_CA_CERT_FILE: path.join(dir, 'ca.pem'),
      SIGNING_CA_KEY_FILE: path.join(dir, 'ca.key'),
    };
    writeFileSync(env.SIGNING_CA_CERT_FILE, caCertificate.toString('pem'));
    writeFileSync(env.SIGNING_CA_KEY_FILE, privateKey.export({ format: 'pem', type: 'pkcs8' }));
    // Files take precedence: the database is never asked.
    const ca = await certificateAuthority({} as Database, { env });
    expect(ca.source).toBe('env');
    expect(ca.certificate.subject).toBe('CN=Ospedale Test CA, O=Ospedale Test, C=IT');

    const keys = await generateSignerKeys();
    const certificate = await issueSignerCertificate({
      ca,
      publicKey: keys.publicKey,
      name: 'Anna',
      surname: 'Ferrari',
      fiscalCode: 'FRRNNA80A41H501X',
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86400_000),
    });
    expect(await certificate.verify({ publicKey: caCertificate.publicKey })).toBe(true);
    expect(certificate.issuer).toBe(caCertificate.subject);

    const document = await PDFDocument.create();
    document.addPage();
    const signed = await signPdf(
      await document.save(),
      {
        certificate: new Uint8Array(certificate.rawData),
        chain: [new Uint8Array(caCertificate.rawData)],
        privateKey: createPrivateKey({
          key: Buffer.from(await exportPkcs8(keys.privateKey)),
          format: 'der',
          type: 'pkcs8',
        }),
      },
      { signerName: 'Anna Ferrari', reason: 'Test', location: 'Roma', signingTime: new Date() },
    );
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, signed);
    const report = execFileSync('/usr/bin/pdfsig', [file], { encoding: 'utf8' });
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signer Certificate Common Name: Anna Ferrari');
  });

  it('refuses half a configuration', async () => {
    await expect(
      certificateAuthority({} as Database, { env: { SIGNING_CA_CERT_FILE: path.join(dir, 'ca.pem') } }),
    ).rejects.toThrow(/must be set together/);
  });
});
