import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { UploadFailure } from '../../api/request';
import { checkUploadFile, titleFromFileName } from './file-check';
import { imagesToPdf } from './scan-to-pdf';
import { problemsOf } from './upload-problems';

// A 1×1 grey JPEG (baseline, one component).
const ONE_PIXEL_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  ),
  (char) => char.charCodeAt(0),
);

const blob = (bytes: Uint8Array | string, size?: number): Blob => {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  if (size === undefined) return new Blob([new Uint8Array(data)]);
  const padded = new Uint8Array(size);
  padded.set(data.subarray(0, size));
  return new Blob([padded]);
};

describe('device checks of an upload', () => {
  it('judges the bytes, not the name, and the 2 MB limit to the byte', async () => {
    expect(await checkUploadFile(blob('%PDF-1.7 rest'))).toBeNull();
    expect((await checkUploadFile(blob('GIF89a....')))?.message).toBe(
      "Il formato del documento dev'essere .pdf",
    );
    expect((await checkUploadFile(blob('')))?.message).toBe('Formato documento errato');
    expect(await checkUploadFile(blob('%PDF-', 2 * 1024 * 1024))).toBeNull();
    expect((await checkUploadFile(blob('%PDF-', 2 * 1024 * 1024 + 1)))?.message).toBe('File troppo pesante');
  });

  it("shows the server's refusal of a PDF with active content on the file", () => {
    const shown = problemsOf(
      new UploadFailure({
        status: 400,
        code: 'UPLOAD_ACTIVE_CONTENT',
        message: 'Il documento contiene script, comandi o allegati e non può essere caricato',
        fields: [{ field: 'file', code: 'invalid' }],
      }),
    );
    expect(shown.file?.message).toBe(
      'Il documento contiene script, comandi o allegati e non può essere caricato',
    );
    expect(shown.general).toBeNull();
  });

  it('suggests a plain title from the file name', () => {
    expect(titleFromFileName('../../referto_cardio.2025.pdf')).toBe('referto cardio 2025');
    expect(titleFromFileName('C:\\Users\\me\\Esame <sangue>.PDF')).toBe('Esame sangue');
    expect(titleFromFileName('.pdf')).toBe('');
  });
});

describe('camera scan to PDF', () => {
  it('puts each photo on its own A4 page, landscape photos on landscape pages', async () => {
    const bytes = await imagesToPdf([
      { jpeg: ONE_PIXEL_JPEG, width: 1000, height: 1400 },
      { jpeg: ONE_PIXEL_JPEG, width: 1400, height: 1000 },
    ]);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const document = await PDFDocument.load(bytes);
    const [portrait, landscape] = document.getPages();
    expect(document.getPageCount()).toBe(2);
    expect(portrait?.getHeight()).toBeGreaterThan(portrait?.getWidth() ?? 0);
    expect(landscape?.getWidth()).toBeGreaterThan(landscape?.getHeight() ?? 0);
  });
});
