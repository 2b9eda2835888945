/** `GET /utilities`, the one read of the portal's reference values (the about page, the dossier consent's code). */
import type { Utilities } from '../contract/reference';
import { Utilities as UtilitiesSchema } from '../contract/reference';
import { getJson } from './request';

export function fetchUtilities(): Promise<Utilities> {
  return getJson('utilities', UtilitiesSchema);
}
