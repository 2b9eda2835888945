/** Renders a consent model's form (see `json-schema.ts`): labelled native fields, asterisks, errors. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import '../../ui/forms.css';
import type { FormField, ParsedForm } from './json-schema';
import { isRequired, localise, validateAnswers } from './json-schema';
import './consents.css';

export function JsonSchemaForm({
  form,
  answers,
  onChange,
  showErrors,
}: {
  form: ParsedForm;
  answers: Record<string, unknown>;
  onChange: (answers: Record<string, unknown>) => void;
  showErrors: boolean;
}): JSX.Element {
  const { i18n } = useLingui();
  const errors = showErrors ? validateAnswers(form, answers) : {};
  return (
    <div className="schema-form">
      {form.fields.map((field) => {
        const error = errors[field.name];
        const required =
          isRequired(form, field.name, answers) || (field.kind === 'boolean' && field.mustBeTrue);
        return (
          <Field
            key={field.name}
            field={field}
            value={answers[field.name]}
            required={required}
            error={error ? i18n._(error) : null}
            locale={i18n.locale}
            onChange={(value) => onChange({ ...answers, [field.name]: value })}
          />
        );
      })}
    </div>
  );
}

function Field({
  field,
  value,
  required,
  error,
  locale,
  onChange,
}: {
  field: FormField;
  value: unknown;
  required: boolean;
  error: string | null;
  locale: string;
  onChange: (value: unknown) => void;
}): JSX.Element {
  const id = `model-${field.name}`;
  const title = localise(field.title, locale);
  const star = required ? <span aria-hidden="true"> *</span> : null;
  const description = field.description ? (
    <p className="muted schema-description">{localise(field.description, locale)}</p>
  ) : null;
  const errorText = error ? (
    <p className="field-error" id={`${id}-error`}>
      {error}
    </p>
  ) : null;
  const invalid = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;

  if (field.kind === 'boolean') {
    return (
      <div className="schema-field">
        <label className="wizard-check schema-check">
          <input
            type="checkbox"
            checked={value === true}
            required={required}
            onChange={(event) => onChange(event.target.checked)}
            {...invalid}
          />
          <span>
            {title}
            {star}
          </span>
        </label>
        {description}
        {errorText}
      </div>
    );
  }
  if (field.kind === 'choice') {
    return (
      <fieldset className="wizard-choice schema-field" {...invalid}>
        <legend>
          {title}
          {star}
        </legend>
        {description}
        {field.options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={value === option.value}
              required={required}
              onChange={() => onChange(option.value)}
            />
            {localise(option.title, locale)}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  }
  return (
    <label className="field schema-field">
      <span>
        {title}
        {star}
      </span>
      {description}
      <input
        type={field.format === 'date' ? 'date' : 'text'}
        value={typeof value === 'string' ? value : ''}
        maxLength={field.maxLength}
        required={required}
        onChange={(event) => onChange(event.target.value)}
        {...invalid}
      />
      {errorText}
    </label>
  );
}
