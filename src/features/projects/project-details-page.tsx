/**
 * `projectDetails/{projectId}`: the project, its description, members and units; for a member, how
 * many patients take part and how many are invited, and who they are (with their state). Patients
 * reach it from an invitation.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { ProjectDetails } from '../../contract/projects';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { fetchProject } from './api';
import { ParticipantList } from './participant-list';
import './projects.css';

export function ProjectDetailsPage(): JSX.Element {
  const { t } = useLingui();
  const projectId = Number(useParams().projectId);
  const { state, reload } = useLoader(
    useCallback(() => fetchProject(projectId), [projectId]),
    { refreshOnReturn: true },
  );
  return (
    <PageLayout
      title={state.status === 'ready' ? state.value.name : t`Progetto`}
      backTo={paths.home()}
      refresher={<Refresher onRefresh={reload} />}
    >
      <div className="project-page project-details">
        <LoadedView state={state} onRetry={reload}>
          {(project) => <Details project={project} />}
        </LoadedView>
      </div>
    </PageLayout>
  );
}

function Details({ project }: { project: ProjectDetails }): JSX.Element {
  return (
    <>
      <p>{project.description}</p>
      <p className="muted">
        <Trans>Codice: {project.code}</Trans>
      </p>
      {project.closed && (
        <p>
          <Trans>Il progetto è concluso: non accoglie nuovi partecipanti.</Trans>
        </p>
      )}
      {project.participants && (
        <section className="project-counts" aria-label={project.name}>
          <p className="project-count">
            <strong>{project.participants.participating}</strong>
            <Trans>Partecipanti</Trans>
          </p>
          <p className="project-count">
            <strong>{project.participants.invited}</strong>
            <Trans>Invitati in attesa</Trans>
          </p>
        </section>
      )}
      {project.participants && <ParticipantList projectId={project.id} />}
      <h2>
        <Trans>Medici del progetto</Trans>
      </h2>
      {project.members.length === 0 ? (
        <p className="muted">
          <Trans>Nessun medico indicato</Trans>
        </p>
      ) : (
        <ul className="plain-list">
          {project.members.map((member) => (
            <li key={member.id}>{member.displayName}</li>
          ))}
        </ul>
      )}
      <h2>
        <Trans>Reparti coinvolti</Trans>
      </h2>
      <ul className="plain-list">
        {project.units.map((unit) => (
          <li key={unit.id}>
            {unit.name} <span className="muted">· {unit.hospital}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
