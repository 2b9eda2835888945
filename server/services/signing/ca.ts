import { readFileSync } from 'node:fs';
import { asc } from 'drizzle-orm';
import { keyEncryptionKey, openPrivateKey, sealPrivateKey } from '../../auth/secret';
import type { Database } from '../../db/client';
import { certificateAuthorities } from '../../db/schema';
import type { Logger } from '../../logger';
import { createSelfSignedCa, exportPkcs8, importSigningKey, x509 } from './x509';

export interface CertificateAuthority {
  certificate: x509.X509Certificate;
  signingKey: CryptoKey;
  algorithm: Algorithm;
  /** 'env' when the hospital supplied its own CA, 'database' for the portal's demo CA. */
  source: 'env' | 'database';
}

const CA_LABEL = 'certificate-authority';
const CA_VALIDITY_YEARS = 10;
export const DEMO_CA_NAME = 'MeView Demo Certification Authority';

// One CA per database handle (tests open several); the promise is shared by concurrent first uses.
const cache = new WeakMap<Database, Promise<CertificateAuthority>>();

/**
 * The CA that issues signers' certificates: the hospital's own when SIGNING_CA_CERT_FILE and
 * SIGNING_CA_KEY_FILE (PEM certificate, unencrypted PKCS#8 PEM key) are set; otherwise the portal's demo
 * CA, created on first use when the table is empty.
 */
export function certificateAuthority(
  db: Database,
  options: { logger?: Logger; env?: NodeJS.ProcessEnv } = {},
): Promise<CertificateAuthority> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadAuthority(db, options.logger, options.env ?? process.env);
    cache.set(db, pending);
    pending.catch(() => cache.delete(db));
  }
  return pending;
}

async function loadAuthority(
  db: Database,
  logger: Logger | undefined,
  env: NodeJS.ProcessEnv,
): Promise<CertificateAuthority> {
  if (env.SIGNING_CA_CERT_FILE || env.SIGNING_CA_KEY_FILE) return loadFromFiles(env, logger);
  const [stored] = await db
    .select()
    .from(certificateAuthorities)
    .orderBy(asc(certificateAuthorities.id))
    .limit(1);
  const row = stored ?? (await createDemoAuthority(db, logger, env));
  const pkcs8 = openPrivateKey(row.encryptedPrivateKey, keyEncryptionKey(logger, env), CA_LABEL);
  const { key, algorithm } = await importSigningKey(pkcs8);
  return {
    certificate: new x509.X509Certificate(row.certificatePem),
    signingKey: key,
    algorithm,
    source: 'database',
  };
}

async function loadFromFiles(
  env: NodeJS.ProcessEnv,
  logger: Logger | undefined,
): Promise<CertificateAuthority> {
  if (!env.SIGNING_CA_CERT_FILE || !env.SIGNING_CA_KEY_FILE)
    throw new Error('SIGNING_CA_CERT_FILE and SIGNING_CA_KEY_FILE must be set together');
  const certificate = new x509.X509Certificate(readFileSync(env.SIGNING_CA_CERT_FILE, 'utf8'));
  const pem = readFileSync(env.SIGNING_CA_KEY_FILE, 'utf8');
  if (!pem.includes('BEGIN PRIVATE KEY'))
    throw new Error('SIGNING_CA_KEY_FILE must be an unencrypted PKCS#8 PEM key');
  const { key, algorithm } = await importSigningKey(new Uint8Array(x509.PemConverter.decodeFirst(pem)));
  logger?.info('signing CA loaded from files', { subject: certificate.subject });
  return { certificate, signingKey: key, algorithm, source: 'env' };
}

async function createDemoAuthority(
  db: Database,
  logger: Logger | undefined,
  env: NodeJS.ProcessEnv,
): Promise<typeof certificateAuthorities.$inferSelect> {
  const notBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_VALIDITY_YEARS);
  const { certificate, keys } = await createSelfSignedCa({
    commonName: DEMO_CA_NAME,
    organization: 'MeView demo',
    notBefore,
    notAfter,
  });
  const sealed = sealPrivateKey(await exportPkcs8(keys.privateKey), keyEncryptionKey(logger, env), CA_LABEL);
  await db.insert(certificateAuthorities).values({
    subject: certificate.subject,
    certificatePem: certificate.toString('pem'),
    encryptedPrivateKey: sealed,
  });
  // Another process may have created one at the same moment: everyone uses the first row.
  const [first] = await db
    .select()
    .from(certificateAuthorities)
    .orderBy(asc(certificateAuthorities.id))
    .limit(1);
  if (!first) throw new Error('certificate authority not stored');
  logger?.info('demo signing CA created', { subject: first.subject });
  return first;
}
