/**
 * Whether this device shows the pushes it is sent: the service worker acknowledges each one, and a
 * device silent for two days gets an SMS instead for what the user marked important.
 */
import { Trans } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { PushDeviceStatus } from '../../contract/notify';
import { useDateFormat } from '../../i18n/dates';
import { pushEndpoint } from '../../pwa/push-device';
import { fetchDeviceStatus } from './api';

export function DeviceStatus(): JSX.Element {
  const { dateTime } = useDateFormat();
  const [status, setStatus] = useState<PushDeviceStatus | null>(null);

  const load = useCallback(async () => {
    const endpoint = await pushEndpoint();
    if (!endpoint) return setStatus(null);
    setStatus(await fetchDeviceStatus(endpoint).catch(() => null));
  }, []);

  useEffect(() => {
    void load();
    // The worker posts PUSH_RECEIVED after it acknowledged a push: the line below moves with it.
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'PUSH_RECEIVED')
        void load();
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [load]);

  if (status?.stale) {
    return (
      <p className="notify-device-status notify-device-silent" data-testid="notify-device-status">
        <Trans>
          Da più di due giorni questo dispositivo non mostra le notifiche. Per le categorie importanti ti
          avvisiamo con un SMS.
        </Trans>
      </p>
    );
  }
  const shown = status?.lastShownAt ? dateTime(status.lastShownAt) : null;
  return (
    <>
      <p>
        <Trans>Questo dispositivo riceve le notifiche del Fascicolo.</Trans>
      </p>
      {status && (
        <p
          className="notify-device-status"
          data-testid="notify-device-status"
          data-shown={status.lastShownAt ?? ''}
        >
          {shown ? (
            <Trans>Ultima notifica mostrata: {shown}</Trans>
          ) : (
            <Trans>Nessuna notifica ancora mostrata su questo dispositivo.</Trans>
          )}
        </p>
      )}
    </>
  );
}
