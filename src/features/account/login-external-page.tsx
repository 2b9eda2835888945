import { IonContent, IonPage } from '@ionic/react';
import type { JSX } from 'react';

/** `/loginExternal`: does nothing (spec section 2); an external application drives the session. */
export function LoginExternalPage(): JSX.Element {
  return (
    <IonPage>
      <IonContent />
    </IonPage>
  );
}
