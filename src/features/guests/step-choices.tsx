/** The choice steps of the guest wizard: relationship, access title, deadline, rights. */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { AccessTitle, GuestRelationship, GuestRight } from '../../contract/guests';
import { RELATIONSHIP_LABEL, RELATIONSHIPS, RIGHT_HINT, RIGHT_LABEL, RIGHTS } from './labels';
import { deadlineBounds } from './validation';

export function FieldError({ id, error }: { id: string; error?: MessageDescriptor }): JSX.Element | null {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {i18n._(error)}
    </p>
  );
}

interface ChoiceProps<T extends string> {
  name: string;
  legend: string;
  options: readonly { value: T; label: string; hint?: string }[];
  value: T | '';
  error?: MessageDescriptor;
  onChange: (value: T) => void;
}

function RadioCards<T extends string>(props: ChoiceProps<T>): JSX.Element {
  const errorId = `${props.name}-error`;
  return (
    <fieldset className="guest-choices" aria-describedby={props.error ? errorId : undefined}>
      <legend className="guest-step-question">{props.legend}</legend>
      {props.options.map((option) => (
        <label
          key={option.value}
          className={`guest-choice${props.value === option.value ? ' guest-choice-on' : ''}`}
        >
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span>
            <span className="guest-choice-label">{option.label}</span>
            {option.hint && <span className="guest-choice-hint">{option.hint}</span>}
          </span>
        </label>
      ))}
      <FieldError id={errorId} error={props.error} />
    </fieldset>
  );
}

export function RelationshipStep(props: {
  value: GuestRelationship | '';
  error?: MessageDescriptor;
  onChange: (value: GuestRelationship) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  return (
    <RadioCards
      name="relationship"
      legend={t`Chi è per te la persona che vuoi autorizzare?`}
      options={RELATIONSHIPS.map((value) => ({ value, label: i18n._(RELATIONSHIP_LABEL[value]) }))}
      {...props}
    />
  );
}

export function AccessTitleStep(props: {
  titles: readonly AccessTitle[] | null;
  value: AccessTitle['code'] | '';
  error?: MessageDescriptor;
  onChange: (value: AccessTitle['code']) => void;
}): JSX.Element {
  const { t } = useLingui();
  if (!props.titles)
    return (
      <p className="muted">
        <Trans>Caricamento dei titoli di accesso…</Trans>
      </p>
    );
  return (
    <RadioCards
      name="accessTitle"
      legend={t`A che titolo accede ai tuoi documenti?`}
      options={props.titles.map((title) => ({ value: title.code, label: title.desc }))}
      value={props.value}
      {...(props.error ? { error: props.error } : {})}
      onChange={props.onChange}
    />
  );
}

export function DeadlineStep(props: {
  value: string;
  error?: MessageDescriptor;
  onChange: (value: string) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { min, max } = deadlineBounds();
  return (
    <div className="guest-field">
      <label className="field guest-deadline">
        <span className="guest-step-question">{t`Fino a quale giorno può vedere i tuoi documenti?`}</span>
        <input
          type="date"
          value={props.value}
          min={min}
          max={max}
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? 'deadline-error' : 'deadline-hint'}
          onChange={(event) => props.onChange(event.target.value)}
        />
        <span className="muted guest-hint" id="deadline-hint">
          <Trans>Il giorno scelto è compreso. Al massimo cinque anni.</Trans>
        </span>
      </label>
      <FieldError id="deadline-error" error={props.error} />
    </div>
  );
}

export function RightsStep(props: {
  value: readonly GuestRight[];
  onChange: (value: GuestRight[]) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const toggle = (right: GuestRight, on: boolean): void =>
    props.onChange(
      on
        ? RIGHTS.filter((item) => item === right || props.value.includes(item))
        : props.value.filter((item) => item !== right),
    );
  return (
    <fieldset className="guest-choices">
      <legend className="guest-step-question">{t`Che cosa può fare oltre a vedere i documenti condivisi?`}</legend>
      {RIGHTS.map((right) => (
        <label key={right} className={`guest-choice${props.value.includes(right) ? ' guest-choice-on' : ''}`}>
          <input
            type="checkbox"
            checked={props.value.includes(right)}
            onChange={(event) => toggle(right, event.target.checked)}
          />
          <span>
            <span className="guest-choice-label">{i18n._(RIGHT_LABEL[right])}</span>
            <span className="guest-choice-hint">{i18n._(RIGHT_HINT[right])}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
