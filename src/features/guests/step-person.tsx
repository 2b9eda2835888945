/** The person's data: who gets the account (an existing guest account with the same fiscal code is reused). */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { GuestDraft } from './draft';
import { FieldError } from './step-choices';

type Person = GuestDraft['person'];

export function PersonStep(props: {
  value: Person;
  errors: Partial<Record<string, MessageDescriptor>>;
  onChange: (value: Person) => void;
}): JSX.Element {
  const { t } = useLingui();
  const field = (
    key: keyof Person,
    label: string,
    input: { type: string; autoComplete: string; inputMode?: 'tel' | 'email' | 'text'; upper?: boolean },
  ): JSX.Element => {
    const error = props.errors[key];
    // The error sits after the label, so it is not part of the field's accessible name.
    return (
      <div className="guest-field">
        <label className="field">
          <span>
            {label}
            <span aria-hidden="true"> *</span>
          </span>
          <input
            type={input.type}
            name={key}
            autoComplete={input.autoComplete}
            inputMode={input.inputMode}
            value={props.value[key]}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${key}-error` : undefined}
            onChange={(event) =>
              props.onChange({
                ...props.value,
                [key]: input.upper ? event.target.value.toUpperCase() : event.target.value,
              })
            }
          />
        </label>
        <FieldError id={`${key}-error`} error={error} />
      </div>
    );
  };
  return (
    <div className="guest-person">
      <p className="guest-step-question">{t`Chi è la persona che autorizzi?`}</p>
      <p className="muted guest-hint">
        <Trans>
          Riceverà via SMS il nome utente e una password temporanea; all'accesso le verrà chiesto anche un
          codice via SMS.
        </Trans>
      </p>
      <div className="field-grid">
        {field('name', t`Nome`, { type: 'text', autoComplete: 'off' })}
        {field('surname', t`Cognome`, { type: 'text', autoComplete: 'off' })}
      </div>
      {field('fiscalCode', t`Codice fiscale`, { type: 'text', autoComplete: 'off', upper: true })}
      {field('mobilePhone', t`Cellulare`, { type: 'tel', autoComplete: 'off', inputMode: 'tel' })}
      {field('email', t`Email`, { type: 'email', autoComplete: 'off', inputMode: 'email' })}
    </div>
  );
}
