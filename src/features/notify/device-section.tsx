/**
 * The one switch of `/notify`: "Ricevi le notifiche". On: the user reads what the
 * notifications say, presses Continua, the browser asks its permission (never on load: a refused
 * prompt cannot be asked again), this device subscribes and the general preference turns on. Off:
 * this device unsubscribes and the general preference turns off. A refused permission is explained
 * with the way to undo it.
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { type PushState, turnPushOff, turnPushOn } from '../../pwa/push-device';
import { IonToggle } from '../../ui/ionic/toggle';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import { DeviceStatus } from './device-status';

/** Whether the switch shows on: the general preference, and this device subscribed when it can be. */
export function switchIsOn(enabled: boolean, device: PushState | null): boolean {
  return enabled && (device === 'on' || device === 'unsupported');
}

export function DeviceSection({
  enabled,
  device,
  onDevice,
  onEnabled,
}: {
  enabled: boolean;
  device: PushState | null;
  onDevice: (state: PushState) => void;
  /** Saves the general preference; resolves when saved. */
  onEnabled: (enabled: boolean) => Promise<void>;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const on = switchIsOn(enabled, device);
  const hint =
    device === null
      ? t`Verifica in corso…`
      : device === 'blocked'
        ? t`Il browser blocca le notifiche di questo sito: vedi sotto come sbloccarle.`
        : on
          ? t`Ti avvisiamo delle novità scelte qui sotto. Gli avvisi non contengono dati clinici.`
          : t`Spento, non ti avvisiamo di nulla: le novità restano visibili nel Fascicolo.`;

  const turnOn = async () => {
    setBusy(true);
    try {
      const next =
        device === 'unsupported' ? device : await turnPushOn(i18n.locale.startsWith('en') ? 'en' : 'it');
      onDevice(next);
      if (next === 'on' || next === 'unsupported') {
        await onEnabled(true);
        showToast('success', msg`Notifiche attivate.`);
      }
    } catch {
      showToast('error', msg`Non è stato possibile attivare le notifiche. Riprova più tardi.`);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await turnPushOff();
      onDevice(device === 'unsupported' ? device : 'off');
      await onEnabled(false);
      showToast('success', msg`Notifiche disattivate.`);
    } catch {
      showToast('error', msg`Non è stato possibile disattivare le notifiche. Riprova più tardi.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="notify-section" aria-labelledby="notify-device">
      <h2 id="notify-device">
        <Trans>Notifiche su questo dispositivo</Trans>
      </h2>
      <div className="notify-master">
        <IonToggle
          className="notify-toggle"
          justify="space-between"
          checked={on}
          disabled={busy || device === null || device === 'blocked'}
          onIonChange={(event) => {
            // The toggle shows what is true, not what was tapped: it moves once the step succeeded.
            event.target.checked = on;
            if (event.detail.checked) setAsking(true);
            else void turnOff();
          }}
        >
          <Trans>Ricevi le notifiche</Trans>
        </IonToggle>
        <p className="notify-option-hint notify-toggle-hint">{hint}</p>
      </div>
      {device === 'blocked' && (
        <div className="notify-blocked" role="note">
          <p>
            <Trans>
              Hai rifiutato il permesso di mostrare notifiche, e il Fascicolo non può chiederlo di nuovo. Per
              attivarle:
            </Trans>
          </p>
          <ol>
            <li>
              <Trans>
                apri le impostazioni del sito nel browser (il lucchetto accanto all'indirizzo) oppure, su un
                telefono, le impostazioni delle notifiche del Fascicolo;
              </Trans>
            </li>
            <li>
              <Trans>alla voce Notifiche scegli Consenti;</Trans>
            </li>
            <li>
              <Trans>torna qui e ricarica la pagina, poi accendi l'interruttore.</Trans>
            </li>
          </ol>
        </div>
      )}
      {device === 'unsupported' && (
        <p>
          <Trans>
            Questo browser non riceve notifiche: le ricevono gli altri tuoi dispositivi. Su iPhone e iPad
            aggiungi prima il Fascicolo alla schermata Home (Condividi, Aggiungi alla schermata Home) e aprilo
            da lì.
          </Trans>
        </p>
      )}
      {device === 'on' && enabled && <DeviceStatus />}
      <Sheet
        open={asking}
        title={t`Vuoi ricevere le notifiche?`}
        onClose={() => setAsking(false)}
        closeDisabled={busy}
        footer={
          <>
            <IonButton expand="block" onClick={() => void turnOn()} disabled={busy}>
              <Trans>Continua</Trans>
            </IonButton>
            <IonButton expand="block" fill="clear" onClick={() => setAsking(false)} disabled={busy}>
              <Trans>Non ora</Trans>
            </IonButton>
          </>
        }
      >
        <p>
          <Trans>
            Ti avviseremo quando c'è una novità, per esempio un nuovo documento, un consenso da firmare o un
            questionario.
          </Trans>
        </p>
        <p>
          <Trans>
            Gli avvisi non contengono dati clinici: per leggere i dettagli dovrai entrare nel Fascicolo.
          </Trans>
        </p>
        {device !== 'unsupported' && (
          <p>
            <Trans>Dopo Continua il browser ti chiederà il permesso: scegli Consenti.</Trans>
          </p>
        )}
      </Sheet>
    </section>
  );
}
