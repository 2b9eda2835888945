import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ObscuringInfo } from '../../../src/contract';
import type { PatientHeader } from '../patients';
import { accent, grey, romeDate, Writer } from '../pdf/writer';

/** How the signed request names each viewer (the portal's labels, in Italian like every clinical record). */
export const viewerLabels: Record<keyof ObscuringInfo, string> = {
  general: 'Tutti gli operatori sanitari',
  specialist: 'Medici specialisti',
  operator: 'Operatori',
  mate: 'Coniuge o partner',
  parent: 'Genitori',
  son: 'Figli',
  otherFamily: 'Altri familiari',
  other: 'Altre persone autorizzate',
};

export interface RequestLine {
  title: string;
  typeDesc: string;
  createdAt: Date;
  hiddenFrom: (keyof ObscuringInfo)[];
  shownAgainTo: (keyof ObscuringInfo)[];
}

export interface ObscuringRequestInput {
  patient: PatientHeader;
  hospital: string;
  documents: readonly RequestLine[];
  requestedAt: Date;
}

const namesOf = (flags: readonly (keyof ObscuringInfo)[]): string =>
  flags.map((flag) => viewerLabels[flag]).join(', ');

/**
 * The request the patient signs: each document, whom it is hidden from and whom it is shown to again.
 * Deterministic for the same input (no random ids, dates from the input), so its digest is stable.
 */
export async function renderObscuringRequest(input: ObscuringRequestInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle('Richiesta di oscuramento di documenti');
  pdf.setProducer('patient-dossier-portal');
  pdf.setCreationDate(input.requestedAt);
  pdf.setModificationDate(input.requestedAt);
  const writer = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  });
  const { patient } = input;
  writer.line(input.hospital, { size: 14, bold: true, color: accent });
  writer.rule();
  writer.line('Richiesta di oscuramento di documenti del dossier sanitario', { size: 15, bold: true });
  writer.gap();
  writer.line(`Paziente: ${patient.surname.toUpperCase()} ${patient.name}`, { bold: true });
  const [year, month, day] = patient.birthDate.split('-');
  writer.line(`Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${day}/${month}/${year}`);
  writer.line(`Data della richiesta: ${romeDate.format(input.requestedAt)}`);
  writer.gap();
  writer.line(
    'Il/La sottoscritto/a chiede che i documenti elencati siano nascosti alle persone indicate e, dove ' +
      'indicato, siano di nuovo visibili. I documenti restano sempre visibili al/alla paziente e al medico ' +
      'che li ha redatti.',
  );
  writer.rule();
  input.documents.forEach((document, index) => {
    writer.gap(4);
    writer.line(`${index + 1}. ${document.title}`, { bold: true });
    writer.line(`${document.typeDesc} del ${romeDate.format(document.createdAt)}`, { color: grey });
    if (document.hiddenFrom.length > 0) writer.line(`Nascosto a: ${namesOf(document.hiddenFrom)}`);
    if (document.shownAgainTo.length > 0)
      writer.line(`Di nuovo visibile a: ${namesOf(document.shownAgainTo)}`);
  });
  writer.rule();
  writer.reserve(70);
  writer.gap(16);
  writer.line('Firma del/della paziente', { bold: true });
  writer.line(`${patient.name} ${patient.surname} - firma elettronica con PIN e codice via SMS`, {
    size: 9,
    color: grey,
  });
  return pdf.save();
}
