/**
 * Staff choose the patient a message is about: found by surname, name or fiscal code (at least
 * MESSAGE_PATIENT_SEARCH_MIN characters, at most MESSAGE_PATIENTS_MAX answers, so it scales to any number
 * of patients), or from their projects' patients before typing. Only patients whose dossier the caller may
 * open are offered (the server decides). No patient: the message goes to colleagues only.
 */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useId, useState } from 'react';
import { MESSAGE_PATIENT_SEARCH_MIN, type MessagePatientList } from '../../contract/messages';
import { useDebounced } from '../../ui/use-debounced';
import { fetchMessagePatients } from './api';
import { SearchField } from './search-field';

export interface ChosenPatient {
  patientId: number;
  displayName: string;
}

type Found = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: MessagePatientList };

function useFound(text: string | null): Found {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setFound({ status: 'loading' });
    fetchMessagePatients(text)
      .then((list) => active && setFound({ status: 'ready', list }))
      .catch(() => active && setFound({ status: 'error' }));
    return () => {
      active = false;
    };
  }, [text]);
  return found;
}

export function PatientChoice({
  chosen,
  disabled,
  onChoose,
}: {
  /** The patient chosen (its name may still be loading: null). */
  chosen: { patientId: number; displayName: string | null } | null;
  disabled: boolean;
  onChoose: (patient: ChosenPatient | null) => void;
}): JSX.Element {
  const { t } = useLingui();
  const hintId = useId();
  return (
    <fieldset className="message-recipients message-patient">
      <legend>
        <Trans>Paziente</Trans>
      </legend>
      {chosen ? (
        <div className="message-patient-chosen">
          <span>{chosen.displayName ?? t`Caricamento…`}</span>
          <IonButton fill="outline" size="small" disabled={disabled} onClick={() => onChoose(null)}>
            <Trans>Cambia paziente</Trans>
          </IonButton>
        </div>
      ) : (
        <PatientSearch hintId={hintId} disabled={disabled} onChoose={onChoose} />
      )}
    </fieldset>
  );
}

function PatientSearch({
  hintId,
  disabled,
  onChoose,
}: {
  hintId: string;
  disabled: boolean;
  onChoose: (patient: ChosenPatient) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [typed, setTyped] = useState('');
  const settled = useDebounced(typed.trim());
  const searching = settled.length >= MESSAGE_PATIENT_SEARCH_MIN;
  const found = useFound(searching ? settled : null);
  const tooShort = settled.length > 0 && !searching;
  return (
    <div className="message-patient-search">
      <SearchField
        id="message-patient-search"
        label={<Trans>Cerca un paziente</Trans>}
        value={typed}
        disabled={disabled}
        describedBy={hintId}
        onChange={setTyped}
      />
      <p id={hintId} className="muted">
        {tooShort
          ? t`Scrivi almeno ${MESSAGE_PATIENT_SEARCH_MIN} caratteri.`
          : t`Cognome, nome o codice fiscale. Senza paziente il messaggio va solo ai colleghi.`}
      </p>
      {!tooShort && (
        <div aria-live="polite">
          {!searching && found.status === 'ready' && found.list.patients.length > 0 && (
            <h3 className="message-patient-heading">
              <Trans>I pazienti dei tuoi progetti</Trans>
            </h3>
          )}
          {found.status === 'loading' && <p className="muted">{t`Ricerca in corso…`}</p>}
          {found.status === 'error' && <p className="muted">{t`Ricerca non riuscita: riprova.`}</p>}
          {found.status === 'ready' && searching && found.list.patients.length === 0 && (
            <p className="muted">{t`Nessun paziente a cui puoi scrivere corrisponde alla ricerca.`}</p>
          )}
          {found.status === 'ready' && found.list.patients.length > 0 && (
            <ul className="message-patient-results">
              {found.list.patients.map((patient) => (
                <li key={patient.patientId}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() =>
                      onChoose({ patientId: patient.patientId, displayName: patient.displayName })
                    }
                  >
                    <span>{patient.displayName}</span>
                    <span className="muted">
                      {patient.fiscalCode} ·{' '}
                      {i18n.date(patient.birthDate, {
                        day: '2-digit',
                        month: '2-digit',
                        year: 'numeric',
                        timeZone: 'UTC',
                      })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {found.status === 'ready' && found.list.more && (
            <p className="muted">{t`Ci sono altri pazienti: precisa la ricerca.`}</p>
          )}
        </div>
      )}
    </div>
  );
}
