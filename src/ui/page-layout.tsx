/**
 * Every routed screen: `IonPage` → header (menu button, title, help) → content. Screens stay thin and
 * compose their components inside.
 */
import { IonButtons, IonContent, IonHeader, IonPage, IonTitle, IonToolbar } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import type { HelpTopic } from './help/help-button';
import { HelpButton } from './help/help-button';
import { IonBackButton, IonMenuButton } from './ionic/navigation';

export interface PageLayoutProps {
  title: string;
  /** Shows a back button to this path instead of the menu button. */
  backTo?: string;
  help?: HelpTopic;
  /** Buttons at the end of the toolbar. */
  actions?: ReactNode;
  /** Put first inside IonContent, e.g. an IonRefresher. */
  refresher?: ReactNode;
  /** Show the menu button (false on pages shown before login). */
  withMenu?: boolean;
  className?: string;
  children: ReactNode;
}

export function PageLayout(props: PageLayoutProps): JSX.Element {
  const { t } = useLingui();
  const { title, backTo, help, actions, refresher, withMenu = true, className, children } = props;
  return (
    <IonPage className={className}>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            {backTo ? (
              <IonBackButton defaultHref={backTo} text="" aria-label={t`Indietro`} />
            ) : (
              withMenu && <IonMenuButton aria-label={t`Apri il menu`} />
            )}
          </IonButtons>
          <IonTitle>
            <h1 className="page-title">{title}</h1>
          </IonTitle>
          <IonButtons slot="end">
            {actions}
            {help && <HelpButton topic={help} />}
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        {refresher}
        <main className="page-body">{children}</main>
      </IonContent>
    </IonPage>
  );
}
