/**
 * `/admin/apps`, "App registrate": the third-party apps patients may connect, registering one (a
 * confidential one's secret shown once) and disabling one (its patients' grants end with it).
 */
import { IonButton } from '@ionic/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { AppRegistered, RegisteredApp } from '../../contract/apps';
import { useDateFormat } from '../../i18n/dates';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { showToast } from '../../ui/toasts';
import { disableApp, fetchRegisteredApps } from './api';
import { AppSecret } from './app-secret';
import { RegisterAppForm } from './register-app-form';
import './apps.css';

function RegisteredAppCard({
  app,
  busy,
  onDisable,
}: {
  app: RegisteredApp;
  busy: boolean;
  onDisable: (app: RegisteredApp) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const created = date(app.createdAt);
  return (
    <li className="apps-card" aria-labelledby={`registered-${app.id}`}>
      <h3 id={`registered-${app.id}`}>{app.name}</h3>
      <p className={app.disabledAt ? 'apps-status apps-status-off' : 'apps-status'}>
        {app.disabledAt ? t`Disattivata il ${date(app.disabledAt)}` : t`Attiva`}
        {' · '}
        {app.confidential ? t`Riservata` : t`Pubblica`}
        {' · '}
        <Trans>registrata il {created}</Trans>
      </p>
      <p className="apps-label">{t`Identificativo del client`}</p>
      <p>
        <code>{app.clientId}</code>
      </p>
      <p className="apps-label">{t`Indirizzi di ritorno`}</p>
      <ul className="apps-uri-list">
        {app.redirectUris.map((uri) => (
          <li key={uri}>
            <code>{uri}</code>
          </li>
        ))}
      </ul>
      {!app.disabledAt && (
        <IonButton
          color="danger"
          fill="outline"
          disabled={busy}
          aria-label={t`Disattiva ${app.name}`}
          onClick={() => onDisable(app)}
        >
          <Trans>Disattiva</Trans>
        </IonButton>
      )}
    </li>
  );
}

export function RegisteredAppsPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchRegisteredApps);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<AppRegistered | null>(null);

  const added = (result: AppRegistered): void => {
    setRegistered(result);
    update((current) => ({
      items: [...current.items, result.app].sort((a, b) => a.name.localeCompare(b.name)),
    }));
  };

  const disable = async (app: RegisteredApp): Promise<void> => {
    const name = app.name;
    const yes = await confirm({
      header: msg`Disattivare ${name}?`,
      message: msg`L'app smette subito di leggere i fascicoli e non potrà più chiedere l'accesso. I pazienti che l'hanno collegata la vedranno sparire dalle loro app collegate.`,
      confirmLabel: msg`Disattiva`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      const changed = await disableApp(app.id);
      update((current) => ({
        items: current.items.map((item) => (item.id === changed.id ? changed : item)),
      }));
      showToast('success', msg`Disattivata: ${name}`);
    } catch {
      await reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t`App registrate`} refresher={<Refresher onRefresh={reload} />}>
      <div className="apps-page">
        <p className="apps-intro">
          <Trans>
            Le app di terze parti che i pazienti possono collegare al fascicolo (SMART on FHIR). Ogni paziente
            sceglie se consentire l'accesso e può revocarlo.
          </Trans>
        </p>
        {registered && <AppSecret registered={registered} onDone={() => setRegistered(null)} />}
        <LoadedView state={state} onRetry={reload}>
          {(value) =>
            value.items.length === 0 ? (
              <p className="apps-empty">
                <Trans>Nessuna app registrata.</Trans>
              </p>
            ) : (
              <ul className="apps-list" aria-label={t`App registrate`}>
                {value.items.map((app) => (
                  <RegisteredAppCard
                    key={app.id}
                    app={app}
                    busy={busy}
                    onDisable={(row) => void disable(row)}
                  />
                ))}
              </ul>
            )
          }
        </LoadedView>
        <RegisterAppForm onRegistered={added} />
      </div>
    </PageLayout>
  );
}
