import { vValidator } from '@hono/valibot-validator';
import { Hono } from 'hono';
import { type HelpPage, HelpParams } from '../../src/contract';
import type { AppEnv } from '../app-env';
import { HttpError } from '../http-error';
import { languageOf } from '../services/language';
import { helpPages } from '../services/reference/help.data';
import { onInvalid } from '../validate';

export const helpRoutes = new Hono<AppEnv>().get(
  '/help/:controller/:action',
  vValidator('param', HelpParams, onInvalid),
  (c) => {
    const { controller, action } = c.req.valid('param');
    const entry = helpPages[`${controller}/${action}`];
    if (!entry) throw new HttpError(404, 'NOT_FOUND');
    const language = languageOf(c);
    return c.json({
      controller,
      action,
      title: entry.title[language],
      paragraphs: entry.paragraphs[language],
    } satisfies HelpPage);
  },
);
