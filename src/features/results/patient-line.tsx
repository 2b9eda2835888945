import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { currentPatientAtom } from '../../session/session-atoms';

/** Whose results staff are reading (the route's patient, once loaded), as the dossier says it. */
export function PatientLine({ patientId }: { patientId: number }): JSX.Element | null {
  const patient = useAtomValue(currentPatientAtom);
  if (patient?.patientId !== patientId || !patient.patient) return null;
  const { name, surname, fiscalCode } = patient.patient;
  return (
    <p className="results-patient">
      {name} {surname} · {fiscalCode}
    </p>
  );
}
