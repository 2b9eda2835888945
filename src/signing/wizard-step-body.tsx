/** What the signing wizard shows for its current step; the wizard itself keeps the state and the calls. */
import type { MessageDescriptor } from '@lingui/core';
import type { ReactNode } from 'react';
import type { SigningDraft } from './draft';
import { validateSigner } from './signer-validation';
import { ReadStep } from './step-read';
import { ResultStep } from './step-result';
import { CodeStep, PinStep } from './step-secrets';
import { SignerStep } from './step-signer';

export interface FormStep {
  title: string;
  render: (props: {
    answers: Record<string, unknown>;
    onChange: (answers: Record<string, unknown>) => void;
    showErrors: boolean;
  }) => ReactNode;
  isValid: (answers: Record<string, unknown>) => boolean;
}

export interface WizardStepErrors {
  pin?: MessageDescriptor;
  code?: MessageDescriptor;
}

interface WizardStepBodyProps {
  draft: SigningDraft;
  form: FormStep | undefined;
  /** Whether "continue" was tried: field errors show only then. */
  tried: boolean;
  update: (change: Partial<SigningDraft>) => void;
  /** Kept in memory only, never in the draft. */
  secrets: { pin: string; code: string; pinTyped: boolean };
  onPin: (pin: string) => void;
  /** The PIN was typed on the PIN step, so the code step need not ask it again. */
  onPinTyped: () => void;
  onCode: (code: string) => void;
  errors: WizardStepErrors;
  onResend: () => void;
  busy: boolean;
  notice: string | null;
  resultMessage: string;
}

export function WizardStepBody(props: WizardStepBodyProps): ReactNode {
  const { draft, form, tried, update, secrets, errors } = props;
  switch (draft.step) {
    case 'form':
      return form
        ? form.render({
            answers: draft.answers,
            onChange: (answers) => update({ answers }),
            showErrors: tried,
          })
        : null;
    case 'signer':
      return (
        <SignerStep
          signer={draft.signer}
          onChange={(signer) => update({ signer })}
          errors={tried ? validateSigner(draft.signer) : {}}
        />
      );
    case 'read':
      return draft.documentIds.length > 0 ? (
        <ReadStep
          documentIds={draft.documentIds}
          read={draft.read}
          onRead={(read) => read !== draft.read && update({ read })}
        />
      ) : null;
    case 'pin':
      return (
        <PinStep
          pin={secrets.pin}
          onPin={(pin) => {
            props.onPinTyped();
            props.onPin(pin);
          }}
          error={errors.pin ?? null}
        />
      );
    case 'code':
      return (
        <CodeStep
          sentTo={draft.otp?.sentTo ?? ''}
          resendAvailableAt={draft.otp?.resendAvailableAt ?? null}
          code={secrets.code}
          onCode={props.onCode}
          codeError={errors.code ?? null}
          needsPin={!secrets.pinTyped}
          pin={secrets.pin}
          onPin={props.onPin}
          pinError={errors.pin ?? null}
          onResend={props.onResend}
          resending={props.busy}
          notice={props.notice}
        />
      );
    case 'result':
      return <ResultStep signedDocumentIds={draft.signedDocumentIds} message={props.resultMessage} />;
    default:
      return null;
  }
}
