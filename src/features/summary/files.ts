/** The summary's downloads as files: their names and the FHIR JSON's bytes. */

/** FHIR's JSON media type (the file the bundle is saved as, as the server serves it). */
export const FHIR_JSON = 'application/fhir+json';

// The day of Rome, as the server names the PDF (server/services/summary/pdf.ts): both files of one day match.
const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `sintesi-2026-11-28.json`: the day the summary was made (the bundle's timestamp), else today. */
export function summaryFileName(timestamp: unknown, extension: 'json' | 'pdf', now = new Date()): string {
  const made = typeof timestamp === 'string' ? new Date(timestamp) : now;
  const day = Number.isNaN(made.getTime()) ? now : made;
  return `sintesi-${romeDay.format(day)}.${extension}`;
}

/** The bundle's `timestamp` (when the document was assembled), if it has one. */
export function timestampOf(bundle: unknown): unknown {
  return typeof bundle === 'object' && bundle !== null
    ? (bundle as { timestamp?: unknown }).timestamp
    : undefined;
}

/** The bundle exactly as the server sent it, indented for a reader who opens the file. */
export function fhirJsonFile(bundle: unknown): Blob {
  return new Blob([`${JSON.stringify(bundle, null, 2)}\n`], { type: FHIR_JSON });
}

/** The name a `Content-Disposition` gives (`filename="…"` or RFC 5987's `filename*`), else the fallback. */
export function dispositionName(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}
