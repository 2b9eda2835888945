/** The interface language: Italian by default, English as an option, kept in local storage. */

import { LANGUAGES, type Language } from '../contract/language';
import { persistentAtom } from '../state/storage';
import { appStore } from '../state/store';

export const LOCALES = LANGUAGES;
export type Locale = Language;
export const DEFAULT_LOCALE: Locale = 'it';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export const localeAtom = persistentAtom<Locale>('language', DEFAULT_LOCALE, isLocale);

export function currentLocale(): Locale {
  return appStore().get(localeAtom);
}

/** The `Accept-Language` of every API call (spec section 1). */
export function acceptLanguage(locale: Locale): 'it-IT' | 'en-EN' {
  return locale === 'en' ? 'en-EN' : 'it-IT';
}

/** Language names are shown in their own language, so they are not translated. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { it: 'Italiano', en: 'English' };
