/** What the signing wizard shows for its current step: it reads the wizard's state and dispatches the edits. */
import type { ReactNode } from 'react';
import { validateSigner } from './signer-validation';
import { ReadStep } from './step-read';
import { ResultStep } from './step-result';
import { CodeStep, PinStep } from './step-secrets';
import { SignerStep } from './step-signer';
import { useWizard } from './wizard-context';

export function WizardStepBody(): ReactNode {
  const { state, dispatch, form, resultMessage, resend, submit } = useWizard();
  const { draft, pin, screen } = state;
  const { tried, errors } = screen;
  switch (draft.step) {
    case 'form':
      return form
        ? form.render({
            answers: draft.answers,
            onChange: (answers) => dispatch({ type: 'edited', change: { answers } }),
            showErrors: tried,
          })
        : null;
    case 'signer':
      return (
        <SignerStep
          signer={draft.signer}
          onChange={(signer) => dispatch({ type: 'edited', change: { signer } })}
          errors={tried ? validateSigner(draft.signer) : {}}
        />
      );
    case 'read':
      return draft.documentIds.length > 0 ? (
        <ReadStep
          documentIds={draft.documentIds}
          read={draft.read}
          onRead={(read) => dispatch({ type: 'edited', change: { read } })}
        />
      ) : null;
    case 'pin':
      return (
        <PinStep
          pin={pin}
          onPin={(typed) => dispatch({ type: 'pinTyped', pin: typed, typed: true })}
          error={errors.pin ?? null}
          onSubmit={submit}
        />
      );
    case 'code':
      return (
        <CodeStep
          sentTo={draft.otp?.sentTo ?? ''}
          toPatient={draft.otp?.sentToPatient === true}
          resendAvailableAt={draft.otp?.resendAvailableAt ?? null}
          code={screen.code}
          onCode={(code) => dispatch({ type: 'codeTyped', code })}
          codeError={errors.code ?? null}
          codeNext={errors.codeNext ?? null}
          onSubmit={submit}
          needsPin={!screen.pinTyped}
          pin={pin}
          onPin={(typed) => dispatch({ type: 'pinTyped', pin: typed, typed: false })}
          pinError={errors.pin ?? null}
          onResend={resend}
          resending={screen.busy}
          notice={screen.notice}
        />
      );
    case 'result':
      return <ResultStep signedDocumentIds={draft.signedDocumentIds} message={resultMessage} />;
    default: {
      const unknown: never = draft.step;
      return unknown;
    }
  }
}
