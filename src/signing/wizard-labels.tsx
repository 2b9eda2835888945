/** The wizard's fixed texts: each step's title and the label of its main button. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { SigningStep } from './draft';

/** Titles of the steps; the form step's title comes from its model when there is one. */
export const STEP_TITLES: Readonly<Record<SigningStep, MessageDescriptor>> = {
  form: msg`Modulo`,
  signer: msg`Chi firma`,
  read: msg`Leggi il documento`,
  pin: msg`PIN di firma`,
  code: msg`Codice via SMS`,
  result: msg`Firma completata`,
};

export const PRIMARY_LABELS: Readonly<Record<SigningStep, MessageDescriptor>> = {
  form: msg`Continua`,
  signer: msg`Continua`,
  read: msg`Ho letto, continua`,
  pin: msg`Invia il codice`,
  code: msg`Firma`,
  result: msg`Fine`,
};

export function StepError({ message }: { message: MessageDescriptor }): JSX.Element {
  const { i18n } = useLingui();
  return (
    <p className="wizard-error" role="alert">
      {i18n._(message)}
    </p>
  );
}
