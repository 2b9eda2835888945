import { getJson } from '../../api/request';
import type { Utilities } from '../../contract/reference';
import { Utilities as UtilitiesSchema } from '../../contract/reference';

export function fetchUtilities(): Promise<Utilities> {
  return getJson('utilities', UtilitiesSchema);
}
