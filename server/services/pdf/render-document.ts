import { PDFDocument, type PDFPage, StandardFonts } from 'pdf-lib';
import type { PatientHeader } from '../patients';
import type { DocumentContent } from './content';
import { draw, drawPages, type Fonts, type PageFrame } from './draw';
import { layoutDocument, page } from './layout';
import { toWinAnsi } from './win-ansi';
import { grey } from './writer';

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

export function birthDateOf(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

function drawSignature(target: PDFPage, top: number, fonts: Fonts, authorName: string): void {
  draw(target, 'Il medico', { x: page.width - left - 200, y: top - 20, size: 10, font: fonts.regular });
  draw(target, authorName, {
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
}

/** The clinical document's frame: its unit, the patient, its title and version, its number and pages. */
function frameOf(input: PdfDocumentInput): PageFrame {
  const { patient } = input;
  return {
    hospital: input.unit.hospital,
    subheading: `U.O. ${input.unit.name}`,
    patientLine: `Paziente: ${patient.surname.toUpperCase()} ${patient.name}`,
    detailsLine: `Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${birthDateOf(patient.birthDate)}`,
    title: input.title,
    subtitle: `${input.typeDesc} - ${romeDateTime.format(input.createdAt)} - versione ${input.version}`,
    footer: (index, total) => ({
      left: `Documento n. ${input.id} del ${romeDate.format(input.createdAt)}`,
      right: `Pagina ${index + 1} di ${total}`,
    }),
    signature: (target, top, fonts) => drawSignature(target, top, fonts, input.authorName),
  };
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
  drawPages(pdf, layoutDocument(input.content), frameOf(input), fonts);
  return pdf.save();
}
