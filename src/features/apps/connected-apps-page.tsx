/**
 * `/security/apps`, "App collegate": the third-party apps the user let read a dossier (theirs, or a
 * patient's they are a guest of), with what each reads and how much it did; revoking one stops it at
 * once (its next call is refused).
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { ConnectedApp } from '../../contract/apps';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { showToast } from '../../ui/toasts';
import { fetchConnectedApps, revokeConnectedApp } from './api';
import { ConnectedAppCard } from './connected-app-card';
import './apps.css';

export function ConnectedAppsPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchConnectedApps);
  const [busy, setBusy] = useState(false);

  const revoke = async (app: ConnectedApp): Promise<void> => {
    const name = app.name;
    const patient = app.patient.name;
    const yes = await confirm({
      header: msg`Revocare l'accesso a ${name}?`,
      message: msg`${name} non potrà più leggere il fascicolo di ${patient}, da subito. Potrai collegarla di nuovo dall'app, se vorrai.`,
      confirmLabel: msg`Revoca`,
      destructive: true,
    });
    if (!yes) return;
    setBusy(true);
    try {
      await revokeConnectedApp(app.id);
      update((current) => ({ items: current.items.filter((item) => item.id !== app.id) }));
      showToast('success', msg`Accesso revocato: ${name}`);
      document.getElementById('apps-title')?.focus();
    } catch {
      // The toast said why; the list may have changed meanwhile.
      await reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t`App collegate`} refresher={<Refresher onRefresh={reload} />}>
      <div className="apps-page">
        <p className="apps-intro" id="apps-title" tabIndex={-1}>
          <Trans>
            Le app a cui hai permesso di leggere il fascicolo. Revoca l'accesso a quelle che non usi più:
            smettono subito di leggere.
          </Trans>
        </p>
        <LoadedView state={state} onRetry={reload}>
          {(value) =>
            value.items.length === 0 ? (
              <div className="apps-empty">
                <h2>
                  <Trans>Nessuna app collegata</Trans>
                </h2>
                <p>
                  <Trans>
                    Quando un'app per la salute ti chiede di accedere al fascicolo e lo consenti, la trovi
                    qui.
                  </Trans>
                </p>
              </div>
            ) : (
              <ul className="apps-list" aria-label={t`App collegate`}>
                {value.items.map((app) => (
                  <ConnectedAppCard key={app.id} app={app} busy={busy} onRevoke={(row) => void revoke(row)} />
                ))}
              </ul>
            )
          }
        </LoadedView>
      </div>
    </PageLayout>
  );
}
