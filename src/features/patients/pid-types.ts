import { getJson } from '../../api/request';
import { PidTypeList } from '../../contract/reference';

let cached: Promise<ReadonlyMap<string, string>> | null = null;
let cachedLocale: string | null = null;

/** `GET /pidTypes`: names of the person-identifier types, in the caller's language (kept per language). */
export function fetchPidTypeNames(locale: string): Promise<ReadonlyMap<string, string>> {
  if (!cached || cachedLocale !== locale) {
    cachedLocale = locale;
    cached = getJson('pidTypes', PidTypeList, { context: { quiet: true } })
      .then((list) => new Map(list.pidTypeList.map((item) => [item.code, item.desc])))
      .catch(() => {
        cached = null;
        return new Map<string, string>();
      });
  }
  return cached;
}
