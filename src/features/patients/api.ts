import { getJson, sendJson } from '../../api/request';
import type { FavoriteFlag, ParticipationFilter, PatientList } from '../../contract/patient';
import { FavoriteFlag as FavoriteFlagSchema, PatientList as PatientListSchema } from '../../contract/patient';

export const PATIENT_PAGE_SIZE = 20;

export interface PatientFilters {
  name?: string;
  surname?: string;
  fiscalCode?: string;
  /** Only the caller's favourites (`/myPatients`). */
  favorites?: boolean;
  /** Spec 4 "Filter values", on a project the caller runs. */
  projectId?: number;
  participation?: ParticipationFilter;
}

function cleanFilters(filters: PatientFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ['name', 'surname', 'fiscalCode'] as const) {
    const value = filters[key]?.trim();
    if (value) params[key] = value;
  }
  if (filters.favorites) params.favorites = 'true';
  if (filters.projectId !== undefined && filters.participation) {
    params.projectId = String(filters.projectId);
    params.participation = filters.participation;
  }
  return params;
}

/** `GET /patients`, one page (pages count from 1), with the prefix filters. */
export function fetchPatientPage(page: number, filters: PatientFilters = {}): Promise<PatientList> {
  return getJson('patients', PatientListSchema, {
    searchParams: {
      ...cleanFilters(filters),
      max: PATIENT_PAGE_SIZE,
      offset: (page - 1) * PATIENT_PAGE_SIZE,
    },
  });
}

/** `PUT /patients/{id}/favorites`: adds or removes the patient from the caller's favourites. */
export function saveFavorite(patientId: number, favorite: boolean): Promise<FavoriteFlag> {
  return sendJson('put', `patients/${patientId}/favorites`, { favorite }, FavoriteFlagSchema);
}

export type MepiSearch =
  | { by: 'fiscalCode'; fiscalCode: string }
  | { by: 'person'; surname: string; name: string; birthDate: string }
  | { by: 'identifier'; identifierType: string; identifierValue: string };

/** `GET /patients/mepiSearch`: one complete way of identifying a person. */
export function searchPatients(search: MepiSearch): Promise<PatientList> {
  const { by: _by, ...params } = search;
  return getJson('patients/mepiSearch', PatientListSchema, {
    searchParams: { ...params, max: PATIENT_PAGE_SIZE, offset: 0 },
  });
}
