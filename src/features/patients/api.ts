import { getJson } from '../../api/request';
import type { PatientList } from '../../contract/patient';
import { PatientList as PatientListSchema } from '../../contract/patient';

export const PATIENT_PAGE_SIZE = 20;

/** `GET /patients`, one page (pages count from 1). */
export function fetchPatientPage(page: number): Promise<PatientList> {
  return getJson('patients', PatientListSchema, {
    searchParams: { max: PATIENT_PAGE_SIZE, offset: (page - 1) * PATIENT_PAGE_SIZE },
  });
}
