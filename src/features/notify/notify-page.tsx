/**
 * `/notify` (spec 2): one switch for receiving notifications (this device and the general preference
 * together), then what to be told of and how often. Every role has it: a physician hears of
 * conference answers, a guest of invitations.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { NotificationPreferences } from '../../contract/notify';
import { type PushState, pushState } from '../../pwa/push-device';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { fetchPreferences, savePreferences } from './api';
import { DeviceSection, switchIsOn } from './device-section';
import { PreferencesForm } from './preferences-form';
import './notify.css';

export function NotifyPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchPreferences);
  const [device, setDevice] = useState<PushState | null>(null);

  useEffect(() => {
    void pushState().then(setDevice, () => setDevice('unsupported'));
  }, []);

  const saveEnabled = async (current: NotificationPreferences, enabled: boolean) => {
    const saved = await savePreferences({ ...current, enabled });
    update(() => saved);
  };

  return (
    <PageLayout title={t`Notifiche`} refresher={<Refresher onRefresh={reload} />}>
      <div className="notify-page">
        {state.status === 'loading' && <LoadingState />}
        {state.status === 'error' && <ErrorState onRetry={() => void reload()} reason={state.reason} />}
        {state.status === 'ready' && (
          <>
            <DeviceSection
              enabled={state.value.enabled}
              device={device}
              onDevice={setDevice}
              onEnabled={(enabled) => saveEnabled(state.value, enabled)}
            />
            <section className="notify-section" aria-labelledby="notify-preferences">
              <h2 id="notify-preferences">
                <Trans>Di cosa avvisarti</Trans>
              </h2>
              <PreferencesForm
                key={JSON.stringify(state.value)}
                initial={state.value}
                active={switchIsOn(state.value.enabled, device)}
                onSaved={(saved) => update(() => saved)}
              />
            </section>
          </>
        )}
      </div>
    </PageLayout>
  );
}
