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
        fill={media.micOn ? 'solid' : 'outline'}
        color={media.micOn ? 'medium' : 'dark'}
        className="call-mic-toggle"
        onClick={media.toggleMic}
      >
        <ControlLabel
          icon={media.micOn ? micOutline : micOffOutline}
          text={media.micOn ? t`Disattiva microfono` : t`Attiva microfono`}
        />
      </IonButton>
      <IonButton
        fill={media.cameraOn ? 'solid' : 'outline'}
        color={media.cameraOn ? 'medium' : 'dark'}
        className="call-camera-toggle"
        onClick={media.toggleCamera}
      >
        <ControlLabel
          icon={media.cameraOn ? videocamOutline : videocamOffOutline}
          text={media.cameraOn ? t`Disattiva videocamera` : t`Attiva videocamera`}
        />
      </IonButton>
      <IonButton className="call-hangup" color="danger" onClick={onHangUp}>
        <ControlLabel icon={callOutline} text={hangUpLabel} />
      </IonButton>
    </div>
  );
}

/** Icon above a short label: three controls fit side by side on a phone. */
function ControlLabel({ icon, text }: { icon: string; text: string }): JSX.Element {
  return (
    <span className="call-control-inner">
      <IonIcon icon={icon} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
