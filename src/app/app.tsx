import { IonApp } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { I18nProvider } from '@lingui/react';
import { Provider as JotaiProvider } from 'jotai';
import type { JSX } from 'react';
import { useEffect } from 'react';
import { i18n } from '../i18n/i18n';
import { PwaStatus } from '../pwa/pwa-status';
import { LiveChannel } from '../session/live-channel';
import { appStore } from '../state/store';
import { ConfirmDialogHost } from '../ui/confirm-dialog';
import { RedirectDialogHost } from '../ui/redirect-dialog';
import { ToastHost } from '../ui/toast-host';
import { NavigationEffects } from './navigation-effects';
import { preloadPages } from './preload';
import { Shell } from './shell';

export function App(): JSX.Element {
  useEffect(preloadPages, []);
  return (
    <JotaiProvider store={appStore()}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <IonReactRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
            <NavigationEffects />
            <Shell />
            <RedirectDialogHost />
          </IonReactRouter>
          <ToastHost />
          <ConfirmDialogHost />
          <PwaStatus />
          <LiveChannel />
        </IonApp>
      </I18nProvider>
    </JotaiProvider>
  );
}
