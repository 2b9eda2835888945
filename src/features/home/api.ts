import { getJson } from '../../api/request';
import { HomeSummary } from '../../contract/home';
import { PatientList } from '../../contract/patient';
import { appStore } from '../../state/store';
import { homeSummaryAtom } from './summary-atom';

/** The probe of spec section 7 (`GET /patients?max=1`): how many patients the user can see. */
export async function fetchPatientCount(): Promise<number> {
  const list = await getJson('patients', PatientList, { searchParams: { max: 1 } });
  return list.paging.totalCount;
}

/** The request under way, per store: a new session (a new store) never waits on the previous one's. */
const inFlight = new WeakMap<object, Promise<HomeSummary>>();

/**
 * `GET /home`: what waits for the user, in one call. Callers at the same moment (the home and the tab
 * badges) share one request; the answer is kept for the badges.
 */
export function fetchHomeSummary(options: { quiet?: boolean } = {}): Promise<HomeSummary> {
  const store = appStore();
  const pending = inFlight.get(store);
  if (pending) return pending;
  const request = getJson('home', HomeSummary, options.quiet ? { context: { quiet: true } } : {})
    .then((summary) => {
      store.set(homeSummaryAtom, { summary, at: Date.now() });
      return summary;
    })
    .finally(() => inFlight.delete(store));
  inFlight.set(store, request);
  return request;
}
