/**
 * A camera scan made into a PDF on the device: each photo is scaled down (a phone photo is 3–5 MB) to a
 * JPEG and put on an A4 page of its own with pdf-lib, so the upload is an ordinary PDF of the 2 MB limit.
 */
import { PDFDocument } from 'pdf-lib';
import { UPLOAD_MAX_BYTES } from '../../contract/uploads';

export interface PageImage {
  jpeg: Uint8Array;
  width: number;
  height: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 18;

/** One A4 page per image, fitted inside the margins, portrait or landscape as the image. */
export async function imagesToPdf(images: readonly PageImage[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle('Scansione');
  document.setProducer('Portale del paziente');
  for (const image of images) {
    const landscape = image.width > image.height;
    const page = document.addPage(landscape ? [A4.height, A4.width] : [A4.width, A4.height]);
    const embedded = await document.embedJpg(image.jpeg);
    const scale = Math.min(
      (page.getWidth() - 2 * MARGIN) / image.width,
      (page.getHeight() - 2 * MARGIN) / image.height,
    );
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(embedded, {
      x: (page.getWidth() - width) / 2,
      y: (page.getHeight() - height) / 2,
      width,
      height,
    });
  }
  return document.save();
}

/** Long side in pixels and JPEG quality per attempt: a page of text stays legible at the first. */
const ATTEMPTS: readonly [number, number][] = [
  [1800, 0.8],
  [1400, 0.7],
  [1100, 0.6],
];

async function toJpeg(photo: Blob, longSide: number, quality: number): Promise<PageImage> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  if (!blob) throw new Error('photo not encoded');
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height };
}

/** The photos as one PDF file, made smaller until it fits the upload limit (the last try is sent anyway). */
export async function photosToPdfFile(photos: readonly Blob[]): Promise<File> {
  let bytes: Uint8Array = new Uint8Array(0);
  for (const [longSide, quality] of ATTEMPTS) {
    const pages = await Promise.all(photos.map((photo) => toJpeg(photo, longSide, quality)));
    bytes = await imagesToPdf(pages);
    if (bytes.length <= UPLOAD_MAX_BYTES) break;
  }
  return new File([new Uint8Array(bytes)], 'scansione.pdf', { type: 'application/pdf' });
}
