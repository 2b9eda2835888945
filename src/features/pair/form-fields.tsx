/** Labelled native fields of the plan form; each shows its error (by field path) tied to the input. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import type { CodedValue, FieldErrorCode } from '../../contract';

export type FormErrors = ReadonlyMap<string, FieldErrorCode>;

interface Base {
  label: string;
  path: string;
  errors: FormErrors;
  required?: boolean;
}

function useFieldError(errors: FormErrors, path: string): { id: string; error: string | null } {
  const { i18n } = useLingui();
  const code = errors.get(path);
  return { id: useId(), error: code ? i18n._(fieldErrorMessage(code)) : null };
}

function FieldShell(props: Base & { id: string; error: string | null; children: JSX.Element }): JSX.Element {
  return (
    <label className="field" htmlFor={props.id}>
      <span>
        {props.label}
        {props.required ? ' *' : ''}
      </span>
      {props.children}
      {props.error && (
        <span className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </span>
      )}
    </label>
  );
}

const described = (id: string, error: string | null) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};

export function TextField(
  props: Base & {
    value: string;
    onChange: (value: string) => void;
    type?: 'text' | 'date';
    maxLength?: number;
  },
): JSX.Element {
  const { id, error } = useFieldError(props.errors, props.path);
  return (
    <FieldShell {...props} id={id} error={error}>
      <input
        id={id}
        type={props.type ?? 'text'}
        value={props.value}
        maxLength={props.maxLength}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value)}
        {...described(id, error)}
      />
    </FieldShell>
  );
}

export function NumberField(
  props: Base & { value: number; onChange: (value: number) => void; step?: number },
): JSX.Element {
  const { id, error } = useFieldError(props.errors, props.path);
  return (
    <FieldShell {...props} id={id} error={error}>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={props.step ?? 1}
        value={Number.isNaN(props.value) ? '' : props.value}
        required={props.required}
        onChange={(event) =>
          props.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
        }
        {...described(id, error)}
      />
    </FieldShell>
  );
}

export function SelectField(
  props: Base & {
    value: string | null;
    options: readonly CodedValue[];
    onChange: (value: string | null) => void;
    emptyLabel?: string;
  },
): JSX.Element {
  const { id, error } = useFieldError(props.errors, props.path);
  return (
    <FieldShell {...props} id={id} error={error}>
      <select
        id={id}
        value={props.value ?? ''}
        required={props.required}
        onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
        {...described(id, error)}
      >
        <option value="">{props.emptyLabel ?? '—'}</option>
        {props.options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.display}
            {option.unit ? ` (${option.unit})` : ''}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
