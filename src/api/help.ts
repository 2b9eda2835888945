/** `GET /help/{controller}/{action}`: the help text of a screen. */
import type { HelpPage, HelpPages } from '../contract/reference';
import { HelpPage as HelpPageSchema, HelpPages as HelpPagesSchema } from '../contract/reference';
import { getJson } from './request';

export function fetchHelp(controller: string, action: string): Promise<HelpPage> {
  return getJson(`help/${encodeURIComponent(controller)}/${encodeURIComponent(action)}`, HelpPageSchema, {
    context: { quiet: [404] },
  });
}

/** `GET /help`: every help text (the Help and FAQ pages, also without a login). */
export function fetchHelpPages(): Promise<HelpPages> {
  return getJson('help', HelpPagesSchema);
}
