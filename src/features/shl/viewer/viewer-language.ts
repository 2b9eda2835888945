/**
 * The viewer speaks the browser's language when nobody chose one on this device: the portal defaults to
 * Italian for its patients, but a link is opened by a doctor anywhere, who reads English rather than
 * Italian when the browser asks for neither.
 */
import { changeLocale } from '../../../i18n/i18n';
import { currentLocale, isLocale, type Locale, localeChosen } from '../../../i18n/locale';

export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

export async function followBrowserLanguage(): Promise<void> {
  if (localeChosen()) return;
  const wanted = browserLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
  if (wanted !== currentLocale()) await changeLocale(wanted).catch(() => undefined);
}
