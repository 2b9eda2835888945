/**
 * Staff collecting a consent: `/select-consent-signer` (digital or paper) and
 * `/select-digital-consent-signer` (who signs on the device: the patient or another person).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../routing/paths';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState } from '../../ui/state-views';
import type { ConsentFlow } from './consent-flow';
import { consentFlowQuery, parseConsentFlow } from './consent-flow';
import { useConsentModel } from './use-consent-model';
import './consents.css';

function MissingFlow({ title }: { title: string }): JSX.Element {
  const { t } = useLingui();
  return (
    <PageLayout title={title} backTo={paths.home()}>
      <ErrorState>
        <p>{t`Parametri mancanti: impossibile aprire il consenso.`}</p>
      </ErrorState>
    </PageLayout>
  );
}

/** Which consent is being collected, so staff see it before choosing (nothing while it loads). */
function ConsentName({ model }: { model: string | null }): JSX.Element | null {
  const { state } = useConsentModel(model, false);
  return state.status === 'ready' ? <h2 className="wizard-step-title">{state.value.type.desc}</h2> : null;
}

function Choice({ title, text, onClick }: { title: string; text: string; onClick: () => void }): JSX.Element {
  return (
    <button type="button" className="choice-card" onClick={onClick}>
      <strong>{title}</strong>
      <span className="muted">{text}</span>
    </button>
  );
}

export function SelectConsentSignerPage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const flow = parseConsentFlow(useLocation().search);
  if (!flow) return <MissingFlow title={t`Raccolta del consenso`} />;
  const go = (
    to: (query: ReturnType<typeof consentFlowQuery>) => string,
    change: Partial<ConsentFlow>,
  ): void => navigate(to(consentFlowQuery({ ...flow, ...change })));
  return (
    <PageLayout title={t`Raccolta del consenso`} backTo={paths.consents(flow.patientId)}>
      <ConsentName model={flow.model} />
      <p>
        <Trans>Come viene raccolto il consenso?</Trans>
      </p>
      <div className="choice-list">
        <Choice
          title={t`Firma digitale`}
          text={t`Firmi tu con il tuo PIN, come chi raccoglie il consenso; il paziente lo conferma con il codice che riceve via SMS sul suo cellulare.`}
          onClick={() => go(paths.selectDigitalConsentSigner, { medium: 'digital' })}
        />
        <Choice
          title={t`Modulo cartaceo`}
          text={t`Il modulo è stato firmato su carta: carica la scansione in PDF.`}
          onClick={() => go(paths.selectPaperConsentSigner, { medium: 'paper' })}
        />
      </div>
    </PageLayout>
  );
}

export function SelectDigitalConsentSignerPage(): JSX.Element {
  const { t } = useLingui();
  const navigate = useNavigate();
  const flow = parseConsentFlow(useLocation().search);
  if (!flow) return <MissingFlow title={t`Firmatario`} />;
  const go = (signer: 'self' | 'other'): void =>
    navigate(paths.signNewConsents(consentFlowQuery({ ...flow, medium: 'digital', signer })));
  return (
    <PageLayout title={t`Firmatario`} backTo={paths.selectConsentSigner(consentFlowQuery(flow))}>
      <ConsentName model={flow.model} />
      <p>
        <Trans>Chi esprime il consenso?</Trans>
      </p>
      <p className="muted">
        <Trans>
          Il modulo riporta il suo nome e il tuo come operatore che lo raccoglie; la firma digitale è la tua,
          confermata dal codice inviato al cellulare del paziente.
        </Trans>
      </p>
      <div className="choice-list">
        <Choice title={t`Il paziente`} text={t`Il paziente acconsente per sé.`} onClick={() => go('self')} />
        <Choice
          title={t`Un'altra persona`}
          text={t`Tutore, genitore o amministratore di sostegno: ne inserirai i dati.`}
          onClick={() => go('other')}
        />
      </div>
    </PageLayout>
  );
}
