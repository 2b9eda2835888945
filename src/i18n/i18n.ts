/**
 * Lingui activation. Only the active catalog is loaded, by dynamic import (one chunk per language).
 */
import type { Messages } from '@lingui/core';
import { i18n } from '@lingui/core';
import { appStore } from '../state/store';
import type { Locale } from './locale';
import { localeAtom } from './locale';

async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'it':
      return (await import('../../locales/it/messages.po')).messages;
    case 'en':
      return (await import('../../locales/en/messages.po')).messages;
  }
}

/** Loads the catalog, switches every text and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** The user's choice: texts change at once, the choice is kept in local storage. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  appStore().set(localeAtom, locale);
}

export { i18n };
