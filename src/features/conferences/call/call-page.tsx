/**
 * `/videoconference/:id/call`: the in-portal 1:1 call. Devices are checked first; the patient then
 * waits until the host admits them; either party hangs up (the host's hang-up ends the conference).
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../../routing/paths';
import { confirm } from '../../../ui/confirm-dialog';
import { PageLayout } from '../../../ui/page-layout';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { CallStage } from './call-stage';
import { DeviceCheck } from './device-check';
import { useCall } from './use-call';
import { useLocalMedia } from './use-local-media';
import './call.css';

export function CallPage(): JSX.Element {
  const { t } = useLingui();
  const raw = useParams().id;
  const id = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  return (
    <PageLayout title={t`Videoconferenza`} backTo={paths.home()} className="call-page">
      {id ? <CallScreen id={id} /> : <Unavailable />}
    </PageLayout>
  );
}

function Unavailable(): JSX.Element {
  return (
    <EmptyState title={<Trans>Videoconferenza non disponibile</Trans>}>
      <p>
        <Trans>La videoconferenza non esiste, non è ancora stata accettata oppure non ti riguarda.</Trans>
      </p>
      <IonButton routerLink={paths.home()}>
        <Trans>Torna alla Home</Trans>
      </IonButton>
    </EmptyState>
  );
}

function CallScreen({ id }: { id: number }): JSX.Element {
  const media = useLocalMedia();
  const call = useCall(id, media.stream);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const host = call.setup?.role === 'host';
  const peerName = call.setup?.peerName ?? '';

  // Focus follows the journey: the heading of each new step (the call, the end) takes it.
  useEffect(() => {
    if (call.phase === 'joined' || call.phase === 'left' || call.phase === 'ended') heading.current?.focus();
  }, [call.phase]);

  const join = async (): Promise<void> => {
    setBusy(true);
    await call.join();
    setBusy(false);
  };
  const hangUp = async (): Promise<void> => {
    if (host) {
      const sure = await confirm({
        header: msg`Terminare la videoconferenza?`,
        message: msg`La chiamata si chiude per entrambi e la videoconferenza termina: non si potrà più rientrare.`,
        confirmLabel: msg`Termina`,
        destructive: true,
      });
      if (!sure) return;
    }
    await call.hangUp();
  };

  switch (call.phase) {
    case 'loading':
      return <LoadingState />;
    case 'unavailable':
      return call.setup ? <ErrorState onRetry={call.retryLoad} /> : <Unavailable />;
    case 'check':
      return (
        <DeviceCheck
          media={media}
          peerName={peerName}
          host={host}
          busy={busy}
          failed={call.failed}
          onJoin={() => void join()}
        />
      );
    case 'joined':
      return <CallStage call={call} media={media} heading={heading} onHangUp={() => void hangUp()} />;
    case 'left':
      return (
        <section className="call-end">
          <h2 tabIndex={-1} ref={heading}>
            <Trans>Hai lasciato la videoconferenza</Trans>
          </h2>
          <IonButton className="call-join" disabled={busy || !media.stream} onClick={() => void join()}>
            <Trans>Rientra nella sala d'attesa</Trans>
          </IonButton>
          <IonButton fill="outline" routerLink={paths.home()}>
            <Trans>Torna alla Home</Trans>
          </IonButton>
        </section>
      );
    case 'ended':
      return (
        <section className="call-end">
          <h2 tabIndex={-1} ref={heading}>
            <Trans>La videoconferenza è terminata</Trans>
          </h2>
          <IonButton routerLink={paths.home()}>
            <Trans>Torna alla Home</Trans>
          </IonButton>
        </section>
      );
  }
}
