/**
 * The project's participants and invited patients with their state (staff who run it): a filter by
 * state, a page at a time ("Mostra altri"), each row one tap from the patient's record.
 */
import { IonButton, IonItem, IonLabel, IonList } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useId, useState } from 'react';
import type { Page } from '../../api/use-loader';
import { usePagedLoader } from '../../api/use-loader';
import type { ProjectParticipant, ProjectParticipantState } from '../../contract/projects';
import { useDateFormat } from '../../i18n/dates';
import { paths } from '../../routing/paths';
import { LoadedView } from '../../ui/loaded-view';
import { EmptyState } from '../../ui/state-views';
import { fetchProjectParticipants } from './api';
import { PARTICIPANT_STATE_LOOK } from './participation-labels';

const FILTERS: readonly (ProjectParticipantState | null)[] = [null, 'participating', 'invited', 'expired'];

function Row({ participant }: { participant: ProjectParticipant }): JSX.Element {
  const { i18n } = useLingui();
  const { date } = useDateFormat();
  const look = PARTICIPANT_STATE_LOOK[participant.state];
  const since = participant.since ? date(participant.since) : null;
  const birth = date(participant.birthDate);
  return (
    <IonItem routerLink={paths.patientInfo(participant.patientId)} detail className="participant-row">
      <IonLabel>
        <h3>
          {participant.surname} {participant.name}
        </h3>
        <p>
          <Trans>Data di nascita: {birth}</Trans>
        </p>
      </IonLabel>
      <div slot="end" className="participant-state">
        <span className={`tone-chip tone-${look.tone}`}>{i18n._(look.label)}</span>
        {since && <span className="muted">{i18n._({ ...look.since, values: { day: since } })}</span>}
      </div>
    </IonItem>
  );
}

export function ParticipantList({ projectId }: { projectId: number }): JSX.Element {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const [filter, setFilter] = useState<ProjectParticipantState | null>(null);
  const loadPage = useCallback(
    async ({ offset }: { offset: number }): Promise<Page<ProjectParticipant>> => {
      const list = await fetchProjectParticipants(projectId, offset, filter);
      return {
        items: list.participants,
        total: list.paging.totalCount,
        more: offset + list.participants.length < list.paging.totalCount,
      };
    },
    [projectId, filter],
  );
  const list = usePagedLoader<ProjectParticipant>(loadPage, {
    keyOf: (item) => item.patientId,
    refreshOnReturn: true,
    liveTopics: ['consents'],
  });
  const { state } = list;
  const shown = state.status === 'ready' ? state.value.items.length : 0;
  const total = state.status === 'ready' ? state.value.total : 0;
  return (
    <section className="participant-list" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Partecipanti e invitati</Trans>
      </h2>
      <fieldset className="participant-filters">
        <legend className="visually-hidden">{t`Mostra`}</legend>
        {FILTERS.map((each) => (
          <IonButton
            key={each ?? 'all'}
            size="small"
            fill={filter === each ? 'solid' : 'outline'}
            aria-pressed={filter === each}
            onClick={() => setFilter(each)}
          >
            {each ? i18n._(PARTICIPANT_STATE_LOOK[each].filter) : t`Tutti`}
          </IonButton>
        ))}
      </fieldset>
      <LoadedView state={state} onRetry={list.reload}>
        {(page) => (
          <>
            {page.items.length === 0 && (
              <EmptyState title={<Trans>Nessun paziente in questo elenco</Trans>} />
            )}
            {page.items.length > 0 && (
              <>
                <p className="muted" aria-live="polite">
                  <Trans>
                    {shown} di {total}
                  </Trans>
                </p>
                <IonList lines="full" className="participant-items">
                  {page.items.map((participant) => (
                    <Row key={participant.patientId} participant={participant} />
                  ))}
                </IonList>
                {list.hasMore && (
                  <div className="list-more">
                    <IonButton fill="clear" disabled={list.loadingMore} onClick={() => void list.loadMore()}>
                      <Trans>Mostra altri</Trans>
                    </IonButton>
                  </div>
                )}
              </>
            )}
          </>
        )}
      </LoadedView>
    </section>
  );
}
