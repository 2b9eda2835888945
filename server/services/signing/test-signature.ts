import { createPrivateKey } from 'node:crypto';
import { and, eq, gt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signatureCeremonies, tempDocuments, type UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { CmsSigner } from './cms';
import { signPdf } from './pades';
import { createSelfSignedCa, exportPkcs8 } from './x509';

let testSigner: Promise<CmsSigner> | null = null;

/** A throwaway self-signed "test" identity of this process: a dry run never touches a signer's key. */
function throwawaySigner(): Promise<CmsSigner> {
  testSigner ??= (async () => {
    const now = Date.now();
    const { certificate, keys } = await createSelfSignedCa({
      commonName: 'MeView test signature (not valid)',
      organization: 'MeView test',
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 24 * 60 * 60 * 1000),
    });
    const pkcs8 = Buffer.from(await exportPkcs8(keys.privateKey));
    return {
      certificate: new Uint8Array(certificate.rawData),
      chain: [],
      privateKey: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }),
    };
  })();
  return testSigner;
}

/**
 * GET /tempDocuments/submit: the test signature of an informed consent. The caller's prepared document is
 * signed with a throwaway test key to prove it can be signed (a well-formed PDF with room for a PAdES
 * signature); nothing is stored and the ceremony stays open.
 */
export async function testSignature(
  db: Database,
  user: UserRow,
  documentId: number,
  now: Date = new Date(),
): Promise<{ ok: true; signedBytes: number }> {
  const [document] = await db
    .select({ pdf: tempDocuments.pdf })
    .from(tempDocuments)
    .innerJoin(signatureCeremonies, eq(signatureCeremonies.id, tempDocuments.ceremonyId))
    .where(
      and(
        eq(tempDocuments.id, documentId),
        eq(signatureCeremonies.userId, user.id),
        gt(signatureCeremonies.expiresAt, now),
        notInArray(signatureCeremonies.status, ['SIGNED', 'FAILED', 'CANCELLED', 'EXPIRED']),
      ),
    );
  if (!document) throw new HttpError(409, 'SIGN_CONTEXT_INVALID');
  try {
    const signed = await signPdf(document.pdf, await throwawaySigner(), {
      signerName: 'MeView test',
      reason: 'Test signature',
      location: 'MeView',
      signingTime: now,
    });
    return { ok: true, signedBytes: signed.byteLength };
  } catch {
    throw new HttpError(400, 'INFORMED_CONSENT_CHECK_ERROR');
  }
}
