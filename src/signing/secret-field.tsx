/** A masked numeric field for the PIN or the SMS code: big digits, numeric keyboard, no autofill of secrets. */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';

export function SecretField({
  id,
  label,
  value,
  onChange,
  error,
  masked,
  maxLength,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: MessageDescriptor | null;
  masked: boolean;
  maxLength: number;
  autoComplete: string;
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    <label className="field">
      <span>
        {label}
        <span aria-hidden="true"> *</span>
      </span>
      <input
        id={id}
        className="secret-input"
        type={masked ? 'password' : 'text'}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, maxLength))}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {i18n._(error)}
        </p>
      )}
    </label>
  );
}
