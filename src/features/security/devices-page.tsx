/**
 * `/security/devices`: where the account is signed in (sessions), which browsers skip the
 * SMS code (remembered devices) and which receive pushes, each with a way to end it; at the bottom,
 * signing out everywhere.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { DeviceKind, SecurityDevice, SecurityDevices } from '../../contract/security-devices';
import { logout } from '../../session/sign-out';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { showToast } from '../../ui/toasts';
import { fetchDevices, revokeDevice, signOutEverywhere } from './devices-api';
import { DeviceRow, useDeviceName } from './devices-row';
import './devices.css';

const GROUPS: readonly { kind: DeviceKind; key: keyof SecurityDevices }[] = [
  { kind: 'session', key: 'sessions' },
  { kind: 'remembered', key: 'remembered' },
  { kind: 'push', key: 'push' },
];

function revokeQuestion(
  device: SecurityDevice,
  name: string,
): { header: MessageDescriptor; message: MessageDescriptor } {
  if (device.kind === 'session')
    return device.current
      ? {
          header: msg`Uscire da questo dispositivo?`,
          message: msg`Dovrai accedere di nuovo con password e codice.`,
        }
      : {
          header: msg`Chiudere la sessione?`,
          message: msg`${name} dovrà accedere di nuovo con password e codice.`,
        };
  if (device.kind === 'remembered')
    return {
      header: msg`Dimenticare il dispositivo?`,
      message: msg`Al prossimo accesso da ${name} verrà chiesto di nuovo il codice SMS.`,
    };
  return {
    header: msg`Rimuovere le notifiche?`,
    message: msg`${name} non riceverà più notifiche finché non le riattivi da lì.`,
  };
}

export function SecurityDevicesPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchDevices);
  const [busy, setBusy] = useState(false);
  const nameOf = useDeviceName();

  const titles: Record<DeviceKind, { title: string; hint: string; empty: string }> = {
    session: {
      title: t`Sessioni attive`,
      hint: t`I browser in cui il tuo account è aperto adesso.`,
      empty: t`Nessuna sessione attiva.`,
    },
    remembered: {
      title: t`Dispositivi ricordati`,
      hint: t`Non chiedono il codice SMS per 30 giorni dall'accesso in cui li hai ricordati.`,
      empty: t`Nessun dispositivo ricordato.`,
    },
    push: {
      title: t`Notifiche push`,
      hint: t`I dispositivi che ricevono le notifiche del Fascicolo.`,
      empty: t`Nessun dispositivo riceve notifiche.`,
    },
  };

  const revoke = async (device: SecurityDevice) => {
    const yes = await confirm({
      ...revokeQuestion(device, nameOf(device)),
      confirmLabel:
        device.kind === 'session' ? msg`Esci` : device.kind === 'remembered' ? msg`Dimentica` : msg`Rimuovi`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      const { signedOut } = await revokeDevice(device.id);
      if (signedOut) {
        await logout();
        return;
      }
      const group = GROUPS.find((entry) => entry.kind === device.kind)?.key ?? 'sessions';
      update((current) => ({ ...current, [group]: current[group].filter((row) => row.id !== device.id) }));
      const name = nameOf(device);
      showToast('success', msg`Rimosso: ${name}`);
      document.getElementById(`devices-${device.kind}`)?.focus();
    } catch {
      // The toast already said why; the list may have changed meanwhile.
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const endEverywhere = async () => {
    const yes = await confirm({
      header: msg`Uscire da tutti i dispositivi?`,
      message: msg`Tutte le sessioni verranno chiuse, anche questa: dovrai accedere di nuovo. I dispositivi ricordati chiederanno di nuovo il codice SMS e le notifiche push si fermeranno finché non le riattivi.`,
      confirmLabel: msg`Esci ovunque`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await signOutEverywhere();
      await logout();
    } catch {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t`Dispositivi e sessioni`} refresher={<Refresher onRefresh={reload} />}>
      <div className="devices-page">
        <p className="devices-intro">
          <Trans>Qui vedi dove è aperto il tuo account. Se non riconosci un dispositivo, chiudilo.</Trans>
        </p>
        <LoadedView state={state} onRetry={reload}>
          {(value) => (
            <>
              {GROUPS.map(({ kind, key }) => (
                <section key={kind} className="devices-section" aria-labelledby={`devices-${kind}`}>
                  <h2 id={`devices-${kind}`} tabIndex={-1}>
                    {titles[kind].title}
                  </h2>
                  <p className="devices-hint">{titles[kind].hint}</p>
                  {value[key].length === 0 ? (
                    <p className="devices-empty">{titles[kind].empty}</p>
                  ) : (
                    <ul className="devices-list">
                      {value[key].map((device) => (
                        <DeviceRow
                          key={device.id}
                          device={device}
                          busy={busy}
                          onRevoke={(row) => void revoke(row)}
                        />
                      ))}
                    </ul>
                  )}
                </section>
              ))}
              <section className="devices-everywhere" aria-labelledby="devices-everywhere">
                <h2 id="devices-everywhere">
                  <Trans>Esci da tutti i dispositivi</Trans>
                </h2>
                <p className="devices-hint">
                  <Trans>
                    Chiude ogni sessione, anche questa, dimentica i dispositivi ricordati e ferma le notifiche
                    push.
                  </Trans>
                </p>
                <IonButton expand="block" color="danger" disabled={busy} onClick={() => void endEverywhere()}>
                  <Trans>Esci da tutti i dispositivi</Trans>
                </IonButton>
              </section>
            </>
          )}
        </LoadedView>
      </div>
    </PageLayout>
  );
}
