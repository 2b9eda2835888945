/**
 * The mandatory reason of a refusal (an upload, a videoconference): a labelled text area whose error,
 * when there is one, is announced and tied to the field.
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';

export function ReasonField({
  value,
  onChange,
  maxLength,
  rows,
  disabled,
  problem,
}: {
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows: number;
  disabled: boolean;
  problem: MessageDescriptor | null;
}): JSX.Element {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Motivo del rifiuto *</Trans>
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {i18n._(problem)}
        </p>
      )}
    </div>
  );
}
