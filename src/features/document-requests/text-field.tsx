/** A labelled native input with its error below it (the text the user typed always stays). */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import type { FieldErrorCode } from '../../contract/common';

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  maxLength,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldErrorCode;
  required?: boolean;
  maxLength: number;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    <label className="field" htmlFor={id}>
      <span>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        maxLength={maxLength}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {i18n._(fieldErrorMessage(error))}
        </p>
      )}
    </label>
  );
}
