/**
 * `/select-paper-consent-signer`: staff record a consent collected on paper by uploading the signed
 * scan (PDF, at most 2 MB, checked here and by the server) and saying who signed it.
 */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { failureMessage } from '../../api/error-report';
import { paths } from '../../routing/paths';
import '../../ui/forms.css';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState } from '../../ui/state-views';
import { showToast } from '../../ui/toasts';
import { uploadPaperConsent } from './api';
import { consentFlowQuery, parseConsentFlow } from './consent-flow';
import { checkPaperFile } from './paper-file';
import { useConsentModel } from './use-consent-model';
import '../../signing/signing.css';
import './consents.css';

export function PaperConsentPage(): JSX.Element {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const flow = parseConsentFlow(useLocation().search);
  const [file, setFile] = useState<File | null>(null);
  const [signerType, setSignerType] = useState<'self' | 'other'>('self');
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const [busy, setBusy] = useState(false);
  const { state: model } = useConsentModel(flow?.model ?? null, false);
  if (!flow?.model)
    return (
      <PageLayout title={t`Consenso cartaceo`} backTo={paths.home()}>
        <ErrorState>
          <p>{t`Parametri mancanti: impossibile aprire il consenso.`}</p>
        </ErrorState>
      </PageLayout>
    );
  const consentCode = flow.model;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const problem = file ? checkPaperFile(file) : msg`Campo obbligatorio`;
    if (problem || !file) {
      setError(problem);
      return;
    }
    setBusy(true);
    uploadPaperConsent(
      flow.patientId,
      { consentCode, projectId: flow.projectId, action: flow.action, signerType },
      file,
    )
      .then(() => {
        showToast('success', msg`Consenso cartaceo registrato`);
        navigate(paths.consents(flow.patientId), { replace: true });
      })
      .catch((failure: unknown) => setError(failureMessage(failure) ?? msg`Errore di upload`))
      .finally(() => setBusy(false));
  };

  return (
    <PageLayout title={t`Consenso cartaceo`} backTo={paths.selectConsentSigner(consentFlowQuery(flow))}>
      <form onSubmit={submit} noValidate className="paper-form">
        {model.status === 'ready' && <h2 className="wizard-step-title">{model.value.type.desc}</h2>}
        <p>
          {flow.action === 'revoke' ? (
            <Trans>Carica la scansione del modulo di revoca firmato.</Trans>
          ) : (
            <Trans>Carica la scansione del modulo di consenso firmato.</Trans>
          )}
        </p>
        <fieldset className="wizard-choice">
          <legend>
            <Trans>Chi ha firmato?</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name="paper-signer"
              checked={signerType === 'self'}
              onChange={() => setSignerType('self')}
            />
            <Trans>Il paziente</Trans>
          </label>
          <label>
            <input
              type="radio"
              name="paper-signer"
              checked={signerType === 'other'}
              onChange={() => setSignerType('other')}
            />
            <Trans>Un'altra persona (tutore, genitore, amministratore di sostegno)</Trans>
          </label>
        </fieldset>
        <label className="field">
          <span>
            <Trans>Scansione del modulo firmato (PDF, massimo 2 MB)</Trans>
            <span aria-hidden="true"> *</span>
          </span>
          <input
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'paper-file-error' : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setError(chosen ? checkPaperFile(chosen) : null);
            }}
          />
          {error && (
            <p className="field-error" id="paper-file-error" role="alert">
              {i18n._(error)}
            </p>
          )}
        </label>
        <IonButton type="submit" expand="block" disabled={busy}>
          {busy ? t`Caricamento in corso…` : t`Registra il consenso`}
        </IonButton>
      </form>
    </PageLayout>
  );
}
