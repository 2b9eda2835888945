/**
 * `/videoconference` (spec 2): the caller's conferences, active (to answer, to join) and past. The
 * patient accepts or rejects (with a reason) a physician's request; either party joins an accepted one.
 * The list follows the live channel: a new request appears without a reload.
 */
import { IonButton, IonIcon, IonLabel } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addOutline } from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoader } from '../../api/use-loader';
import type { Conference, ConferenceScope } from '../../contract/conferences';
import { paths } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/segment';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { EmptyState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { acceptConference, fetchConferences, fetchShowUrl, rejectConference } from './api';
import { ConferenceCard } from './conference-card';
import { RejectSheet } from './reject-sheet';
import './conferences.css';

const TOPICS = ['conferences'] as const;

/** An external room (VIDEO_URL_TEMPLATE) opens in its own tab; the portal's call page in this one. */
function openCall(url: string, navigate: (to: string) => void): void {
  if (!/^https?:\/\//.test(url)) {
    navigate(url);
    return;
  }
  const opened = window.open(url, '_blank', 'noopener');
  if (!opened) window.location.assign(url);
}

export function ConferencesPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const [scope, setScope] = useState<ConferenceScope>('active');
  const [rejecting, setRejecting] = useState<Conference | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => fetchConferences(scope), [scope]);
  const list = useLoader(load, { keepOnError: true, refreshOnReturn: true, liveTopics: TOPICS });
  const { state } = list;

  const act = async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The error toast said why; the list shows what is true now.
    } finally {
      setBusy(false);
      void list.reload();
    }
  };
  const actions = {
    busy,
    onAccept: (conference: Conference) =>
      void act(async () => {
        await acceptConference(conference.id);
        showToast('success', msg`Videoconferenza accettata: puoi partecipare quando il medico è collegato`);
      }),
    onReject: setRejecting,
    onJoin: (conference: Conference) =>
      void act(async () => openCall((await fetchShowUrl(conference.id)).url, navigate)),
  };
  const reject = async (conference: Conference, reason: string): Promise<void> => {
    await rejectConference(conference.id, reason);
    setRejecting(null);
    showToast('success', msg`Videoconferenza rifiutata: il medico vedrà il motivo`);
    void list.reload();
  };
  const canInvite = state.status === 'ready' && state.value.canInvite.canUserCreateConference;

  return (
    <PageLayout title={t`Videoconferenze`} refresher={<Refresher onRefresh={list.reload} />}>
      <IonSegment
        className="conference-scope"
        value={scope}
        aria-label={t`Quali videoconferenze`}
        onIonChange={(event) => setScope(event.detail.value === 'past' ? 'past' : 'active')}
      >
        <IonSegmentButton value="active">
          <IonLabel>
            <Trans>Attive</Trans>
          </IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="past">
          <IonLabel>
            <Trans>Passate</Trans>
          </IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {canInvite && scope === 'active' && (
        <IonButton
          className="conference-new"
          expand="block"
          fill="outline"
          routerLink={paths.createVideoConference()}
        >
          <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
          <Trans>Richiedi una videoconferenza</Trans>
        </IonButton>
      )}
      <LoadedView state={state} onRetry={list.reload} staleNotice>
        {(value) => (
          <>
            {value.conferences.length === 0 && (
              <EmptyState
                title={
                  scope === 'active' ? (
                    <Trans>Nessuna videoconferenza attiva</Trans>
                  ) : (
                    <Trans>Nessuna videoconferenza passata</Trans>
                  )
                }
              />
            )}
            {user &&
              value.conferences.map((conference) => (
                <ConferenceCard key={conference.id} conference={conference} user={user} actions={actions} />
              ))}
          </>
        )}
      </LoadedView>
      <RejectSheet conference={rejecting} onClose={() => setRejecting(null)} onReject={reject} />
    </PageLayout>
  );
}
