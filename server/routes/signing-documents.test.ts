import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReply, SignSyncReply, TempDocumentSubmitReply } from '../../src/contract';
import { createTestContext, databaseTargets, type TestContext } from '../../tests/support/test-app';
import { DOSSIER_CONSENT_CODE } from '../constants';
import { auditLog, certificateAuthorities, consents, tempDocuments } from '../db/schema';
import { DEMO_SIGNING_PIN } from '../db/seed/signing';
import { prepareCeremony } from '../services/signing/ceremony';
import { json, lastCode, prepare, userNamed } from '../test/fixtures/signing';
import { pdfsig } from '../test/pdfsig';

/** The CMS of a signed PDF and the bytes it covers (its /ByteRange). */
function splitSignature(pdf: Uint8Array): { cms: Buffer; content: Buffer } {
  const bytes = Buffer.from(pdf);
  const match = bytes.toString('latin1').match(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/);
  const [a, b, c, d] = (match?.slice(1) ?? []).map(Number) as [number, number, number, number];
  const padded = Buffer.from(
    bytes
      .subarray(a + b, c)
      .toString('latin1')
      .replace(/[<>\s]/g, ''),
    'hex',
  );
  // The placeholder is zero-padded: the DER length of the outer SEQUENCE says where the CMS ends.
  const first = padded[1] ?? 0;
  const octets = first & 0x80 ? first & 0x7f : 0;
  const length = octets ? padded.subarray(2, 2 + octets).readUIntBE(0, octets) : first;
  return {
    cms: padded.subarray(0, 2 + octets + length),
    content: Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]),
  };
}

