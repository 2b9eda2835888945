import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { type HelpPage, type HelpPages, HelpParams } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { type Language, languageOf } from '../services/language';
import { helpPages } from '../services/reference/help.data';
import { onInvalid } from '../validate';

function pageOf(key: string, language: Language): HelpPage | null {
  const entry = helpPages[key];
  const [controller = '', action = ''] = key.split('/');
  if (!entry) return null;
  return { controller, action, title: entry.title[language], paragraphs: entry.paragraphs[language] };
}

/**
 * The help texts: one screen's (the help sheet) and all of them (the Help and FAQ pages). Public, mounted
 * before the token check: the spec lists Help and FAQ among the pages without a login, and the texts say
 * nothing about anyone.
 */
export const helpRoutes = new Hono<AppEnv>()
  .get('/help', (c) => {
    const language = languageOf(c);
    const pages = Object.keys(helpPages).flatMap((key) => pageOf(key, language) ?? []);
    return c.json({ pages } satisfies HelpPages);
  })
  .get('/help/:controller/:action', vValidator('param', HelpParams, onInvalid), (c) => {
    const { controller, action } = c.req.valid('param');
    const page = pageOf(`${controller}/${action}`, languageOf(c));
    if (!page) throw new HttpError(404, 'NOT_FOUND');
    return c.json(page);
  });
