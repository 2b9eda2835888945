/**
 * Reading FHIR data that came from outside the portal (a shared link may come from anyone): every value is
 * checked for its type before it is shown, so a malformed bundle shows less, never breaks the screen or
 * reaches the page as anything but text. Nothing here reads a narrative (`text.div`).
 */
import type { CodeableConcept, HumanName, Period, Quantity, Range } from '@medplum/fhirtypes';
import type { DateFormatters } from '../../i18n/dates';

/** A non-empty string, or nothing. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function list<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value.filter((item) => item !== null && typeof item === 'object') : [];
}

/** The first code of a concept (e.g. a status), to look up the portal's own words for it. */
export function codeOf(concept: CodeableConcept | undefined): string | undefined {
  for (const coding of list(concept?.coding)) {
    const code = str(coding.code);
    if (code) return code;
  }
  return undefined;
}

/** What a concept says: its text, else the first coding's display, else its code. */
export function conceptText(concept: CodeableConcept | undefined): string | undefined {
  if (!concept || typeof concept !== 'object') return undefined;
  const own = str(concept.text);
  if (own) return own;
  const codings = list(concept.coding);
  for (const coding of codings) {
    const display = str(coding.display);
    if (display) return display;
  }
  return codeOf(concept);
}

export function nameText(names: HumanName[] | undefined): string | undefined {
  const [name] = list(names);
  if (!name) return undefined;
  const own = str(name.text);
  if (own) return own;
  const given: unknown[] = Array.isArray(name.given) ? name.given : [];
  const parts = [...given, name.family]
    .map((part) => str(part))
    .filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export function numberText(value: unknown, locale: string): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}

/** A UCUM code that names no unit: an annotation alone (`{INR}`, `{ratio}`) or the unity `1`. */
const unitless = (code: string): boolean => code === '1' || /^\{[^}]*\}$/.test(code);

/** "5.4 mmol/L": the value with its unit (its display, else its UCUM code unless that names no unit). */
export function quantityText(quantity: Quantity | undefined, locale: string): string | undefined {
  if (!quantity || typeof quantity !== 'object') return undefined;
  const value = numberText(quantity.value, locale);
  if (value === undefined) return undefined;
  const comparator = str(quantity.comparator) ?? '';
  const code = str(quantity.code);
  const unit = str(quantity.unit) ?? (code && !unitless(code) ? code : undefined);
  return `${comparator}${value}${unit ? ` ${unit}` : ''}`;
}

/** "3.5–5.1 mmol/L", "≥ 60", "≤ 5.2": a reference range or a Range. */
export function rangeText(range: Range | undefined, locale: string): string | undefined {
  if (!range || typeof range !== 'object') return undefined;
  const low = quantityText(range.low, locale);
  const high = quantityText(range.high, locale);
  if (low && high) {
    const lowValue = numberText(range.low?.value, locale);
    const sameUnit = (str(range.low?.unit) ?? '') === (str(range.high?.unit) ?? '');
    return sameUnit ? `${lowValue}–${high}` : `${low} – ${high}`;
  }
  if (low) return `≥ ${low}`;
  if (high) return `≤ ${high}`;
  return undefined;
}

/**
 * A FHIR date or dateTime in the portal's formats: a year or a month alone stays as precise as it was
 * written (a diagnosis "in 2019" is not "01/01/2019"); a time is shown when the value has one.
 */
export function fhirDateText(value: unknown, format: DateFormatters): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  if (/^\d{4}$/.test(text)) return text;
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month) return `${month[2]}/${month[1]}`;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return format.date(text) || undefined;
  return format.dateTime(text) || undefined;
}

export function periodText(period: Period | undefined, format: DateFormatters): string | undefined {
  if (!period || typeof period !== 'object') return undefined;
  const start = fhirDateText(period.start, format);
  const end = fhirDateText(period.end, format);
  if (start && end) return `${start} – ${end}`;
  return start ?? end;
}