describe.each(databaseTargets)('signed and temp documents on $name', ({ location }) => {
  let ctx: TestContext;
  let signedId: number;
  let tempId: number;
  const error = async (response: Response): Promise<ErrorReply> => v.parse(ErrorReply, await response.json());

  beforeAll(async () => {
    ctx = await createTestContext(location);
    const { documentIds, user } = await prepare(ctx, 'mario.rossi');
    tempId = documentIds[0] ?? 0;
    expect(
      (await ctx.call('/api/sign/otp', 'mario.rossi', json('POST', { documentIds, pin: DEMO_SIGNING_PIN })))
        .status,
    ).toBe(200);
    const body = { documentIds, pin: DEMO_SIGNING_PIN, otp: await lastCode(ctx, user) };
    const reply = v.parse(
      SignSyncReply,
      await (await ctx.call('/api/sign/sync', 'mario.rossi', json('PUT', body))).json(),
    );
    signedId = reply.signedDocumentIds[0] ?? 0;
  });
  afterAll(() => ctx.close());

  it('carries a PAdES signature that pdfsig reports valid, by the signer, over the whole document', async () => {
    const response = await ctx.call(`/api/signedDocuments/${signedId}`, 'mario.rossi');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const pdf = new Uint8Array(await response.arrayBuffer());
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Mario Rossi');
    const mario = await userNamed(ctx, 'mario.rossi');
    expect(report).toContain(`serialNumber=TINIT-${mario.fiscalCode}`);
    // A private CA: pdfsig cannot trust it, which is the only reservation it has.
    expect(report).toMatch(
      /Certificate Validation: (Certificate issuer isn't Trusted|Certificate is Trusted)\./,
    );

    // One letter of the signature's /Reason changed (inside the signed range): the digest no longer matches.
    const text = Buffer.from(pdf).toString('latin1');
    const at = text.indexOf('Firma elettronica');
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(pdf);
    tampered[at] = 'K'.charCodeAt(0);
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');

    // With the portal's CA as trust anchor the whole chain verifies (OpenSSL, as pdfsig has no NSS db here).
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-'));
    try {
      const { cms, content } = splitSignature(pdf);
      const [ca] = await ctx.db.select().from(certificateAuthorities);
      writeFileSync(path.join(dir, 'sig.der'), cms);
      writeFileSync(path.join(dir, 'content.bin'), content);
      writeFileSync(path.join(dir, 'ca.pem'), ca?.certificatePem ?? '');
      const verified = execFileSync(
        'openssl',
        [
          'cms',
          '-verify',
          '-inform',
          'DER',
          '-binary',
          '-purpose',
          'any',
          '-in',
          'sig.der',
          '-content',
          'content.bin',
          '-CAfile',
          'ca.pem',
          '-out',
          '/dev/null',
        ],
        { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(verified).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the signed PDF to the signer, the patient and staff with dossier access, audited', async () => {
    expect((await ctx.call(`/api/signedDocuments/${signedId}`, 'dott.ferrari')).status).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.detail, `signed document ${signedId}`), eq(auditLog.outcome, 'ALLOWED')));
    expect(audit?.activity).toBe('DOCUMENT_DOWNLOAD');
    const other = await ctx.call(`/api/signedDocuments/${signedId}`, 'giulia.bianchi');
    expect(other.status).toBe(403);
    expect((await error(other)).code).toBe('ACCESS_DENIED');
    const mario = await userNamed(ctx, 'mario.rossi');
    await ctx.db
      .update(consents)
      .set({ statusCode: 'REVOKED' })
      .where(
        and(eq(consents.patientId, mario.patientId ?? 0), eq(consents.consentCode, DOSSIER_CONSENT_CODE)),
      );
    const withoutConsent = await ctx.call(`/api/signedDocuments/${signedId}`, 'dott.ferrari');
    expect((await error(withoutConsent)).code).toBe('DOSSIER_NOT_AUTHORIZED');
    await ctx.db
      .update(consents)
      .set({ statusCode: 'GIVEN' })
      .where(
        and(eq(consents.patientId, mario.patientId ?? 0), eq(consents.consentCode, DOSSIER_CONSENT_CODE)),
      );
    expect((await ctx.call('/api/signedDocuments/99999999', 'mario.rossi')).status).toBe(404);
    expect((await ctx.call('/api/signedDocuments/abc', 'mario.rossi')).status).toBe(400);
  });

  it('shows a document to sign only to its signer', async () => {
    const own = await ctx.call(`/api/tempDocuments/${tempId}`, 'mario.rossi');
    expect(own.status).toBe(200);
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    for (const username of ['giulia.bianchi', 'dott.ferrari']) {
      const response = await ctx.call(`/api/tempDocuments/${tempId}`, username);
      expect(response.status).toBe(404);
      expect((await error(response)).code).toBe('NOT_FOUND');
    }
  });

  it('test-signs a prepared document without storing anything, and reports one that cannot be signed', async () => {
    const { documentIds } = await prepare(ctx, 'giulia.bianchi');
    const ok = await ctx.call(`/api/tempDocuments/submit?documentId=${documentIds[0]}`, 'giulia.bianchi');
    expect(ok.status).toBe(200);
    const reply = v.parse(TempDocumentSubmitReply, await ok.json());
    expect(reply.signedBytes).toBeGreaterThan(8192);
    // Someone else's, or an already signed ceremony's, document is not a context to test.
    for (const [id, username] of [
      [documentIds[0], 'mario.rossi'],
      [tempId, 'mario.rossi'],
    ] as const) {
      const response = await ctx.call(`/api/tempDocuments/submit?documentId=${id}`, username);
      expect((await error(response)).code).toBe('SIGN_CONTEXT_INVALID');
    }
    const missing = await ctx.call('/api/tempDocuments/submit', 'giulia.bianchi');
    expect(missing.status).toBe(400);

    const giulia = await userNamed(ctx, 'giulia.bianchi');
    const broken = await prepareCeremony(ctx.db, {
      user: giulia,
      patientId: giulia.patientId,
      kind: 'informed-consent',
      effect: {},
      documents: [{ title: 'Rotto', pdf: new TextEncoder().encode('not a pdf at all') }],
    });
    const response = await ctx.call(
      `/api/tempDocuments/submit?documentId=${broken.documentIds[0]}`,
      'giulia.bianchi',
    );
    expect(response.status).toBe(400);
    expect(await error(response)).toMatchObject({
      code: 'INFORMED_CONSENT_CHECK_ERROR',
      message: 'Errore durante la verifica del consenso informato',
    });
    const [stillThere] = await ctx.db
      .select()
      .from(tempDocuments)
      .where(eq(tempDocuments.id, broken.documentIds[0] ?? 0));
    expect(stillThere).toBeDefined();
  });
});
