/** What the wizard gives its step body: the state to read, dispatch for edits, and the caller's parts. */
import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import type { SigningDraft } from './draft';
import type { WizardState } from './machine';
import type { Dispatch } from './use-signing-machine';

export interface FormStep {
  title: string;
  render: (props: {
    answers: Record<string, unknown>;
    onChange: (answers: Record<string, unknown>) => void;
    showErrors: boolean;
  }) => ReactNode;
  isValid: (answers: Record<string, unknown>) => boolean;
}

export interface WizardContextValue {
  state: WizardState & { draft: SigningDraft };
  dispatch: Dispatch;
  form: FormStep | undefined;
  resultMessage: string;
  /** Asks for a new SMS code (a call, so the wizard runs it). */
  resend: () => void;
  /** The step's main action, as its primary button does (Enter in the PIN and code fields). */
  submit: () => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard outside the signing wizard');
  return value;
}
