import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { IonSpinner } from '../../../ui/ionic/spinner';
import { mediaProblemText } from './media';
import { MicLevel } from './mic-level';
import { StreamVideo } from './stream-video';
import type { LocalMedia } from './use-local-media';

/** Before joining: the own camera, the microphone's level, and what to do when either is missing. */
export function DeviceCheck({
  media,
  peerName,
  host,
  busy,
  failed,
  onJoin,
}: {
  media: LocalMedia;
  peerName: string;
  host: boolean;
  busy: boolean;
  failed: boolean;
  onJoin: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  return (
    <section className="call-check" aria-labelledby="call-check-title">
      <h2 id="call-check-title">
        <Trans>Controlla fotocamera e microfono</Trans>
      </h2>
      <p className="call-peer">{t`Videoconferenza con ${peerName}`}</p>
      <div className="call-preview">
        {media.stream ? (
          <StreamVideo stream={media.stream} own label={t`La tua videocamera`} />
        ) : (
          <div className="call-preview-empty">
            {media.starting ? <IonSpinner name="crescent" aria-hidden="true" /> : null}
          </div>
        )}
      </div>
      {media.starting && (
        <p role="status">
          <Trans>Avvio di fotocamera e microfono…</Trans>
        </p>
      )}
      {media.problem && (
        <div className="call-problem" role="alert">
          <p>{i18n._(mediaProblemText[media.problem])}</p>
          <IonButton fill="outline" onClick={media.retry}>
            <Trans>Riprova</Trans>
          </IonButton>
        </div>
      )}
      {media.stream && (
        <>
          <MicLevel stream={media.stream} />
          <p className="call-hint">
            <Trans>Parla: la barra si muove se il microfono ti sente.</Trans>
          </p>
        </>
      )}
      {failed && (
        <p className="call-problem" role="alert">
          <Trans>Impossibile entrare nella videoconferenza. Riprova.</Trans>
        </p>
      )}
      <IonButton className="call-join" expand="block" disabled={!media.stream || busy} onClick={onJoin}>
        {host ? t`Entra nella videoconferenza` : t`Entra nella sala d'attesa`}
      </IonButton>
    </section>
  );
}
