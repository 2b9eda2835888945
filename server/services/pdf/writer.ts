import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { page, textWidth, wrapText } from './layout';
import { toWinAnsi } from './win-ansi';

/** The colour of secondary lines (dates, signature notes) and of the hospital's heading. */
export const grey = rgb(0.35, 0.35, 0.35);
export const accent = rgb(0.05, 0.3, 0.55);

/** A day as the signed papers show it: 23/11/2026, in Rome. */
export const romeDate = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const left = page.margin;
const bottom = 80;

/** Writes lines top-down, adding pages as needed. */
export class Writer {
  private target: PDFPage;
  private y: number;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.target = pdf.addPage([page.width, page.height]);
    this.y = page.height - page.margin;
  }

  line(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    // About 5 pt per character at 10 pt, as the clinical documents' layout assumes.
    for (const text_ of wrapText(text, Math.floor((textWidth * 10) / (5 * size)))) {
      if (this.y - size * 1.5 < bottom) this.newPage();
      this.y -= size * 1.45;
      this.target.drawText(toWinAnsi(text_), {
        x: left,
        y: this.y,
        size,
        font,
        color: options.color ?? rgb(0, 0, 0),
      });
    }
  }

  gap(points = 8): void {
    this.y -= points;
  }

  rule(): void {
    this.gap(4);
    this.target.drawLine({
      start: { x: left, y: this.y },
      end: { x: page.width - left, y: this.y },
      thickness: 0.5,
      color: grey,
    });
    this.gap(4);
  }

  /** Keeps the signature box whole on one page. */
  reserve(points: number): void {
    if (this.y - points < bottom) this.newPage();
  }

  private newPage(): void {
    this.target = this.pdf.addPage([page.width, page.height]);
    this.y = page.height - page.margin;
  }
}
