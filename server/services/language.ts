import type { Context } from 'hono';
import type { Language } from '../../src/contract/language';

export type { Language };

/** The portal sends `it-IT` or `en-EN`; anything that is not English gets Italian, the default. */
export function languageOf(c: Context): Language {
  return (c.req.header('Accept-Language') ?? '').toLowerCase().startsWith('en') ? 'en' : 'it';
}

export type Localized = Record<Language, string>;
