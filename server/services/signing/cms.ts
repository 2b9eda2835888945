import { createHash, type KeyObject, sign } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';

/**
 * A detached CMS SignedData for PAdES baseline B (ETSI EN 319 142-1, SubFilter ETSI.CAdES.detached):
 * signed attributes content-type, message-digest and signing-certificate-v2 (ESS); no signing-time
 * attribute, since PAdES puts the time in the signature dictionary's /M. Encoded by hand: the structure is
 * small and every byte is under our control (DER, sorted SET OF).
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

function lengthBytes(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

export function tlv(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const content = Buffer.concat(parts);
  return new Uint8Array(Buffer.concat([Buffer.from([tag, ...lengthBytes(content.length)]), content]));
}

const sequence = (...parts: Uint8Array[]): Uint8Array => tlv(0x30, ...parts);
const octetString = (bytes: Uint8Array): Uint8Array => tlv(0x04, bytes);
const integer = (value: number): Uint8Array => tlv(0x02, Uint8Array.of(value));

function oid(dotted: string): Uint8Array {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128))
      chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(bytes));
}

/** DER SET OF: elements sorted as octet strings. */
function setOf(elements: Uint8Array[], tag = 0x31): Uint8Array {
  const sorted = [...elements].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return tlv(tag, ...sorted);
}

const attribute = (type: string, value: Uint8Array): Uint8Array => sequence(oid(type), tlv(0x31, value));

export interface CmsSigner {
  /** DER of the signer's certificate. */
  certificate: Uint8Array;
  /** DER of the rest of the chain (the CA), carried so validators can build the path. */
  chain: readonly Uint8Array[];
  privateKey: KeyObject;
}

/** The CMS (DER) to embed in the PDF's /Contents for the bytes covered by /ByteRange. */
export function createDetachedCms(content: Uint8Array, signer: CmsSigner): Uint8Array {
  const certificate = AsnConvert.parse(Buffer.from(signer.certificate), Certificate);
  const issuer = new Uint8Array(AsnConvert.serialize(certificate.tbsCertificate.issuer));
  const serial = tlv(0x02, new Uint8Array(certificate.tbsCertificate.serialNumber));
  const digestAlgorithm = sequence(oid(OID.sha256));
  const certificateHash = createHash('sha256').update(signer.certificate).digest();
  const essCertIdV2 = sequence(octetString(certificateHash), sequence(sequence(tlv(0xa4, issuer)), serial));
  const signedAttributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octetString(createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, sequence(sequence(essCertIdV2))),
  ];
  // The signature covers the attributes encoded as a SET; the SignerInfo carries them as [0] IMPLICIT.
  const signedSet = setOf(signedAttributes);
  const signature = sign('sha256', signedSet, signer.privateKey);
  const isRsa = signer.privateKey.asymmetricKeyType === 'rsa';
  const signatureAlgorithm = isRsa
    ? sequence(oid(OID.sha256WithRsa), tlv(0x05))
    : sequence(oid(OID.ecdsaWithSha256));
  const signerInfo = sequence(
    integer(1),
    sequence(issuer, serial),
    digestAlgorithm,
    setOf(signedAttributes, 0xa0),
    signatureAlgorithm,
    octetString(signature),
  );
  const signedData = sequence(
    integer(1),
    tlv(0x31, digestAlgorithm),
    sequence(oid(OID.data)),
    setOf([signer.certificate, ...signer.chain], 0xa0),
    tlv(0x31, signerInfo),
  );
  return sequence(oid(OID.signedData), tlv(0xa0, signedData));
}
