/**
 * Whose results a screen shows: the patient side's own (paths without an id; a guest's patient), staff's
 * by the id in the path, as the dossier and the summary decide it.
 */
import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { isPatientSide } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';

export type RoutePatient =
  | { kind: 'loading' }
  /** Staff without an id, or the patient side with one: where to go instead. */
  | { kind: 'redirect'; staff: boolean }
  | { kind: 'invalid' }
  | {
      kind: 'patient';
      patientId: number;
      staff: boolean /** May enter and correct readings. */;
      author: boolean;
    };

function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

export function useRoutePatient(): RoutePatient {
  const user = useAtomValue(currentUserAtom);
  const raw = useParams().patientId;
  if (!user) return { kind: 'loading' };
  const patientSide = isPatientSide(user.userType);
  if (patientSide === (raw !== undefined)) return { kind: 'redirect', staff: !patientSide };
  const patientId = patientSide ? user.patientId : parseId(raw);
  if (patientId === null) return { kind: 'invalid' };
  return { kind: 'patient', patientId, staff: !patientSide, author: user.userType === 'PAT' };
}
