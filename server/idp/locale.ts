import type { IncomingMessage } from 'node:http';

import { LANGUAGES, type Language } from '../../src/contract/language';

/** The languages of the identity provider's pages: Italian is the default, English the option. */
export type Locale = Language;

export const locales: readonly Locale[] = LANGUAGES;

export const LANG_COOKIE = 'idp_lang';

function asLocale(tag: string | null | undefined): Locale | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return locales.find((locale) => locale === primary) ?? null;
}

export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** First supported tag of a space-separated `ui_locales` list. */
function fromUiLocales(uiLocales: unknown): Locale | null {
  if (typeof uiLocales !== 'string') return null;
  for (const tag of uiLocales.split(' ')) {
    const locale = asLocale(tag);
    if (locale) return locale;
  }
  return null;
}

function fromAcceptLanguage(header: string | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((entry) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const entry of ranked) {
    const locale = asLocale(entry.tag);
    if (locale) return locale;
  }
  return null;
}

/**
 * The page language: the switch the user just used (`lang` in the query or form), then the client's
 * `ui_locales`, then the remembered switch (cookie), then Accept-Language, then Italian.
 */
export function pickLocale(
  req: IncomingMessage,
  opts: { explicit?: string | null; uiLocales?: unknown },
): Locale {
  return (
    asLocale(opts.explicit) ??
    fromUiLocales(opts.uiLocales) ??
    asLocale(readCookie(req, LANG_COOKIE)) ??
    fromAcceptLanguage(req.headers['accept-language']) ??
    'it'
  );
}

/** Whether the `lang` value came from the switch and should be remembered. */
export function explicitLocale(value: string | null | undefined): Locale | null {
  return asLocale(value);
}
