import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';

/** One password input with its label, hint and error, wired for screen readers and password managers. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  hint,
  shown = false,
  after,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error: MessageDescriptor | null;
  hint?: ReactNode;
  /** The show/hide toggle of the new password shows the characters. */
  shown?: boolean;
  /** Beside the input (the toggle). */
  after?: ReactNode;
}): JSX.Element {
  const { i18n } = useLingui();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field password-field">
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="password-input-row">
        <input
          id={id}
          name={id}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={value}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {after}
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {i18n._(error)}
        </p>
      )}
    </div>
  );
}

/** The toggle that shows the new password's characters (a pressed/unpressed button, 44 px). */
export function ShowPasswordToggle({
  shown,
  onToggle,
}: {
  shown: boolean;
  onToggle: () => void;
}): JSX.Element {
  return (
    <button type="button" className="password-toggle" aria-pressed={shown} onClick={onToggle}>
      {shown ? <Trans>Nascondi</Trans> : <Trans>Mostra</Trans>}
    </button>
  );
}
