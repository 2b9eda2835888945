import { getJson, sendJson } from '../../api/request';
import {
  type Dispute,
  type DisputeInput,
  Dispute as DisputeSchema,
  MyDisputes,
} from '../../contract/disputes';
import type { TreatmentHistory } from '../../contract/documents';
import { TreatmentHistory as TreatmentHistorySchema } from '../../contract/documents';
import {
  HistoryActivities,
  type HistoryActivity,
  HistoryDocTypes,
  HistoryUserRoles,
  HistoryUsers,
} from '../../contract/history';
import type { CodeDesc } from '../../contract/reference';
import type { HistoryFilters } from './filters';
import { filterParams } from './filters';

export const HISTORY_PAGE_SIZE = 20;

/**
 * `GET /trackingPatientHistory/{id}`: one page of accesses, newest first (pages count from 1); the
 * viewer's own accesses only with `includeOwn`.
 */
export function fetchHistoryPage(
  patientId: number,
  filters: HistoryFilters,
  page: number,
  includeOwn = false,
): Promise<TreatmentHistory> {
  return getJson(`trackingPatientHistory/${patientId}`, TreatmentHistorySchema, {
    searchParams: {
      ...filterParams(filters),
      ...(includeOwn ? { includeOwn: 'true' } : {}),
      max: HISTORY_PAGE_SIZE,
      offset: (page - 1) * HISTORY_PAGE_SIZE,
    },
  });
}

export interface HistoryOptions {
  activities: HistoryActivity[];
  userRoles: CodeDesc[];
  users: { id: number; name: string }[];
  documentTypes: CodeDesc[];
}

/** The values the filters offer: those present in this patient's history. */
export async function fetchHistoryOptions(patientId: number): Promise<HistoryOptions> {
  const base = `trackingPatientHistory/${patientId}`;
  const quiet = { context: { quiet: true } };
  const [activities, roles, users, types] = await Promise.all([
    getJson(`${base}/activities`, HistoryActivities, quiet),
    getJson(`${base}/userRoles`, HistoryUserRoles, quiet),
    getJson(`${base}/users`, HistoryUsers, quiet),
    getJson(`${base}/docTypes`, HistoryDocTypes, quiet),
  ]);
  return {
    activities: activities.activities,
    userRoles: roles.userRoles,
    users: users.users,
    documentTypes: types.documentTypes,
  };
}

/** `GET /disputes/mine`: the patient's reports of accesses, each with its state and the officer's answer. */
export function fetchMyDisputes(): Promise<MyDisputes> {
  return getJson('disputes/mine', MyDisputes, { context: { quiet: true } });
}

/** `POST /disputes`: "I don't recognise this access", with an optional comment. */
export function reportAccess(input: DisputeInput): Promise<Dispute> {
  return sendJson('post', 'disputes', input, DisputeSchema);
}
