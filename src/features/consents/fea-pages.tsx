/**
 * The 403 code 2 of the profile call (redirect target signFeaConsents): the patient signs the advanced
 * electronic signature agreement (`/sign-fea-consents`), then `/sign-fea-consents-result` leads into the
 * portal through `/postAuth`.
 */
import { IonButton, IonContent, IonIcon, IonPage } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { checkmarkCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { PageLayout, useScreenHeading } from '../../ui/page-layout';
import { ErrorState, LoadingState } from '../../ui/state-views';
import type { ConsentFlow } from './consent-flow';
import { RequireLogin } from './require-login';
import { ConsentWizard } from './sign-new-consents-page';
import { useConsentModel } from './use-consent-model';
import '../../signing/signing.css';

/** The consent that enables the advanced electronic signature (the server's FEA model). */
export const FEA_CONSENT_CODE = 'CONS_FEA';

export function SignFeaConsentsPage(): JSX.Element {
  return (
    <RequireLogin>
      <SignFeaConsents />
    </RequireLogin>
  );
}

function SignFeaConsents(): JSX.Element {
  const { t } = useLingui();
  const query = new URLSearchParams(useLocation().search);
  const patientId = Number(query.get('selectedPatient'));
  const identity = query.get('digitalIdentity');
  const { state: model, reload } = useConsentModel(FEA_CONSENT_CODE, true);
  const title = t`Firma elettronica avanzata`;
  if (!Number.isInteger(patientId) || patientId <= 0)
    return (
      <PageLayout title={title} withMenu={false}>
        <ErrorState>
          <p>{t`Parametri mancanti: impossibile aprire il consenso.`}</p>
        </ErrorState>
      </PageLayout>
    );
  if (model.status !== 'ready')
    return (
      <PageLayout title={title} withMenu={false}>
        {identity && <p className="muted">{t`Accesso con identità digitale: ${identity}`}</p>}
        {model.status === 'loading' ? (
          <LoadingState />
        ) : (
          <ErrorState reason={model.reason} onRetry={() => void reload()} />
        )}
      </PageLayout>
    );
  const flow: ConsentFlow = {
    patientId,
    fiscalCode: null,
    model: FEA_CONSENT_CODE,
    projectId: null,
    action: 'give',
    medium: 'digital',
    mediumSelectionRequired: false,
    signer: 'self',
    returnTo: null,
  };
  return (
    <ConsentWizard
      flow={flow}
      type={model.value.type}
      form={model.value.form}
      notice={model.value.notice}
      title={title}
      doneTo={paths.signFeaConsentsResult()}
    />
  );
}

export function SignFeaConsentsResultPage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const heading = useScreenHeading(t`Adesione alla firma elettronica avanzata completata`);
  return (
    <IonPage>
      <IonContent className="ion-padding">
        <div className="center-panel">
          <section className="state-view" aria-labelledby="fea-done">
            <IonIcon icon={checkmarkCircleOutline} className="wizard-result-icon" aria-hidden="true" />
            <h1 id="fea-done" tabIndex={-1} ref={heading}>
              <Trans>Adesione alla firma elettronica avanzata completata</Trans>
            </h1>
            <p>
              <Trans>Da ora puoi firmare i consensi dal portale con il tuo PIN e un codice via SMS.</Trans>
            </p>
            <IonButton
              expand="block"
              size="large"
              onClick={() => navigate(paths.postAuth(), { replace: true })}
            >
              <Trans>Entra nel portale</Trans>
            </IonButton>
          </section>
        </div>
      </IonContent>
    </IonPage>
  );
}
