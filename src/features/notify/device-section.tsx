/**
 * "This device": web push on or off. The browser's permission is asked only after the user read what
 * the notifications say and pressed Continue (never on load; a refused prompt cannot be asked again).
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { type PushState, pushState, turnPushOff, turnPushOn } from '../../pwa/push-device';
import { Sheet } from '../../ui/sheet';
import { showToast } from '../../ui/toasts';
import { DeviceStatus } from './device-status';

export function DeviceSection(): JSX.Element {
  const { t, i18n } = useLingui();
  const [state, setState] = useState<PushState | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);

  const turnOn = async () => {
    setBusy(true);
    try {
      const next = await turnPushOn(i18n.locale.startsWith('en') ? 'en' : 'it');
      setState(next);
      if (next === 'on') showToast('success', msg`Notifiche attivate su questo dispositivo.`);
    } catch {
      showToast('error', msg`Non è stato possibile attivare le notifiche. Riprova più tardi.`);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    await turnPushOff();
    setState(await pushState().catch(() => 'off' as const));
    setBusy(false);
    showToast('success', msg`Notifiche disattivate su questo dispositivo.`);
  };

  return (
    <section className="notify-section" aria-labelledby="notify-device">
      <h2 id="notify-device">
        <Trans>Questo dispositivo</Trans>
      </h2>
      {state === null && (
        <p>
          <Trans>Verifica in corso…</Trans>
        </p>
      )}
      {state === 'unsupported' && (
        <p>
          <Trans>
            Questo browser non riceve notifiche. Su iPhone e iPad aggiungi prima il Fascicolo alla schermata
            Home (Condividi, Aggiungi alla schermata Home) e aprilo da lì.
          </Trans>
        </p>
      )}
      {state === 'blocked' && (
        <p>
          <Trans>
            Le notifiche sono bloccate per questo sito. Puoi sbloccarle dalle impostazioni del browser, poi
            torna qui.
          </Trans>
        </p>
      )}
      {state === 'off' && (
        <>
          <p>
            <Trans>Le notifiche non sono attive su questo dispositivo.</Trans>
          </p>
          <IonButton expand="block" onClick={() => setAsking(true)} disabled={busy}>
            <Trans>Attiva le notifiche</Trans>
          </IonButton>
        </>
      )}
      {state === 'on' && (
        <>
          <DeviceStatus />
          <IonButton expand="block" fill="outline" onClick={() => void turnOff()} disabled={busy}>
            <Trans>Disattiva su questo dispositivo</Trans>
          </IonButton>
        </>
      )}
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
            Ti avviseremo quando c'è una novità, per esempio un nuovo documento o una richiesta di
            videoconferenza.
          </Trans>
        </p>
        <p>
          <Trans>
            Gli avvisi non contengono dati clinici: per leggere i dettagli dovrai entrare nel Fascicolo.
          </Trans>
        </p>
        <p>
          <Trans>Dopo Continua il browser ti chiederà il permesso: scegli Consenti.</Trans>
        </p>
      </Sheet>
    </section>
  );
}
