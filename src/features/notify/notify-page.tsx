/**
 * `/notify` (spec 2): what the user wants to be told and how often, and whether this device receives
 * push notifications. Every role has it: a physician hears of conference answers, a guest of invitations.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useLoader } from '../../api/use-loader';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { fetchPreferences } from './api';
import { DeviceSection } from './device-section';
import { PreferencesForm } from './preferences-form';
import './notify.css';

export function NotifyPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchPreferences);
  return (
    <PageLayout title={t`Notifiche`} refresher={<Refresher onRefresh={reload} />}>
      <div className="notify-page">
        <DeviceSection />
        <section className="notify-section" aria-labelledby="notify-preferences">
          <h2 id="notify-preferences">
            <Trans>Di cosa avvisarti</Trans>
          </h2>
          {state.status === 'loading' && <LoadingState />}
          {state.status === 'error' && <ErrorState onRetry={() => void reload()} reason={state.reason} />}
          {state.status === 'ready' && (
            <PreferencesForm
              key={JSON.stringify(state.value)}
              initial={state.value}
              onSaved={(saved) => update(() => saved)}
            />
          )}
        </section>
      </div>
    </PageLayout>
  );
}
