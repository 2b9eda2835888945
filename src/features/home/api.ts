import { getJson } from '../../api/request';
import { type GuestGrant, GuestGrants } from '../../contract/guests';
import { PatientList } from '../../contract/patient';

/** The probe of spec section 7 (`GET /patients?max=1`): how many patients the user can see. */
export async function fetchPatientCount(): Promise<number> {
  const list = await getJson('patients', PatientList, { searchParams: { max: 1 } });
  return list.paging.totalCount;
}

/** A guest's grants: whose documents they see, and how. */
export async function fetchGuestGrants(): Promise<GuestGrant[]> {
  return (await getJson('guests/grants', GuestGrants)).grants;
}
