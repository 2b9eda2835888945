/**
 * Dates as the spec shows them: DD/MM/YYYY (Italian) or MM/DD/YYYY (English), time HH:mm.
 * Every date on screen goes through these helpers.
 */
import { useLingui } from '@lingui/react';
import dayjs from 'dayjs';
import type { Locale } from './locale';
import { isLocale } from './locale';

const FORMATS: Readonly<Record<Locale, { date: string; dateTime: string }>> = {
  it: { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY HH:mm' },
  en: { date: 'MM/DD/YYYY', dateTime: 'MM/DD/YYYY HH:mm' },
};

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format(pattern) : '';
}

export function formatDate(value: DateInput, locale: Locale): string {
  return format(value, FORMATS[locale].date);
}

export function formatDateTime(value: DateInput, locale: Locale): string {
  return format(value, FORMATS[locale].dateTime);
}

export interface DateFormatters {
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
}

/** Formatters for the active language; components re-render when it changes. */
export function useDateFormat(): DateFormatters {
  const { i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'it';
  return {
    date: (value) => formatDate(value, locale),
    dateTime: (value) => formatDateTime(value, locale),
  };
}
