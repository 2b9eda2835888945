import type { Bundle, Patient } from '@medplum/fhirtypes';
import type { SectionText } from '../fhir/summary';
import type { Language, Localized } from '../language';
import type { ContentSection } from '../pdf/content';

/**
 * Column shares per IPS section (LOINC code): the first column, the name a reader looks for (and the longest,
 * wrapped over lines), gets the most room; codes, dates and statuses fit their column on one line.
 */
const widths: Record<string, number[]> = {
  '11450-4': [0.5, 0.15, 0.15, 0.2],
  '11348-0': [0.5, 0.15, 0.15, 0.2],
  '48765-2': [0.32, 0.16, 0.18, 0.14, 0.2],
  '10160-0': [0.32, 0.12, 0.18, 0.12, 0.12, 0.14],
  '11369-6': [0.6, 0.2, 0.2],
  '30954-2': [0.32, 0.16, 0.22, 0.16, 0.14],
};

const about: Localized = { it: 'Informazioni sulla sintesi', en: 'About this summary' };
const source = (hospital: string, when: string): Localized => ({
  it: `Generata il ${when} dal portale di ${hospital}, da ciò che documenti e registri hanno trasmesso al fascicolo. Una sezione senza informazioni non vuol dire che non ci sia nulla da segnalare.`,
  en: `Generated on ${when} by the ${hospital} portal from what documents and registries sent to the dossier. A section without information does not mean that there is nothing to report.`,
});

/**
 * The summary's sections as the PDF engine lays them out: a table per section with its rows in the
 * narrative's words (out-of-range results in bold), the empty sentence alone, and a closing note on what
 * the summary is made from.
 */
export function summaryContent(
  sections: SectionText[],
  options: { language: Language; hospital: string; generated: string },
): { sections: ContentSection[] } {
  const tables = sections.map((text): ContentSection => {
    if (text.empty !== null || text.rows.length === 0)
      return { heading: text.title, paragraphs: [text.empty ?? ''] };
    return {
      heading: text.title,
      table: {
        columns: text.headings,
        rows: text.rows,
        ...(widths[text.code] ? { widths: widths[text.code] } : {}),
        flaggedRows: text.flagged,
        wrap: true,
      },
    };
  });
  return {
    sections: [
      ...tables,
      {
        heading: about[options.language],
        paragraphs: [source(options.hospital, options.generated)[options.language]],
      },
    ],
  };
}

/** The summary's patient as the PDF header prints it, read off the Bundle's Patient. */
export function patientOf(bundle: Bundle): {
  name: string;
  surname: string;
  fiscalCode: string;
  birthDate: string;
} {
  const patient = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Patient')?.resource as
    | Patient
    | undefined;
  const name = patient?.name?.[0];
  return {
    name: name?.given?.join(' ') ?? '',
    surname: name?.family ?? '',
    fiscalCode: patient?.identifier?.[0]?.value ?? '',
    birthDate: patient?.birthDate ?? '',
  };
}
