import type { Narrative } from '@medplum/fhirtypes';
import type { Language, Localized } from '../language';

/** Text for XHTML: the five characters XML reserves, escaped (attribute values included). */
export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The narrative's root: FHIR's XHTML div, in the document's language. */
const div = (language: Language, body: string): Narrative => ({
  status: 'generated',
  div: `<div xmlns="http://www.w3.org/1999/xhtml" lang="${language}" xml:lang="${language}">${body}</div>`,
});

/** A section's table: headings and rows of plain text, every cell escaped. */
export function tableNarrative(language: Language, headings: string[], rows: string[][]): Narrative {
  const cells = (tag: 'th' | 'td', values: string[]): string =>
    values.map((value) => `<${tag}>${escapeXml(value)}</${tag}>`).join('');
  const body = rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('');
  return div(
    language,
    `<table><thead><tr>${cells('th', headings)}</tr></thead><tbody>${body}</tbody></table>`,
  );
}

/** A section without entries: one sentence, the same whether nothing is recorded or nothing is shown. */
export function emptyNarrative(language: Language, text: string): Narrative {
  return div(language, `<p>${escapeXml(text)}</p>`);
}

// Four-digit years: Italian's short style writes two, and a summary spans decades.
const day = { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const dayFormats: Record<Language, Intl.DateTimeFormat> = {
  it: new Intl.DateTimeFormat('it-IT', day),
  en: new Intl.DateTimeFormat('en-GB', day),
};

/** A day (`YYYY-MM-DD`) or an instant as the reader's language writes a date; the day of Rome for instants. */
export function dayText(value: string | Date | null, language: Language): string {
  if (value === null) return '';
  const instant = typeof value === 'string' ? new Date(`${value}T12:00:00Z`) : value;
  return dayFormats[language].format(instant);
}

const numberFormats: Record<Language, Intl.NumberFormat> = {
  it: new Intl.NumberFormat('it-IT', { maximumFractionDigits: 6 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 6 }),
};

export const numberText = (value: number, language: Language): string =>
  numberFormats[language].format(value);

/** A code's label in the reader's language; an unknown code is shown as it is. */
export const labelOf = (table: Record<string, Localized>, code: string, language: Language): string =>
  table[code]?.[language] ?? code;
