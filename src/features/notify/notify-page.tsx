/**
 * `/notify` (spec 2): one switch for receiving notifications (this device and the general preference
 * together), then what to be told of and how often. Every role has it: a physician hears of
 * conference answers, a guest of invitations.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { NotificationPreferences } from '../../contract/notify';
import { type PushState, pushState } from '../../pwa/push-device';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { AccessAlertsSection } from './access-alerts-section';
import { fetchPreferences, savePreferences } from './api';
import { DeviceSection, switchIsOn } from './device-section';
import { PreferencesForm } from './preferences-form';
import './notify.css';

export function NotifyPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchPreferences);
  const isPatient = useAtomValue(currentUserAtom)?.userType === 'PAT';
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
        <LoadedView state={state} onRetry={reload}>
          {(preferences) => (
            <>
              <DeviceSection
                enabled={preferences.enabled}
                device={device}
                onDevice={setDevice}
                onEnabled={(enabled) => saveEnabled(preferences, enabled)}
              />
              <section className="notify-section" aria-labelledby="notify-preferences">
                <h2 id="notify-preferences">
                  <Trans>Di cosa avvisarti</Trans>
                </h2>
                <PreferencesForm
                  key={JSON.stringify(preferences)}
                  initial={preferences}
                  active={switchIsOn(preferences.enabled, device)}
                  onSaved={(saved) => update(() => saved)}
                />
              </section>
              {isPatient && (
                <AccessAlertsSection preferences={preferences} onSaved={(saved) => update(() => saved)} />
              )}
            </>
          )}
        </LoadedView>
      </div>
    </PageLayout>
  );
}
