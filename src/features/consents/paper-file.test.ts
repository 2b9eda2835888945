import { describe, expect, it } from 'vitest';
import { checkPaperFile, MAX_UPLOAD_BYTES } from './paper-file';

const file = (name: string, type: string, size: number): File =>
  new File([new Uint8Array(size)], name, { type });

describe('checkPaperFile', () => {
  it('accepts a PDF up to 2 MB', () => {
    expect(checkPaperFile(file('scan.pdf', 'application/pdf', MAX_UPLOAD_BYTES))).toBeNull();
  });

  it("refuses another format with 'Formato documento errato'", () => {
    expect(checkPaperFile(file('scan.png', 'image/png', 10))?.message).toMatch(/^Formato documento errato/);
  });

  it("refuses a PDF over 2 MB with 'File troppo pesante'", () => {
    expect(checkPaperFile(file('scan.pdf', 'application/pdf', MAX_UPLOAD_BYTES + 1))?.message).toBe(
      'File troppo pesante',
    );
  });
});
