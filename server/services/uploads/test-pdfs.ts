/** PDFs for the upload tests: real documents from pdf-lib, one of an exact size. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makePdf(text = 'Referto esterno', pages = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 0; page < pages; page++)
    document.addPage([595, 842]).drawText(`${text} ${page + 1}`, { x: 50, y: 780, size: 14, font });
  return document.save({ useObjectStreams: false });
}

async function withPadding(padding: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([595, 842]);
  // An unreferenced stream object of incompressible bytes: the file grows by its length, still valid.
  const filler = new Uint8Array(padding).map((_, index) => (index * 7919) % 251);
  document.context.register(document.context.stream(filler));
  return document.save({ useObjectStreams: false });
}

/** A valid PDF of exactly `size` bytes. */
export async function pdfOfSize(size: number): Promise<Uint8Array> {
  let padding = Math.max(0, size - 1000);
  for (let attempt = 0; attempt < 6; attempt++) {
    const bytes = await withPadding(padding);
    if (bytes.length === size) return bytes;
    padding += size - bytes.length;
  }
  throw new Error(`no PDF of ${size} bytes`);
}
