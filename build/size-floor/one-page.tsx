/** The yardstick for the first screen's weight: React + Ionic, one page with a header, a toolbar and a button (build/size-floor.ts). */
import {
  IonApp,
  IonButton,
  IonContent,
  IonHeader,
  IonPage,
  IonTitle,
  IonToolbar,
  setupIonicReact,
} from '@ionic/react';
import { createRoot } from 'react-dom/client';

setupIonicReact();
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <IonApp>
      <IonPage>
        <IonHeader>
          <IonToolbar>
            <IonTitle>Home</IonTitle>
          </IonToolbar>
        </IonHeader>
        <IonContent>
          <IonButton>OK</IonButton>
        </IonContent>
      </IonPage>
    </IonApp>,
  );
}
