import { IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  appsOutline,
  fingerPrintOutline,
  keyOutline,
  phonePortraitOutline,
  shieldCheckmarkOutline,
} from 'ionicons/icons';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useLoader } from '../../api/use-loader';
import { paths } from '../../routing/paths';
import { isStaff } from '../../session/roles';
import { currentUserAtom } from '../../session/session-atoms';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { Refresher } from '../../ui/refresher';
import { fetchSecurityOverview } from './api';
import { PasswordForm } from './password-form';
import './security.css';

/**
 * `/security`, "Sicurezza dell'account": the password change here, and the way to the devices
 * and sessions, the passkeys, (patients and guests) the connected apps and (staff) the authenticator app,
 * each a page of its own. Every role,
 * guests too: each looks after their own account.
 */
export function SecurityPage(): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const { state, reload } = useLoader(fetchSecurityOverview);
  const staff = user ? isStaff(user.userType) : false;
  return (
    <PageLayout title={t`Sicurezza dell'account`} refresher={<Refresher onRefresh={reload} />}>
      <div className="security-page">
        <p className="security-intro">
          <Trans>
            Proteggi l'accesso ai tuoi dati: cambia la password, controlla i dispositivi collegati e scegli
            come confermare che sei tu.
          </Trans>
        </p>
        <IonList inset className="security-links" aria-label={t`Accesso e dispositivi`}>
          <IonItem routerLink={paths.securityDevices()} detail>
            <IonIcon slot="start" icon={phonePortraitOutline} aria-hidden="true" />
            <IonLabel>
              <Trans>Dispositivi e sessioni</Trans>
              <IonNote className="security-link-note">
                <Trans>Dove è aperto il tuo account; esci da un dispositivo o da tutti</Trans>
              </IonNote>
            </IonLabel>
          </IonItem>
          <IonItem routerLink={paths.securityPasskeys()} detail>
            <IonIcon slot="start" icon={fingerPrintOutline} aria-hidden="true" />
            <IonLabel>
              <Trans>Passkey</Trans>
              <IonNote className="security-link-note">
                <Trans>Accedi con l'impronta, il volto o il PIN del dispositivo</Trans>
              </IonNote>
            </IonLabel>
          </IonItem>
          {!staff && (
            <IonItem routerLink={paths.securityApps()} detail>
              <IonIcon slot="start" icon={appsOutline} aria-hidden="true" />
              <IonLabel>
                <Trans>App collegate</Trans>
                <IonNote className="security-link-note">
                  <Trans>Le app per la salute che leggono il fascicolo; revoca il loro accesso</Trans>
                </IonNote>
              </IonLabel>
            </IonItem>
          )}
          {staff && (
            <IonItem routerLink={paths.securityAuthenticator()} detail>
              <IonIcon slot="start" icon={shieldCheckmarkOutline} aria-hidden="true" />
              <IonLabel>
                <Trans>App di autenticazione</Trans>
                <IonNote className="security-link-note">
                  <Trans>Il codice che confermi a ogni accesso; collega un nuovo telefono</Trans>
                </IonNote>
              </IonLabel>
            </IonItem>
          )}
        </IonList>
        <section className="security-section" aria-labelledby="security-password">
          <h2 id="security-password">
            <IonIcon icon={keyOutline} aria-hidden="true" /> <Trans>Password</Trans>
          </h2>
          <LoadedView state={state} onRetry={reload}>
            {(value) => (
              <>
                {value.hasPassword && (
                  <>
                    <p>
                      <Trans>
                        Dopo il cambio, gli altri dispositivi collegati al tuo account vengono disconnessi e
                        ricevi un SMS di conferma.
                      </Trans>
                    </p>
                    <PasswordForm overview={value} />
                  </>
                )}
                {!value.hasPassword && (
                  <p>
                    <Trans>La password di questo profilo si gestisce dal servizio con cui accedi.</Trans>
                  </p>
                )}
              </>
            )}
          </LoadedView>
        </section>
      </div>
    </PageLayout>
  );
}
