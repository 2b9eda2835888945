/**
 * What a refusal says (spec section 8: 'Accesso negato', 'Non sei autorizzato ad accedere al dossier')
 * and the way home, instead of a silent jump or a "try again" that cannot help.
 */
import { IonButton, IonIcon } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { compassOutline, lockClosedOutline } from 'ionicons/icons';
import type { JSX, ReactNode } from 'react';
import { paths } from '../routing/paths';

function HomeButton(): JSX.Element {
  return (
    <IonButton routerLink={paths.home()} routerDirection="root">
      <Trans>Torna alla Home</Trans>
    </IonButton>
  );
}

export function AccessRefusedState({ reason }: { reason?: MessageDescriptor | null }): JSX.Element {
  const { i18n } = useLingui();
  return (
    <div className="state-view" role="alert">
      <IonIcon icon={lockClosedOutline} aria-hidden="true" className="state-view-icon state-view-error" />
      <h2>
        <Trans>Accesso negato</Trans>
      </h2>
      <p>{reason ? i18n._(reason) : <Trans>Non sei autorizzato ad accedere al dossier</Trans>}</p>
      <p>
        <Trans>Questi dati non fanno parte del dossier che puoi consultare.</Trans>
      </p>
      <HomeButton />
    </div>
  );
}

export function NotFoundState({ title, children }: { title?: ReactNode; children?: ReactNode }): JSX.Element {
  return (
    <div className="state-view" role="alert">
      <IonIcon icon={compassOutline} aria-hidden="true" className="state-view-icon" />
      <h2>{title ?? <Trans>Pagina non trovata</Trans>}</h2>
      {children ?? (
        <p>
          <Trans>L'indirizzo aperto non corrisponde a nessuna pagina del portale.</Trans>
        </p>
      )}
      <HomeButton />
    </div>
  );
}
