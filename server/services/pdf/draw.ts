import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { bodyTop, cellLineHeight, heightOf, type LayoutLine, lineHeight, page, textWidth } from './layout';
import { toWinAnsi } from './win-ansi';
import { accent, grey } from './writer';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const left = page.margin;

/** Draws one line of text, shrinking it when the character-count layout underestimated its width. */
export function draw(
  target: PDFPage,
  text: string,
  options: {
    x: number;
    y: number;
    size: number;
    font: PDFFont;
    maxWidth?: number;
    color?: ReturnType<typeof rgb>;
  },
): void {
  const safe = toWinAnsi(text);
  const width = options.font.widthOfTextAtSize(safe, options.size);
  const size =
    options.maxWidth && width > options.maxWidth ? (options.size * options.maxWidth) / width : options.size;
  target.drawText(safe, {
    x: options.x,
    y: options.y,
    size,
    font: options.font,
    color: options.color ?? rgb(0, 0, 0),
  });
}

/**
 * What every page repeats and the first page adds, already in the document's language: the hospital, a
 * second line (the unit, or what the document is), the patient, the title, the footer's two ends.
 */
export interface PageFrame {
  hospital: string;
  subheading: string;
  patientLine: string;
  detailsLine: string;
  title: string;
  subtitle: string;
  footer(index: number, total: number): { left: string; right: string };
  /** The signature box a signed document ends with, drawn from the top of its layout line. */
  signature?(target: PDFPage, top: number, fonts: Fonts): void;
}

function drawHeader(target: PDFPage, frame: PageFrame, fonts: Fonts): void {
  const top = page.height - page.margin;
  draw(target, frame.hospital, { x: left, y: top - 8, size: 14, font: fonts.bold, color: accent });
  draw(target, frame.subheading, { x: left, y: top - 24, size: 11, font: fonts.regular });
  target.drawLine({
    start: { x: left, y: top - 32 },
    end: { x: page.width - left, y: top - 32 },
    thickness: 1,
    color: accent,
  });
  draw(target, frame.patientLine, { x: left, y: top - 46, size: 9, font: fonts.bold });
  draw(target, frame.detailsLine, { x: left, y: top - 60, size: 9, font: fonts.regular });
  target.drawLine({
    start: { x: left, y: top - 68 },
    end: { x: page.width - left, y: top - 68 },
    thickness: 0.5,
    color: grey,
  });
}

function drawTitle(target: PDFPage, frame: PageFrame, fonts: Fonts): void {
  draw(target, frame.title, {
    x: left,
    y: bodyTop.first + 40,
    size: 15,
    font: fonts.bold,
    maxWidth: textWidth,
  });
  draw(target, frame.subtitle, {
    x: left,
    y: bodyTop.first + 22,
    size: 10,
    font: fonts.regular,
    color: grey,
  });
}

function drawFooter(target: PDFPage, frame: PageFrame, fonts: Fonts, index: number, total: number): void {
  target.drawLine({
    start: { x: left, y: 55 },
    end: { x: page.width - left, y: 55 },
    thickness: 0.5,
    color: grey,
  });
  const footer = frame.footer(index, total);
  draw(target, footer.left, { x: left, y: 40, size: 8, font: fonts.regular, color: grey });
  const width = fonts.regular.widthOfTextAtSize(toWinAnsi(footer.right), 8);
  draw(target, footer.right, {
    x: page.width - left - width,
    y: 40,
    size: 8,
    font: fonts.regular,
    color: grey,
  });
}

function drawCells(target: PDFPage, cells: string[][], widths: number[], y: number, font: PDFFont): void {
  let x = left;
  cells.forEach((lines, index) => {
    const width = widths[index] ?? 0;
    lines.forEach((text, at) => {
      draw(target, text, { x: x + 3, y: y - at * cellLineHeight, size: 9, font, maxWidth: width - 6 });
    });
    x += width;
  });
}

/** Draws one body line with its top at `top`; returns the top of the next line. */
function drawLine(target: PDFPage, line: LayoutLine, top: number, frame: PageFrame, fonts: Fonts): number {
  // A wrapped row's first line sits where a one-line row's would.
  const baseline = top - lineHeight[line.kind] + 5;
  const height = heightOf(line);
  switch (line.kind) {
    case 'heading':
      draw(target, line.text, {
        x: left,
        y: baseline,
        size: 12,
        font: fonts.bold,
        color: accent,
        maxWidth: textWidth,
      });
      break;
    case 'text':
      draw(target, line.text, { x: left, y: baseline, size: 10, font: fonts.regular, maxWidth: textWidth });
      break;
    case 'tableHeader':
      target.drawRectangle({
        x: left,
        y: top - lineHeight.tableHeader,
        width: textWidth,
        height: lineHeight.tableHeader,
        color: rgb(0.9, 0.93, 0.96),
      });
      drawCells(
        target,
        line.cells.map((cell) => [cell]),
        line.widths,
        baseline,
        fonts.bold,
      );
      break;
    case 'tableRow':
      drawCells(target, line.cells, line.widths, baseline, line.flagged ? fonts.bold : fonts.regular);
      target.drawLine({
        start: { x: left, y: top - height },
        end: { x: page.width - left, y: top - height },
        thickness: 0.25,
        color: grey,
      });
      break;
    case 'signature':
      frame.signature?.(target, top, fonts);
      break;
    case 'gap':
      break;
  }
  return top - height;
}

/** Draws laid-out pages (layoutDocument) into `pdf`, each with the frame's header and footer. */
export function drawPages(pdf: PDFDocument, pages: LayoutLine[][], frame: PageFrame, fonts: Fonts): void {
  pages.forEach((lines, index) => {
    const target = pdf.addPage([page.width, page.height]);
    drawHeader(target, frame, fonts);
    if (index === 0) drawTitle(target, frame, fonts);
    let top: number = index === 0 ? bodyTop.first : bodyTop.other;
    for (const line of lines) top = drawLine(target, line, top, frame, fonts);
    drawFooter(target, frame, fonts, index, pages.length);
  });
}
