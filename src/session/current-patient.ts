/** Loads the current patient's record into `currentPatientAtom` (one request per patient at a time). */
import { failureMessage } from '../api/error-report';
import { appStore } from '../state/store';
import { fetchPatient } from './session-api';
import { currentPatientAtom } from './session-atoms';

const inFlight = new Map<number, Promise<void>>();

export function loadCurrentPatient(patientId: number, options: { force?: boolean } = {}): Promise<void> {
  const store = appStore();
  const current = store.get(currentPatientAtom);
  if (!options.force && current?.patientId === patientId && current.status !== 'error')
    return Promise.resolve();
  const pending = inFlight.get(patientId);
  if (pending) return pending;

  store.set(currentPatientAtom, { patientId, status: 'loading', patient: null });
  const request = fetchPatient(patientId)
    .then((patient) => {
      if (store.get(currentPatientAtom)?.patientId === patientId) {
        store.set(currentPatientAtom, { patientId, status: 'ready', patient });
      }
    })
    .catch((error: unknown) => {
      if (store.get(currentPatientAtom)?.patientId === patientId) {
        store.set(currentPatientAtom, {
          patientId,
          status: 'error',
          patient: null,
          reason: failureMessage(error),
        });
      }
    })
    .finally(() => inFlight.delete(patientId));
  inFlight.set(patientId, request);
  return request;
}

export function clearCurrentPatient(): void {
  appStore().set(currentPatientAtom, null);
}
