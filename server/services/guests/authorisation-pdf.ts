import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { GuestRelationship, GuestRight } from '../../../src/contract';
import type { PatientHeader } from '../patients';
import { accent, grey, romeDate, Writer } from '../pdf/writer';
import { relationshipLabels, rightLabels } from './guests.data';

export interface AuthorisationInput {
  hospital: string;
  patient: PatientHeader;
  person: { name: string; surname: string; fiscalCode: string; mobilePhone: string; email: string };
  relationship: GuestRelationship;
  accessTitle: string;
  rights: readonly GuestRight[];
  /** Last day of access, YYYY-MM-DD. */
  deadline: string;
  documents: readonly { title: string; typeDesc: string; createdAt: Date }[];
  /** An edit names what it replaces. */
  edit: boolean;
  signedOn: Date;
}

const italianDay = (iso: string): string => iso.split('-').reverse().join('/');

/**
 * "Autorizzazione di una persona di fiducia": the patient names the person, the title, the rights, the
 * documents shared and the deadline. Deterministic for the same input, so its digest is stable.
 */
export async function renderAuthorisation(input: AuthorisationInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const title = input.edit
    ? 'Modifica dell’autorizzazione di una persona di fiducia'
    : 'Autorizzazione di una persona di fiducia';
  pdf.setTitle(title);
  pdf.setProducer('patient-dossier-portal');
  pdf.setCreationDate(input.signedOn);
  pdf.setModificationDate(input.signedOn);
  const writer = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  });
  const { patient, person } = input;
  writer.line(input.hospital, { size: 14, bold: true, color: accent });
  writer.rule();
  writer.line(title, { size: 15, bold: true });
  writer.gap();
  writer.line(`Paziente: ${patient.surname.toUpperCase()} ${patient.name}`, { bold: true });
  writer.line(`Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${italianDay(patient.birthDate)}`);
  writer.line(`Data: ${romeDate.format(input.signedOn)}`);
  writer.gap();
  writer.line('Il/La sottoscritto/a autorizza ad accedere ai propri documenti sanitari sul portale:');
  writer.gap(4);
  writer.line(`${person.surname.toUpperCase()} ${person.name}`, { bold: true });
  writer.line(`Codice fiscale: ${person.fiscalCode}`);
  writer.line(`Cellulare: ${person.mobilePhone}   E-mail: ${person.email}`);
  writer.line(`Relazione con il/la paziente: ${relationshipLabels[input.relationship]}`);
  writer.line(`Titolo di accesso: ${input.accessTitle}`);
  writer.line(`Fino al giorno: ${italianDay(input.deadline)} compreso`);
  writer.rule();
  writer.line('La persona autorizzata potrà:', { bold: true });
  writer.line('- consultare i documenti condivisi elencati sotto');
  for (const right of input.rights) writer.line(`- ${rightLabels[right]}`);
  if (!input.rights.includes('download'))
    writer.line('I documenti non potranno essere scaricati.', { color: grey });
  writer.rule();
  writer.line(`Documenti condivisi (${input.documents.length})`, { bold: true });
  if (input.documents.length === 0) writer.line('Nessun documento condiviso singolarmente.', { color: grey });
  input.documents.forEach((document, index) => {
    writer.line(`${index + 1}. ${document.title}`);
    writer.line(`${document.typeDesc} del ${romeDate.format(document.createdAt)}`, { color: grey, size: 9 });
  });
  writer.rule();
  writer.line(
    'L’autorizzazione può essere revocata in ogni momento dal portale; la revoca e la scadenza hanno ' +
      'effetto immediato.',
    { size: 9, color: grey },
  );
  writer.reserve(70);
  writer.gap(16);
  writer.line('Firma del/della paziente', { bold: true });
  writer.line(`${patient.name} ${patient.surname} - firma elettronica con PIN e codice via SMS`, {
    size: 9,
    color: grey,
  });
  return pdf.save();
}
