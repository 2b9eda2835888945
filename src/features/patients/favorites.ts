/** Pure list updates for the favourite star: applied at once, undone if the server refuses. */
import type { PatientSummary } from '../../contract/patient';

export function withFavorite(
  patients: readonly PatientSummary[],
  patientId: number,
  favorite: boolean,
): PatientSummary[] {
  return patients.map((patient) => (patient.mepiId === patientId ? { ...patient, favorite } : patient));
}

export function withoutPatient(patients: readonly PatientSummary[], patientId: number): PatientSummary[] {
  return patients.filter((patient) => patient.mepiId !== patientId);
}

/** Puts a patient back where it was (or at the end), once. */
export function withPatientAt(
  patients: readonly PatientSummary[],
  patient: PatientSummary,
  index: number,
): PatientSummary[] {
  if (patients.some((item) => item.mepiId === patient.mepiId)) return [...patients];
  const next = [...patients];
  next.splice(Math.min(Math.max(index, 0), next.length), 0, patient);
  return next;
}
