import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { PatientHeader } from '../patients';
import type { DocumentContent } from './content';
import { bodyTop, type LayoutLine, layoutDocument, lineHeight, page, textWidth } from './layout';
import { toWinAnsi } from './win-ansi';

export interface PdfDocumentInput {
  id: number;
  version: number;
  title: string;
  typeDesc: string;
  createdAt: Date;
  authorName: string;
  unit: { name: string; hospital: string };
  patient: PatientHeader;
  content: DocumentContent;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

const grey = rgb(0.35, 0.35, 0.35);
const accent = rgb(0.05, 0.3, 0.55);
const left = page.margin;

// Documents are Italian hospital records: dates are shown as in Rome, whatever the server's zone.
const romeDate = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const romeDateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function birthDateOf(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** Draws one line of text, shrinking it when the character-count layout underestimated its width. */
function draw(
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

function drawHeader(target: PDFPage, input: PdfDocumentInput, fonts: Fonts): void {
  const top = page.height - page.margin;
  draw(target, input.unit.hospital, { x: left, y: top - 8, size: 14, font: fonts.bold, color: accent });
  draw(target, `U.O. ${input.unit.name}`, { x: left, y: top - 24, size: 11, font: fonts.regular });
  target.drawLine({
    start: { x: left, y: top - 32 },
    end: { x: page.width - left, y: top - 32 },
    thickness: 1,
    color: accent,
  });
  const { patient } = input;
  draw(target, `Paziente: ${patient.surname.toUpperCase()} ${patient.name}`, {
    x: left,
    y: top - 46,
    size: 9,
    font: fonts.bold,
  });
  draw(target, `Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${birthDateOf(patient.birthDate)}`, {
    x: left,
    y: top - 60,
    size: 9,
    font: fonts.regular,
  });
  target.drawLine({
    start: { x: left, y: top - 68 },
    end: { x: page.width - left, y: top - 68 },
    thickness: 0.5,
    color: grey,
  });
}

function drawTitle(target: PDFPage, input: PdfDocumentInput, fonts: Fonts): void {
  draw(target, input.title, {
    x: left,
    y: bodyTop.first + 40,
    size: 15,
    font: fonts.bold,
    maxWidth: textWidth,
  });
  const subtitle = `${input.typeDesc} - ${romeDateTime.format(input.createdAt)} - versione ${input.version}`;
  draw(target, subtitle, { x: left, y: bodyTop.first + 22, size: 10, font: fonts.regular, color: grey });
}

function drawFooter(
  target: PDFPage,
  input: PdfDocumentInput,
  fonts: Fonts,
  index: number,
  total: number,
): void {
  target.drawLine({
    start: { x: left, y: 55 },
    end: { x: page.width - left, y: 55 },
    thickness: 0.5,
    color: grey,
  });
  draw(target, `Documento n. ${input.id} del ${romeDate.format(input.createdAt)}`, {
    x: left,
    y: 40,
    size: 8,
    font: fonts.regular,
    color: grey,
  });
  const label = `Pagina ${index + 1} di ${total}`;
  const width = fonts.regular.widthOfTextAtSize(label, 8);
  draw(target, label, { x: page.width - left - width, y: 40, size: 8, font: fonts.regular, color: grey });
}

function drawCells(target: PDFPage, cells: string[], widths: number[], y: number, font: PDFFont): void {
  let x = left;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    draw(target, cell, { x: x + 3, y, size: 9, font, maxWidth: width - 6 });
    x += width;
  });
}

/** Draws one body line with its top at `top`; returns the top of the next line. */
function drawLine(
  target: PDFPage,
  line: LayoutLine,
  top: number,
  input: PdfDocumentInput,
  fonts: Fonts,
): number {
  const baseline = top - lineHeight[line.kind] + 5;
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
      drawCells(target, line.cells, line.widths, baseline, fonts.bold);
      break;
    case 'tableRow':
      drawCells(target, line.cells, line.widths, baseline, line.flagged ? fonts.bold : fonts.regular);
      target.drawLine({
        start: { x: left, y: top - lineHeight.tableRow },
        end: { x: page.width - left, y: top - lineHeight.tableRow },
        thickness: 0.25,
        color: grey,
      });
      break;
    case 'signature':
      draw(target, 'Il medico', { x: page.width - left - 200, y: top - 20, size: 10, font: fonts.regular });
      draw(target, input.authorName, {
        x: page.width - left - 200,
        y: top - 34,
        size: 10,
        font: fonts.bold,
        maxWidth: 200,
      });
      target.drawLine({
        start: { x: page.width - left - 200, y: top - 58 },
        end: { x: page.width - left, y: top - 58 },
        thickness: 0.5,
      });
      draw(target, 'Documento firmato digitalmente', {
        x: page.width - left - 200,
        y: top - 68,
        size: 7,
        font: fonts.regular,
        color: grey,
      });
      break;
    case 'gap':
      break;
  }
  return top - lineHeight[line.kind];
}

/**
 * A multi-page A4 PDF of the document. Deterministic: metadata dates come from the document and pdf-lib
 * writes no random identifiers, so the same document always gives the same bytes (cacheable, testable).
 */
export async function renderDocumentPdf(input: PdfDocumentInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(toWinAnsi(input.title));
  pdf.setAuthor(toWinAnsi(input.authorName));
  pdf.setSubject(toWinAnsi(input.typeDesc));
  pdf.setCreator(toWinAnsi(input.unit.hospital));
  pdf.setProducer('patient-dossier-portal');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const pages = layoutDocument(input.content);
  pages.forEach((lines, index) => {
    const target = pdf.addPage([page.width, page.height]);
    drawHeader(target, input, fonts);
    if (index === 0) drawTitle(target, input, fonts);
    let top: number = index === 0 ? bodyTop.first : bodyTop.other;
    for (const line of lines) top = drawLine(target, line, top, input, fonts);
    drawFooter(target, input, fonts, index, pages.length);
  });
  return pdf.save();
}
