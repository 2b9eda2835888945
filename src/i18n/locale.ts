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

const LOCALE_KEY = 'language';
export const localeAtom = persistentAtom<Locale>(LOCALE_KEY, DEFAULT_LOCALE, isLocale);

/** Whether this browser ever chose a language here (else the portal speaks its default). */
export function localeChosen(): boolean {
  try {
    return localStorage.getItem(LOCALE_KEY) !== null;
  } catch {
    return false;
  }
}

export function currentLocale(): Locale {
  return appStore().get(localeAtom);
}

/** The `Accept-Language` of every API call (spec section 1). */
export function acceptLanguage(locale: Locale): 'it-IT' | 'en-EN' {
  return locale === 'en' ? 'en-EN' : 'it-IT';
}

/** Language names are shown in their own language, so they are not translated. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { it: 'Italiano', en: 'English' };
