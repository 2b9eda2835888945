import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { type CmsSigner, createDetachedCms } from './cms';

/** Room for the CMS in /Contents: two certificates and an ECDSA or RSA-2048 signature fit well inside. */
const SIGNATURE_LENGTH = 8192;

class CadesSigner extends Signer {
  constructor(private readonly signer: CmsSigner) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Buffer.from(createDetachedCms(new Uint8Array(pdfBuffer), this.signer));
  }
}

export interface SignatureDetails {
  /** The signer's name as shown by PDF readers (/Name). */
  signerName: string;
  reason: string;
  location: string;
  signingTime: Date;
}

/**
 * A PAdES signature (invisible, on the first page) over the whole document: pdf-lib adds the signature
 * field and the /ByteRange placeholder, @signpdf fills /Contents with our detached CMS.
 */
export async function signPdf(
  pdf: Uint8Array,
  signer: CmsSigner,
  details: SignatureDetails,
): Promise<Uint8Array> {
  const pdfDoc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc,
    reason: details.reason,
    contactInfo: '',
    name: details.signerName,
    location: details.location,
    signingTime: details.signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'MeView',
  });
  // signpdf finds the placeholder by text: object streams would hide it.
  const withPlaceholder = await pdfDoc.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(
    Buffer.from(withPlaceholder),
    new CadesSigner(signer),
    details.signingTime,
  );
  return new Uint8Array(signed);
}
