/**
 * The portal's first screen drawn with the frameworks alone (build/size-floor.ts): Ionic's router, the split pane,
 * the tab bar with four tabs, and a page with the components Home shows (toolbar with buttons, card, list, spinner,
 * icons). No code of the portal: no API client, contract, catalogue, state or screen logic.
 */
import {
  IonApp,
  IonButton,
  IonButtons,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonNote,
  IonPage,
  IonRouterOutlet,
  IonSpinner,
  IonSplitPane,
  IonTabBar,
  IonTabButton,
  IonTabs,
  IonTitle,
  IonToolbar,
  setupIonicReact,
} from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import {
  checkmarkDoneOutline,
  documentTextOutline,
  folderOpenOutline,
  homeOutline,
  menuSharp,
} from 'ionicons/icons';
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route } from 'react-router-dom';

setupIonicReact();

function Home() {
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonButton aria-label="Menu">
              <IonIcon slot="icon-only" icon={menuSharp} />
            </IonButton>
          </IonButtons>
          <IonTitle>Home</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <IonCard>
          <IonCardHeader>
            <IonCardTitle>Mario Rossi</IonCardTitle>
            <IonCardSubtitle>RSSMRA80A01H501U</IonCardSubtitle>
          </IonCardHeader>
          <IonCardContent>
            <IonList>
              <IonItem>
                <IonLabel>Documenti</IonLabel>
                <IonNote slot="end">3</IonNote>
              </IonItem>
            </IonList>
            <IonSpinner />
          </IonCardContent>
        </IonCard>
      </IonContent>
    </IonPage>
  );
}

const Later = lazy(async () => ({ default: Home }));
const TABS = [
  { id: 'home', href: '/home', icon: homeOutline },
  { id: 'dossier', href: '/dossier', icon: folderOpenOutline },
  { id: 'consents', href: '/consents', icon: checkmarkDoneOutline },
  { id: 'requests', href: '/requests', icon: documentTextOutline },
];

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <IonApp>
      <IonReactRouter>
        <IonSplitPane contentId="main">
          <div className="ion-page" id="main">
            <IonTabs>
              <IonRouterOutlet>
                <Route path="/" element={<Navigate to="/home" replace />} />
                <Route path="/home" element={<Home />} />
                <Route
                  path="/dossier"
                  element={
                    <Suspense fallback={null}>
                      <Later />
                    </Suspense>
                  }
                />
              </IonRouterOutlet>
              <IonTabBar slot="bottom">
                {TABS.map((tab) => (
                  <IonTabButton key={tab.id} tab={tab.id} href={tab.href}>
                    <IonIcon icon={tab.icon} />
                    <IonLabel>{tab.id}</IonLabel>
                  </IonTabButton>
                ))}
              </IonTabBar>
            </IonTabs>
          </div>
        </IonSplitPane>
      </IonReactRouter>
    </IonApp>,
  );
}
