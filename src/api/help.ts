/** `GET /help/{controller}/{action}`: the help text of a screen. */
import type { HelpPage } from '../contract/reference';
import { HelpPage as HelpPageSchema } from '../contract/reference';
import { getJson } from './request';

export function fetchHelp(controller: string, action: string): Promise<HelpPage> {
  return getJson(`help/${encodeURIComponent(controller)}/${encodeURIComponent(action)}`, HelpPageSchema, {
    context: { quiet: [404] },
  });
}
