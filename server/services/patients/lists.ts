import type { MepiSearchQuery, PatientList, PatientListQuery } from '../../../src/contract';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { assertCanListPatients, recordPatientsListed } from '../access/gate';
import { participationFilter } from '../projects/list-filter';
import { listPatients, searchPatients } from './search';

/**
 * The audit detail of a list or search: the criteria used, never their values (a name prefix typed while
 * looking for someone else says nothing about the patient whose history shows the row).
 */
function criteriaOf<Query extends object>(query: Query, names: readonly (keyof Query & string)[]): string {
  const used = names.filter((name) => {
    const value: unknown = query[name];
    return value !== undefined && value !== '' && value !== false;
  });
  return used.length > 0 ? used.join(',') : 'all';
}

const listCriteria = [
  'favorites',
  'surname',
  'name',
  'fiscalCode',
  'birthDate',
  'positionStatus',
  'participation',
] as const satisfies readonly (keyof PatientListQuery)[];
const searchCriteria = [
  'fiscalCode',
  'surname',
  'name',
  'birthDate',
  'identifierType',
] as const satisfies readonly (keyof MepiSearchQuery)[];

/** `GET /patients` (the staff list, "my patients"): staff only; every patient on the page is audited. */
export async function staffPatientList(
  db: Database,
  user: UserRow,
  query: PatientListQuery,
): Promise<PatientList> {
  assertCanListPatients(user);
  const list = await listPatients(db, query, user.id, await participationFilter(db, user, query));
  const ids = list.patients.map((patient) => patient.mepiId);
  await recordPatientsListed(db, user, ids, 'PATIENT_LIST', criteriaOf(query, listCriteria));
  return list;
}

/** `GET /patients/mepiSearch`: staff only; every patient found is audited. */
export async function staffPatientSearch(
  db: Database,
  user: UserRow,
  query: MepiSearchQuery,
): Promise<PatientList> {
  assertCanListPatients(user);
  const list = await searchPatients(db, query, user.id);
  const ids = list.patients.map((patient) => patient.mepiId);
  await recordPatientsListed(db, user, ids, 'PATIENT_SEARCH', criteriaOf(query, searchCriteria));
  return list;
}
