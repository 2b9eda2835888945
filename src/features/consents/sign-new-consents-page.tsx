/**
 * `/sign-new-consents` (redirect target signNewConsents): the model form, then the signing wizard. Used
 * for giving and revoking a consent, by the patient (also right after the first login, without a loaded
 * user: the dossier consent of a 403 code 0) and by staff collecting it digitally.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useCallback, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import type { ConsentType } from '../../contract/consents-catalogue';
import { paths, patterns } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import { logout } from '../../session/sign-out';
import type { SigningDraft, SigningStep } from '../../signing/draft';
import { newDraft, SELF_SIGNER, signingUserKey } from '../../signing/draft';
import { signerPayload } from '../../signing/signer-validation';
import type { FormStep, PreparedSigning } from '../../signing/signing-wizard';
import { SigningWizard } from '../../signing/signing-wizard';
import { confirm } from '../../ui/confirm-dialog';
import { PageLayout } from '../../ui/page-layout';
import { ErrorState, LoadingState } from '../../ui/state-views';
import { prepareConsents, prepareInformedConsent } from './api';
import type { ConsentFlow } from './consent-flow';
import { consentFlowId, parseConsentFlow } from './consent-flow';
import { ConsentNotice } from './consent-notice';
import { ConsentReason } from './consent-reason';
import type { ParsedForm } from './json-schema';
import { cleanAnswers, initialAnswers, validateAnswers } from './json-schema';
import { JsonSchemaForm } from './json-schema-form';
import { RequireLogin } from './require-login';
import { useConsentModel } from './use-consent-model';
import { useProjectName } from './use-project-name';

export function SignNewConsentsPage(): JSX.Element {
  return (
    <RequireLogin>
      <SignNewConsents />
    </RequireLogin>
  );
}

function SignNewConsents(): JSX.Element {
  const { t } = useLingui();
  const flow = parseConsentFlow(useOwnSearch());
  const { state: model, reload } = useConsentModel(flow?.model ?? null, flow?.action === 'give');
  if (!flow?.model)
    return (
      <PageLayout title={t`Firma del consenso`} withMenu={false}>
        <ErrorState>
          <p>{t`Parametri mancanti: impossibile aprire il consenso.`}</p>
        </ErrorState>
      </PageLayout>
    );
  if (model.status !== 'ready')
    return (
      <PageLayout title={t`Firma del consenso`} withMenu={false}>
        {model.status === 'loading' ? (
          <LoadingState />
        ) : (
          <ErrorState reason={model.reason} onRetry={() => void reload()} />
        )}
      </PageLayout>
    );
  return (
    <ConsentWizard flow={flow} type={model.value.type} form={model.value.form} notice={model.value.notice} />
  );
}

/** Without a loaded user (403 code 0 or 2) the portal has nothing else to show: closing means leaving. */
async function leave(): Promise<void> {
  const yes = await confirm({
    header: msg`Esci`,
    message: msg`Vuoi uscire? Per usare il portale dovrai firmare il consenso al prossimo accesso.`,
    confirmLabel: msg`Esci`,
  });
  if (yes) await logout();
}

export function ConsentWizard({
  flow,
  type,
  form,
  notice = [],
  title,
  doneTo,
}: {
  flow: ConsentFlow;
  type: ConsentType;
  form: ParsedForm | null;
  notice?: readonly string[];
  title?: string;
  doneTo?: string;
}): JSX.Element {
  const { t } = useLingui();
  const user = useAtomValue(currentUserAtom);
  const userKey = signingUserKey(user, flow.patientId);
  const flowId = consentFlowId(flow, type.code);
  const listPath = paths.consents(flow.patientId);
  const finish = doneTo ?? flow.returnTo ?? listPath;
  const projectName = useProjectName(
    type.category === 'PROJECT' && flow.action === 'give' ? flow.projectId : null,
  );

  const start = useCallback((): SigningDraft => {
    const steps: SigningStep[] = [];
    if (flow.action === 'give' && form) steps.push('form');
    if (flow.signer !== 'self') steps.push('signer');
    steps.push('read', 'pin', 'code', 'result');
    const signer = flow.signer === 'other' ? { ...SELF_SIGNER, type: 'other' as const } : SELF_SIGNER;
    return newDraft({ flowId, steps, doneTo: finish, answers: form ? initialAnswers(form) : {}, signer });
  }, [flow.action, flow.signer, form, flowId, finish]);

  const prepare = useCallback(
    async (draft: SigningDraft): Promise<PreparedSigning> => {
      const signer = signerPayload(draft.signer);
      const jsonData = form ? cleanAnswers(form, draft.answers) : {};
      const prepared =
        type.category === 'INFORMED' && flow.action === 'give'
          ? await prepareInformedConsent(flow.patientId, { consentCode: type.code, jsonData, signer })
          : await prepareConsents(flow.patientId, {
              consents: [
                { consentCode: type.code, projectId: flow.projectId, action: flow.action, jsonData },
              ],
              signer,
              medium: 'digital',
            });
      const revokeCheck =
        flow.action === 'revoke'
          ? paths.signCheck({
              signatureSessionId: prepared.signatureSessionId,
              tempDocumentId: prepared.documentIds[0],
              patientId: flow.patientId,
            })
          : undefined;
      return {
        documentIds: prepared.documentIds,
        sessionId: prepared.signatureSessionId,
        doneTo: revokeCheck,
      };
    },
    [flow.action, flow.patientId, flow.projectId, form, type.category, type.code],
  );

  const formStep: FormStep | undefined = form
    ? {
        title: type.desc,
        isValid: (answers) => Object.keys(validateAnswers(form, answers)).length === 0,
        render: ({ answers, onChange, showErrors }) => (
          <>
            <ConsentReason />
            <p className="wizard-hint">{type.description}</p>
            <ConsentNotice paragraphs={notice} />
            <JsonSchemaForm form={form} answers={answers} onChange={onChange} showErrors={showErrors} />
          </>
        ),
      }
    : undefined;

  return (
    <SigningWizard
      userKey={userKey}
      flowId={flowId}
      title={title ?? (flow.action === 'revoke' ? t`Revoca del consenso` : t`Firma del consenso`)}
      start={start}
      form={formStep}
      prepare={prepare}
      closeTo={listPath}
      onClose={user ? undefined : () => void leave()}
      resultMessage={
        flow.action === 'revoke'
          ? t`Revoca firmata: ${type.desc}.`
          : projectName
            ? t`Hai aderito al progetto ${projectName}. Il documento firmato è disponibile qui sotto.`
            : t`Consenso dato: ${type.desc}. Il documento firmato è disponibile qui sotto.`
      }
    />
  );
}

/**
 * The query of this page's own visit: Ionic keeps the page alive behind the next screens, and the flow
 * must not change (nor its model be fetched again) when the location moves on to another path.
 */
function useOwnSearch(): string {
  const { pathname, search } = useLocation();
  const own = useRef(search);
  if (pathname === patterns.signNewConsents) own.current = search;
  return own.current;
}
