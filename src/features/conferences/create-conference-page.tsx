/**
 * `/createVideoConference` (spec 2): a physician chooses when (now, or a booked date and time),
 * picks a patient to call among the participants of a project they run, those online first (a presence
 * dot), checks canUserCreateConference and sends the request. Presence has no live event: the list asks again every 30 s.
 */
import { IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorReplyOf } from '../../api/error-report';
import { fetchOwnProjects } from '../../api/projects';
import { useLoader } from '../../api/use-loader';
import type { FieldError } from '../../contract/common';
import type { OnlinePatients } from '../../contract/conferences';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState, LoadingState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { fetchCanCreate, fetchOnlinePatients, requestConference } from './api';
import { PresenceDot } from './conference-card';
import {
  type Booking,
  bookingBody,
  bookingProblems,
  initialBooking,
  VisitWhenFields,
} from './visit-when-fields';
import './conferences.css';
import '../../ui/forms.css';

const PRESENCE_REFRESH_MS = 30_000;
const NO_PATIENTS: OnlinePatients = { patients: [] };

export function CreateConferencePage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const selectId = useId();
  const format = useDateFormat();
  const projects = useLoader(fetchOwnProjects);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking>(initialBooking);
  const [problems, setProblems] = useState<readonly FieldError[]>([]);
  const changeBooking = (next: Booking): void => {
    setBooking(next);
    setProblems([]);
  };
  const firstProject = projects.state.status === 'ready' ? (projects.state.value[0]?.id ?? null) : null;
  const chosen = projectId ?? firstProject;
  const loadPatients = useCallback(
    () => (chosen === null ? Promise.resolve(NO_PATIENTS) : fetchOnlinePatients(chosen)),
    [chosen],
  );
  const patients = useLoader(loadPatients, { keepOnError: true, refreshOnReturn: true });
  const { reload } = patients;

  useEffect(() => {
    const timer = setInterval(() => void reload(), PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const call = async (patient: OnlinePatients['patients'][number]): Promise<void> => {
    setRefusal(null);
    const local = bookingProblems(booking);
    setProblems(local);
    if (local.length > 0) return;
    setBusy(true);
    try {
      const allowed = await fetchCanCreate(patient.id);
      if (!allowed.canUserCreateConference) {
        setRefusal(allowed.message ?? t`Non puoi richiedere una videoconferenza con questo paziente`);
        return;
      }
      const name = patient.displayName;
      const day = format.date(booking.date);
      const time = booking.time;
      const later = booking.mode === 'later';
      const yes = await confirm({
        header: later ? msg`Prenota una videovisita` : msg`Richiedi una videoconferenza`,
        message: later
          ? msg`Prenotare con ${name} una videovisita il ${day} alle ${time}? Riceverà l'invito nel portale e un promemoria.`
          : msg`Inviare a ${name} la richiesta di videoconferenza? Riceverà l'invito nel portale.`,
        confirmLabel: later ? msg`Prenota la visita` : msg`Invia la richiesta`,
      });
      if (!yes) return;
      await requestConference(patient.id, bookingBody(booking));
      showToast(
        'success',
        later
          ? msg`Videovisita prenotata per il ${day} alle ${time}: sarà confermata quando il paziente accetta`
          : msg`Richiesta inviata: la videoconferenza sarà attiva quando il paziente accetta`,
      );
      navigate(paths.videoconference());
    } catch (failure) {
      // A refused date or time is shown at its field; any other error's toast has said why.
      const fields = errorReplyOf(failure)?.fields;
      if (fields?.length) setProblems(fields);
    } finally {
      setBusy(false);
    }
  };

  const list = patients.state;
  return (
    <PageLayout
      title={t`Nuova videoconferenza`}
      backTo={paths.videoconference()}
      refresher={<Refresher onRefresh={reload} />}
    >
      <p className="muted conference-intro">
        <Trans>
          Scegli il paziente da chiamare tra i partecipanti dei tuoi progetti. I pazienti collegati al portale
          in questo momento sono in cima alla lista.
        </Trans>
      </p>
      <LoadedView state={projects.state} onRetry={projects.reload}>
        {(value) => (
          <>
            {value.length === 0 && <EmptyState title={<Trans>Non sei membro di alcun progetto</Trans>} />}
            {value.length > 0 && (
              <div className="field">
                <label htmlFor={selectId}>
                  <Trans>Progetto</Trans>
                </label>
                <select
                  id={selectId}
                  value={chosen ?? ''}
                  disabled={busy}
                  onChange={(event) => setProjectId(Number(event.target.value))}
                >
                  {value.map((project) => (
                    <option key={project.id} value={project.id}>
                      {project.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </>
        )}
      </LoadedView>
      <VisitWhenFields value={booking} onChange={changeBooking} problems={problems} disabled={busy} />
      {refusal && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
      <LoadedView state={list} onRetry={reload} loading={chosen !== null && <LoadingState />}>
        {({ patients: members }) => (
          <>
            {chosen !== null && members.length === 0 && (
              <EmptyState title={<Trans>Nessun paziente partecipa a questo progetto</Trans>} />
            )}
            {members.length > 0 && (
              <IonList className="conference-patient-list" aria-label={t`Pazienti del progetto`}>
                {members.map((patient) => (
                  <IonItem key={patient.id} button detail disabled={busy} onClick={() => void call(patient)}>
                    <IonLabel>
                      <span className="patient-row-name">
                        <PresenceDot online={patient.online} />
                        {patient.displayName}
                      </span>
                    </IonLabel>
                    {patient.online && (
                      <IonNote slot="end" aria-hidden="true">
                        <Trans>Online</Trans>
                      </IonNote>
                    )}
                  </IonItem>
                ))}
              </IonList>
            )}
          </>
        )}
      </LoadedView>
    </PageLayout>
  );
}
