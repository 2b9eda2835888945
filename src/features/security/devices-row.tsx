/** One device or session: what it is, when it was used, whether it is this one, and a way to end it. */
import { IonButton, IonIcon } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { desktopOutline, keyOutline, notificationsOutline, phonePortraitOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import type { SecurityDevice } from '../../contract/security-devices';
import { useDateFormat } from '../../i18n/dates';
import { relativeTime } from './devices-time';

const MOBILE_SYSTEMS = /^(Android|iOS|HarmonyOS)/;

function iconOf(device: SecurityDevice): string {
  if (device.kind === 'push') return notificationsOutline;
  if (device.kind === 'remembered') return keyOutline;
  return MOBILE_SYSTEMS.test(device.system) ? phonePortraitOutline : desktopOutline;
}

export function useDeviceName(): (device: SecurityDevice) => string {
  const { t } = useLingui();
  return (device) =>
    `${device.browser || t`Browser sconosciuto`} · ${device.system || t`Sistema sconosciuto`}`;
}

function UseTime({ iso }: { iso: string }): JSX.Element {
  const { t, i18n } = useLingui();
  const { dateTime } = useDateFormat();
  const relative = relativeTime(iso, i18n.locale) ?? t`adesso`;
  return (
    <time dateTime={iso}>
      {relative} ({dateTime(iso)})
    </time>
  );
}

export function DeviceRow({
  device,
  busy,
  onRevoke,
}: {
  device: SecurityDevice;
  busy: boolean;
  onRevoke: (device: SecurityDevice) => void;
}): JSX.Element {
  const { t } = useLingui();
  const name = useDeviceName()(device);
  const action =
    device.kind === 'session' ? t`Esci` : device.kind === 'remembered' ? t`Dimentica` : t`Rimuovi`;
  const label =
    device.kind === 'session'
      ? t`Esci da ${name}`
      : device.kind === 'remembered'
        ? t`Dimentica ${name}`
        : t`Rimuovi le notifiche da ${name}`;
  return (
    <li className="devices-row" data-testid={`device-${device.kind}`}>
      <IonIcon icon={iconOf(device)} aria-hidden="true" className="devices-row-icon" />
      <div className="devices-row-text">
        <p className="devices-row-name">
          <span>{name}</span>
          {device.current && (
            <span className="devices-badge">
              <Trans>Questo dispositivo</Trans>
            </span>
          )}
        </p>
        <p className="devices-row-use">
          <Trans>Primo uso:</Trans> <UseTime iso={device.firstUsedAt} />
        </p>
        <p className="devices-row-use">
          <Trans>Ultimo uso:</Trans>{' '}
          {device.lastUsedAt ? <UseTime iso={device.lastUsedAt} /> : <Trans>non ancora</Trans>}
        </p>
      </div>
      <IonButton
        className="devices-revoke"
        fill="outline"
        color="danger"
        aria-label={label}
        disabled={busy}
        onClick={() => onRevoke(device)}
      >
        {action}
      </IonButton>
    </li>
  );
}
