import { IonButton } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import type { JSX, RefObject } from 'react';
import { IonSpinner } from '../../../ui/ionic/spinner';
import { CallControls } from './call-controls';
import { StreamVideo } from './stream-video';
import type { CallControl } from './use-call';
import type { LocalMedia } from './use-local-media';

/** The call once joined: the other person large, oneself small, the waiting room's news, the controls. */
export function CallStage({
  call,
  media,
  heading,
  onHangUp,
}: {
  call: CallControl;
  media: LocalMedia;
  heading: RefObject<HTMLHeadingElement | null>;
  onHangUp: () => void;
}): JSX.Element {
  const { t } = useLingui();
  const host = call.setup?.role === 'host';
  const peerName = call.setup?.peerName ?? '';
  const presence = call.state?.patient ?? 'absent';
  const lost = call.connection === 'failed' || call.connection === 'disconnected';
  const status = call.remote
    ? lost
      ? t`Connessione persa: attendi che si ristabilisca…`
      : t`In videoconferenza con ${peerName}`
    : host
      ? presence === 'waiting'
        ? t`${peerName} è in sala d'attesa`
        : presence === 'admitted'
          ? t`Connessione in corso…`
          : t`${peerName} non è ancora in sala d'attesa`
      : presence === 'admitted'
        ? t`Connessione in corso…`
        : t`In attesa che il medico ti faccia entrare`;
  const waiting = !call.remote && (presence !== 'absent' || !host);
  return (
    <section className="call-stage" aria-labelledby="call-stage-title">
      <h2 id="call-stage-title" className="visually-hidden" tabIndex={-1} ref={heading}>
        {t`Videoconferenza con ${peerName}`}
      </h2>
      <div className="call-remote">
        {call.remote && <StreamVideo stream={call.remote} label={t`Video di ${peerName}`} />}
        <div className={call.remote ? 'call-status call-status-over' : 'call-status'}>
          {waiting && <IonSpinner name="dots" aria-hidden="true" />}
          <p role="status" aria-live="polite">
            {status}
          </p>
          {host && presence === 'waiting' && (
            <IonButton className="call-admit" onClick={() => void call.admit()}>{t`Ammetti`}</IonButton>
          )}
          {call.failed && (
            <p role="alert" className="call-problem">
              {t`L'operazione non è riuscita. Riprova.`}
            </p>
          )}
        </div>
        <div className="call-own">
          <StreamVideo stream={media.stream} own label={t`La tua videocamera`} />
          {!media.cameraOn && <span className="call-own-off">{t`Videocamera spenta`}</span>}
        </div>
      </div>
      <CallControls
        media={media}
        hangUpLabel={host ? t`Termina` : t`Lascia la chiamata`}
        onHangUp={onHangUp}
      />
    </section>
  );
}
