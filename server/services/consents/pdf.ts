import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { ConsentAction, ConsentSigner, OtherSigner } from '../../../src/contract';
import type { PatientHeader } from '../patients';
import { page, textWidth, wrapText } from '../pdf/layout';
import { toWinAnsi } from '../pdf/win-ansi';
import type { ConsentModel, Language } from './catalogue';
import { localizeSchema } from './catalogue';

export interface ConsentPdfInput {
  model: ConsentModel;
  action: ConsentAction;
  language: Language;
  patient: PatientHeader;
  project: { name: string } | null;
  jsonData: Record<string, unknown>;
  signer: ConsentSigner;
  /** Who prepared it (a physician or operator collecting the consent), when not the patient. */
  collectedBy: string | null;
  now: Date;
}

const labels = {
  it: {
    hospital: 'Gruppo Ospedaliero - Portale del paziente',
    patient: 'Paziente',
    fiscalCode: 'Codice fiscale',
    birthDate: 'Data di nascita',
    project: 'Progetto',
    answers: 'Dichiarazioni e risposte',
    give: 'Il sottoscritto ESPRIME il consenso',
    revoke: 'Il sottoscritto REVOCA il consenso',
    reject: 'Il sottoscritto RIFIUTA il consenso',
    signerSelf: 'Firma del paziente',
    signerOther: 'Firma per conto del paziente',
    second: 'Secondo firmatario',
    collectedBy: 'Raccolto da',
    date: 'Data',
    yes: 'Sì',
    no: 'No',
    footer: 'Documento da firmare con firma elettronica avanzata',
  },
  en: {
    hospital: 'Hospital group - Patient portal',
    patient: 'Patient',
    fiscalCode: 'Fiscal code',
    birthDate: 'Birth date',
    project: 'Project',
    answers: 'Declarations and answers',
    give: 'The undersigned GIVES consent',
    revoke: 'The undersigned REVOKES consent',
    reject: 'The undersigned REFUSES consent',
    signerSelf: "Patient's signature",
    signerOther: 'Signed on behalf of the patient',
    second: 'Second signer',
    collectedBy: 'Collected by',
    date: 'Date',
    yes: 'Yes',
    no: 'No',
    footer: 'Document to be signed with an advanced electronic signature',
  },
} as const;

function dateOf(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

type Schema = {
  properties?: Record<string, { title?: string; oneOf?: { const: unknown; title?: string }[] }>;
};

/** "Question: answer" lines, in the order of the model's properties, with enum titles for values. */
export function answerLines(model: ConsentModel, jsonData: Record<string, unknown>, language: Language) {
  const schema = localizeSchema(model.jsonSchema, language) as Schema;
  const text = labels[language];
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    if (!(key in jsonData)) return [];
    const value = jsonData[key];
    const choice = property.oneOf?.find((option) => option.const === value)?.title;
    const shown =
      choice ?? (value === true ? text.yes : value === false ? text.no : String(value as string | number));
    return [`${property.title ?? key}: ${shown}`];
  });
}

function signerLines(signer: OtherSigner, language: Language): string {
  const text = labels[language];
  return `${signer.surname.toUpperCase()} ${signer.name} (${signer.relationship}) - ${text.fiscalCode} ${signer.fiscalCode} - ${text.birthDate} ${dateOf(signer.birthDate)}`;
}

/** One A4 PDF per consent: header with the patient, model text, answers, the signer block and the date. */
export async function renderConsentPdf(input: ConsentPdfInput): Promise<Uint8Array> {
  const text = labels[input.language];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const title = input.model.title[input.language];
  pdf.setTitle(toWinAnsi(title));
  pdf.setProducer('patient-dossier-portal');
  pdf.setCreationDate(input.now);
  pdf.setModificationDate(input.now);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let target: PDFPage = pdf.addPage([page.width, page.height]);
  let y = page.height - page.margin;
  const write = (line: string, font: PDFFont = regular, size = 10, gap = 14): void => {
    if (y - gap < 70) {
      target = pdf.addPage([page.width, page.height]);
      y = page.height - page.margin;
    }
    const safe = toWinAnsi(line);
    const width = font.widthOfTextAtSize(safe, size);
    const fitted = width > textWidth ? (size * textWidth) / width : size;
    target.drawText(safe, { x: page.margin, y: y - size, size: fitted, font, color: rgb(0, 0, 0) });
    y -= gap;
  };
  const paragraph = (value: string): void => {
    for (const line of wrapText(value)) write(line);
    y -= 6;
  };
  const { patient } = input;
  write(text.hospital, bold, 13, 22);
  write(`${text.patient}: ${patient.surname.toUpperCase()} ${patient.name}`, bold);
  write(`${text.fiscalCode}: ${patient.fiscalCode}   ${text.birthDate}: ${dateOf(patient.birthDate)}`);
  if (input.project) write(`${text.project}: ${input.project.name}`);
  y -= 10;
  write(title, bold, 15, 24);
  for (const value of input.model.text[input.language]) paragraph(value);
  y -= 4;
  write(text[input.action], bold, 11, 18);
  if (input.action === 'give') {
    write(text.answers, bold, 11, 18);
    for (const line of answerLines(input.model, input.jsonData, input.language)) paragraph(line);
  }
  y -= 10;
  const { signer } = input;
  write(signer.type === 'self' ? text.signerSelf : text.signerOther, bold, 11, 18);
  if (signer.other) paragraph(signerLines(signer.other, input.language));
  if (signer.second) paragraph(`${text.second}: ${signerLines(signer.second, input.language)}`);
  if (input.collectedBy) write(`${text.collectedBy}: ${input.collectedBy}`);
  write(`${text.date}: ${dateOf(input.now.toISOString())}`);
  y -= 30;
  target.drawLine({
    start: { x: page.width - page.margin - 220, y },
    end: { x: page.width - page.margin, y },
    thickness: 0.5,
  });
  for (const [index, each] of pdf.getPages().entries()) {
    each.drawText(toWinAnsi(`${text.footer} - ${index + 1}/${pdf.getPageCount()}`), {
      x: page.margin,
      y: 40,
      size: 8,
      font: regular,
      color: rgb(0.35, 0.35, 0.35),
    });
  }
  return pdf.save();
}
