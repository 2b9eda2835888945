import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordRefusal } from '../access/recorded';
import { liveGrant } from '../accounts/guest-grants';
import { patientSummaryDocument } from '../fhir/operation';
import type { SummaryDocument } from '../fhir/summary';
import type { Language, Localized } from '../language';
import { drawPages, type Fonts, type PageFrame } from '../pdf/draw';
import { layoutDocument } from '../pdf/layout';
import { birthDateOf } from '../pdf/render-document';
import { toWinAnsi } from '../pdf/win-ansi';
import { patientOf, summaryContent } from './content';

const locales: Record<Language, string> = { it: 'it-IT', en: 'en-GB' };
/** When the summary was made, as in Rome: 28/11/2026, 10:05 (four-digit years, as the narrative's days). */
const dateTime = (language: Language, instant: Date): string =>
  new Intl.DateTimeFormat(locales[language], {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);

/** The name of the screen and of the file, in the reader's language. */
const name: Localized = { it: 'Sintesi sanitaria', en: 'Patient summary' };

/** The labels of the frame every page repeats, as the portal's other PDFs print them. */
function frameOf(
  language: Language,
  hospital: string,
  patient: ReturnType<typeof patientOf>,
  title: string,
  generated: string,
): PageFrame {
  const it = language === 'it';
  const birth = patient.birthDate ? birthDateOf(patient.birthDate) : '';
  return {
    hospital,
    subheading: name[language],
    patientLine: `${it ? 'Paziente' : 'Patient'}: ${patient.surname.toUpperCase()} ${patient.name}`,
    detailsLine: it
      ? `Codice fiscale: ${patient.fiscalCode}   Data di nascita: ${birth}`
      : `Fiscal code: ${patient.fiscalCode}   Date of birth: ${birth}`,
    title,
    subtitle: it ? `Generata il ${generated}` : `Generated on ${generated}`,
    footer: (index, total) => ({
      left: `${name[language]} - ${generated}`,
      right: it ? `Pagina ${index + 1} di ${total}` : `Page ${index + 1} of ${total}`,
    }),
  };
}

/** A day of Rome as a file name wants it: 2026-11-28. */
const fileDay = (instant: Date): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', dateStyle: 'short' }).format(instant);

/**
 * A guest prints the summary as they print a document: with the download right of their live grant. With
 * no live grant at all the gate refuses, with its own code and audit row.
 */
async function refuseGuestWithoutDownload(db: Database, user: UserRow, patientId: number): Promise<void> {
  if (user.userType !== 'GUE') return;
  const grant = await liveGrant(db, user, patientId);
  if (!grant || grant.rights.includes('download')) return;
  await recordRefusal(db, user, patientId, 'SUMMARY_READ', { detail: 'DOWNLOAD_NOT_ALLOWED' });
  throw new HttpError(403, 'DOWNLOAD_NOT_ALLOWED');
}

/**
 * The patient summary as a PDF in the caller's language: the same call as the FHIR operation (gate,
 * SUMMARY_READ audit, what this caller may see), its sections printed with the words of the Bundle's
 * narrative, under the header the portal's documents have; nobody signs it.
 */
export async function summaryPdf(
  db: Database,
  user: UserRow,
  patientId: number,
  options: { language: Language; hospital: string },
): Promise<{ bytes: Uint8Array; filename: string }> {
  await refuseGuestWithoutDownload(db, user, patientId);
  const summary = await patientSummaryDocument(db, user, patientId, {
    language: options.language,
    organizationName: options.hospital,
  });
  return renderSummaryPdf(summary, options);
}

/** The summary document printed: its sections with the words of the Bundle's narrative. */
export async function renderSummaryPdf(
  { bundle, sections }: SummaryDocument,
  options: { language: Language; hospital: string },
): Promise<{ bytes: Uint8Array; filename: string }> {
  const { language, hospital } = options;
  const at = new Date(bundle.timestamp ?? Date.now());
  const generated = dateTime(language, at);
  const title = (bundle.entry?.[0]?.resource as { title?: string } | undefined)?.title ?? name[language];
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(toWinAnsi(`${name[language]} - ${title}`));
  pdf.setAuthor(toWinAnsi(hospital));
  pdf.setCreator(toWinAnsi(hospital));
  pdf.setProducer('patient-dossier-portal');
  pdf.setLanguage(locales[language]);
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  const fonts: Fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const content = summaryContent(sections, { language, hospital, generated });
  drawPages(
    pdf,
    layoutDocument(content, { signature: false }),
    frameOf(language, hospital, patientOf(bundle), title, generated),
    fonts,
  );
  return { bytes: await pdf.save(), filename: `sintesi-${fileDay(at)}.pdf` };
}
