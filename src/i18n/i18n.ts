/**
 * Lingui activation. Only the active language is loaded, and of it only the areas in use: the shell's
 * messages at start, a feature's messages with its first screen (`loadCatalogArea`, called by the screen loaders
 * in src/app/pages.ts and public-pages.ts). The areas come from build/vite-lingui-areas.ts.
 */

import { catalogLoaders } from 'virtual:lingui-areas';
import type { Messages } from '@lingui/core';
import { i18n } from '@lingui/core';
import { appStore } from '../state/store';
import type { Locale } from './locale';
import { localeAtom } from './locale';

const SHELL = 'shell';
/** The whole catalogue: loaded only when a message is missing from the areas loaded (a safety net). */
const ALL = 'all';

/** The areas the portal has needed so far: a language switch loads them all in the new language. */
const areas = new Set<string>([SHELL]);
const loading = new Map<string, Promise<Messages>>();

function loadArea(locale: Locale, area: string): Promise<Messages> {
  const key = `${locale}/${area}`;
  let pending = loading.get(key);
  if (!pending) {
    const loader = catalogLoaders[locale]?.[area];
    pending = loader ? loader().then((module) => module.messages) : Promise.resolve({});
    pending.catch(() => loading.delete(key)); // a failed download is tried again next time
    loading.set(key, pending);
  }
  return pending;
}

/** Loads the catalog, switches every text and sets `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  const parts = await Promise.all([...areas].map((area) => loadArea(locale, area)));
  i18n.loadAndActivate({ locale, messages: Object.assign({}, ...parts) });
  document.documentElement.lang = locale;
}

/** Adds a feature's messages in the active language (and remembers the area for a language switch). */
export async function loadCatalogArea(area: string): Promise<void> {
  areas.add(area);
  const locale = i18n.locale as Locale;
  if (!locale) return; // not active yet: activateLocale loads it
  const messages = await loadArea(locale, area);
  if (i18n.locale === locale) i18n.load(locale, messages);
}

/** The user's choice: texts change at once, the choice is kept in local storage. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activateLocale(locale);
  appStore().set(localeAtom, locale);
}

/**
 * A message missing from the areas loaded (a component shown outside its area's screens) would show as its id:
 * the whole catalogue is loaded then, and the texts change once it arrives. Production only: in development the
 * macros carry the Italian text, and a miss is reported instead.
 */
export function fillMissingMessages(): void {
  i18n.on('missing', ({ id }) => {
    if (import.meta.env.DEV) console.warn(`Lingui: message ${id} is in no loaded area`);
    if (!areas.has(ALL)) void loadCatalogArea(ALL).catch(() => undefined);
  });
}

export { i18n };

/**
 * A feature's module together with its area's messages: build/vite-lingui-areas.ts wraps every lazy
 * `import('…/features/<area>/…')` outside src/features/ in this, so a screen renders with its texts.
 */
export function withCatalogArea<M>(module: Promise<M>, area: string): Promise<M> {
  // Without its messages (offline, not cached yet) the screen still opens; the fallback above tries again.
  const messages = loadCatalogArea(area).catch(() => undefined);
  return Promise.all([module, messages]).then(([loaded]) => loaded);
}
