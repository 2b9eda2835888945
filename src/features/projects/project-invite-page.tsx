/**
 * `/projectInviteRemove/{patientId}` (staff with perm.meview.project.info): the projects the user runs,
 * each with the patient's participation, to invite the patient or remove them (after a confirmation).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorReplyOf } from '../../api/error-report';
import { useLoader } from '../../api/use-loader';
import type { PatientProject } from '../../contract/projects';
import { paths } from '../../routing/paths';
import { loadCurrentPatient } from '../../session/current-patient';
import { currentPatientAtom } from '../../session/session-atoms';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { changeParticipation, fetchPatientProjects } from './api';
import { InviteCard } from './invite-card';
import './projects.css';

/** A patient's signature or refusal shows without a reload. */
const TOPICS = ['consents'] as const;

/** What the toast says happened, naming the patient when the screen knows them. */
function doneMessage(
  action: 'invite' | 'remove',
  entry: PatientProject,
  who: string | null,
): MessageDescriptor {
  const { name } = entry.project;
  if (action === 'invite')
    return who ? msg`Invito al progetto ${name} inviato a ${who}` : msg`Invito al progetto ${name} inviato`;
  if (entry.participation === 'invited')
    return who
      ? msg`Invito al progetto ${name} ritirato per ${who}`
      : msg`Invito al progetto ${name} ritirato`;
  return who
    ? msg`${who} non partecipa più al progetto ${name}`
    : msg`Il paziente non partecipa più al progetto ${name}`;
}

export function ProjectInvitePage(): JSX.Element {
  const { t } = useLingui();
  const patientId = Number(useParams().patientId);
  const patient = useAtomValue(currentPatientAtom);
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => void loadCurrentPatient(patientId), [patientId]);
  const { state, reload, update } = useLoader(
    useCallback(() => fetchPatientProjects(patientId), [patientId]),
    { refreshOnReturn: true, liveTopics: TOPICS },
  );

  const shown = patient?.patientId === patientId ? patient.patient : null;
  const who = shown ? `${shown.name} ${shown.surname}` : null;
  const change = async (entry: PatientProject, action: 'invite' | 'remove'): Promise<void> => {
    const { name } = entry.project;
    if (action === 'remove') {
      const invitedOnly = entry.participation === 'invited';
      const yes = await confirm({
        header: invitedOnly ? msg`Ritirare l'invito?` : msg`Rimuovere dal progetto?`,
        message: invitedOnly
          ? msg`L'invito al progetto "${name}" sarà ritirato.`
          : msg`Il paziente non parteciperà più al progetto "${name}": la partecipazione risulterà terminata dal progetto e il paziente ne sarà avvisato. Potrà partecipare di nuovo solo con un nuovo invito.`,
        confirmLabel: invitedOnly ? msg`Ritira l'invito` : msg`Rimuovi`,
        destructive: true,
      });
      if (!yes) return;
    }
    setBusy(entry.project.id);
    try {
      const next = await changeParticipation(entry.project.id, patientId, action);
      update(() => next);
      showToast('success', doneMessage(action, entry, who));
    } catch (error) {
      const notMember = errorReplyOf(error)?.code === 'PROJECT_NOT_MEMBER';
      showToast(
        'error',
        notMember
          ? msg`Non disponi dei permessi o non sei membro del progetto...`
          : action === 'invite'
            ? msg`Impossibile invitare al Progetto`
            : msg`Impossibile rimuovere dal progetto`,
      );
      void reload();
    } finally {
      setBusy(null);
    }
  };

  return (
    <PageLayout
      title={t`Progetti`}
      backTo={paths.patientInfo(patientId)}
      refresher={<Refresher onRefresh={reload} />}
    >
      <div className="project-page">
        {shown && (
          <p className="project-patient muted">
            <Trans>
              Paziente: {shown.name} {shown.surname}
            </Trans>
          </p>
        )}
        <LoadedView state={state} onRetry={reload}>
          {(value) => (
            <>
              {value.patientProjects.length === 0 && (
                <EmptyState
                  title={<Trans>Non disponi dei permessi o non sei membro del progetto...</Trans>}
                />
              )}
              {value.patientProjects.map((entry) => (
                <InviteCard
                  key={entry.project.id}
                  entry={entry}
                  busy={busy === entry.project.id}
                  onInvite={() => void change(entry, 'invite')}
                  onRemove={() => void change(entry, 'remove')}
                />
              ))}
            </>
          )}
        </LoadedView>
      </div>
    </PageLayout>
  );
}
