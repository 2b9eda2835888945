import { IonButton, IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { callOutline, micOffOutline, micOutline, videocamOffOutline, videocamOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { LocalMedia } from './use-local-media';

/** Microphone, camera and hang-up, 44 px or more. Each toggle is named by what it does now (no aria-pressed: Ionic copies it to its inner button only once, and a name that changes already says the state). */
export function CallControls({
  media,
  hangUpLabel,
  onHangUp,
}: {
  media: LocalMedia;
  hangUpLabel: string;
  onHangUp: () => void;
}): JSX.Element {
  const { t } = useLingui();
  return (
    <div className="call-controls">
      <IonButton
        shape="round"
        fill={media.micOn ? 'solid' : 'outline'}
        color="medium"
        className="call-mic-toggle"
        onClick={media.toggleMic}
      >
        <IonIcon slot="start" icon={media.micOn ? micOutline : micOffOutline} aria-hidden="true" />
        {media.micOn ? t`Disattiva microfono` : t`Attiva microfono`}
      </IonButton>
      <IonButton
        shape="round"
        fill={media.cameraOn ? 'solid' : 'outline'}
        color="medium"
        className="call-camera-toggle"
        onClick={media.toggleCamera}
      >
        <IonIcon
          slot="start"
          icon={media.cameraOn ? videocamOutline : videocamOffOutline}
          aria-hidden="true"
        />
        {media.cameraOn ? t`Disattiva videocamera` : t`Attiva videocamera`}
      </IonButton>
      <IonButton className="call-hangup" shape="round" color="danger" onClick={onHangUp}>
        <IonIcon slot="start" icon={callOutline} aria-hidden="true" className="call-hangup-icon" />
        {hangUpLabel}
      </IonButton>
    </div>
  );
}
