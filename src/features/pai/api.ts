/** The care-plan calls (spec 7 "Care plans": the PAI calls), typed by the contract. */
import { getJson, sendJson } from '../../api/request';
import { Pai, PaiActivity, PaiList } from '../../contract/pai';

/** Plans are few per patient: one page of the most recent ones. */
const PLANS_PAGE = 50;

export function fetchPlans(patientId: number): Promise<PaiList> {
  return getJson('pais', PaiList, { searchParams: { patientId, max: PLANS_PAGE } });
}

export function fetchPlan(paiId: number): Promise<Pai> {
  return getJson(`pais/${paiId}`, Pai);
}

/** Errors stay quiet: the sheet says them beside what was chosen. */
export function markDone(paiId: number, activityId: number, deliveryDate: string): Promise<PaiActivity> {
  return sendJson('put', `pais/${paiId}/activity/${activityId}/done`, { deliveryDate }, PaiActivity, {
    context: { quiet: true },
  });
}

/** `null`: follow the general notification preferences again. */
export function saveReminders(
  paiId: number,
  activityId: number,
  reminderDays: number[] | null,
): Promise<PaiActivity> {
  return sendJson(
    'put',
    `pais/${paiId}/activity/${activityId}/notifyPreferences`,
    { reminderDays },
    PaiActivity,
    { context: { quiet: true } },
  );
}
