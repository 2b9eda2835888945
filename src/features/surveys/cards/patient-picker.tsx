/** Choosing patients for a card: the caller's favourites, or a search by surname; ticked ones stay listed. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useId, useState } from 'react';
import { useLoader } from '../../../api/use-loader';
import type { PatientSummary } from '../../../contract/patient';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { fetchPatients } from '../api';

export interface PickedPatient {
  id: number;
  name: string;
}

export function PatientPicker({
  picked,
  onChange,
}: {
  picked: readonly PickedPatient[];
  onChange: (picked: PickedPatient[]) => void;
}): JSX.Element {
  const { t } = useLingui();
  const id = useId();
  const [surname, setSurname] = useState('');
  const [query, setQuery] = useState('');
  const load = useCallback(() => fetchPatients(query), [query]);
  const found = useLoader(load, { keepOnError: true });
  const toggle = (patient: PatientSummary, on: boolean): void => {
    const name = `${patient.surname} ${patient.name}`;
    onChange(on ? [...picked, { id: patient.mepiId, name }] : picked.filter((p) => p.id !== patient.mepiId));
  };
  const pickedIds = new Set(picked.map((p) => p.id));
  const listed = found.state.status === 'ready' ? found.state.value.patients : [];
  const others = picked.filter((p) => !listed.some((patient) => patient.mepiId === p.id));
  return (
    <div className="survey-picker">
      <form
        className="survey-search"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(surname);
        }}
      >
        <label className="field" htmlFor={id}>
          <span>
            <Trans>Cerca per cognome</Trans>
          </span>
          <input
            id={id}
            type="search"
            value={surname}
            onChange={(event) => setSurname(event.target.value)}
            placeholder={t`Vuoto: i tuoi preferiti`}
          />
        </label>
        <button type="submit" className="survey-search-button">
          <Trans>Cerca</Trans>
        </button>
      </form>
      {found.state.status === 'loading' && <LoadingState />}
      {found.state.status === 'error' && (
        <ErrorState reason={found.state.reason} onRetry={() => void found.reload()} />
      )}
      <fieldset className="survey-options survey-target">
        <legend>
          <Trans>Pazienti</Trans>
        </legend>
        {others.map((p) => (
          <label key={p.id} className="survey-option">
            <input
              type="checkbox"
              checked
              onChange={() => onChange(picked.filter((each) => each.id !== p.id))}
            />
            <span>{p.name}</span>
          </label>
        ))}
        {listed.map((patient) => (
          <label key={patient.mepiId} className="survey-option">
            <input
              type="checkbox"
              checked={pickedIds.has(patient.mepiId)}
              onChange={(event) => toggle(patient, event.target.checked)}
            />
            <span>
              {patient.surname} {patient.name}
            </span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
