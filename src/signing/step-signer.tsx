/**
 * Signer step: the patient signs for themself, or another person (legal representative, parent) with
 * their data, and optionally a second person (both parents). Required fields carry an asterisk and say
 * 'Campo obbligatorio' once the user tried to continue.
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { CodeDesc } from '../contract/reference';
import '../ui/forms.css';
import { fetchRelationships } from './api';
import type { SignerDraft, SignerPerson } from './draft';
import type { PersonErrors, PersonField } from './signer-validation';

export function SignerStep({
  signer,
  onChange,
  errors,
}: {
  signer: SignerDraft;
  onChange: (signer: SignerDraft) => void;
  errors: { other?: PersonErrors; second?: PersonErrors };
}): JSX.Element {
  const { t } = useLingui();
  const [relationships, setRelationships] = useState<CodeDesc[]>([]);
  useEffect(() => {
    let active = true;
    fetchRelationships()
      .then((list) => active && setRelationships(list))
      .catch(() => undefined); // the toast says why; the field stays a free choice-less select
    return () => {
      active = false;
    };
  }, []);

  return (
    <>
      <fieldset className="wizard-choice">
        <legend>
          <Trans>Chi firma?</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name="signer-type"
            checked={signer.type === 'self'}
            onChange={() => onChange({ ...signer, type: 'self' })}
          />
          <Trans>Il paziente</Trans>
        </label>
        <label>
          <input
            type="radio"
            name="signer-type"
            checked={signer.type === 'other'}
            onChange={() => onChange({ ...signer, type: 'other' })}
          />
          <Trans>Un'altra persona (tutore, genitore, amministratore di sostegno)</Trans>
        </label>
      </fieldset>
      {signer.type === 'other' && (
        <>
          <PersonFields
            id="other"
            legend={t`Firmatario`}
            person={signer.other}
            errors={errors.other ?? {}}
            relationships={relationships}
            onChange={(other) => onChange({ ...signer, other })}
          />
          <label className="wizard-check">
            <input
              type="checkbox"
              checked={signer.hasSecond}
              onChange={(event) => onChange({ ...signer, hasSecond: event.target.checked })}
            />
            <Trans>Aggiungi un secondo firmatario</Trans>
          </label>
          {signer.hasSecond && (
            <PersonFields
              id="second"
              legend={t`Secondo firmatario`}
              person={signer.second}
              errors={errors.second ?? {}}
              relationships={relationships}
              onChange={(second) => onChange({ ...signer, second })}
            />
          )}
        </>
      )}
    </>
  );
}

function PersonFields({
  id,
  legend,
  person,
  errors,
  relationships,
  onChange,
}: {
  id: string;
  legend: string;
  person: SignerPerson;
  errors: PersonErrors;
  relationships: readonly CodeDesc[];
  onChange: (person: SignerPerson) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const set = (field: PersonField, value: string): void => onChange({ ...person, [field]: value });
  const label = (text: string): JSX.Element => (
    <span>
      {text}
      <span aria-hidden="true"> *</span>
    </span>
  );
  const error = (field: PersonField, message: MessageDescriptor | undefined): JSX.Element | null =>
    message ? (
      <p className="field-error" id={`${id}-${field}-error`}>
        {i18n._(message)}
      </p>
    ) : null;
  const aria = (field: PersonField): Record<string, unknown> => ({
    required: true,
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <fieldset className="wizard-fieldset">
      <legend>{legend}</legend>
      <label className="field">
        {label(t`Nome`)}
        <input
          value={person.name}
          autoComplete="off"
          onChange={(e) => set('name', e.target.value)}
          {...aria('name')}
        />
        {error('name', errors.name)}
      </label>
      <label className="field">
        {label(t`Cognome`)}
        <input
          value={person.surname}
          autoComplete="off"
          onChange={(e) => set('surname', e.target.value)}
          {...aria('surname')}
        />
        {error('surname', errors.surname)}
      </label>
      <label className="field">
        {label(t`Codice fiscale`)}
        <input
          value={person.fiscalCode}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          onChange={(e) => set('fiscalCode', e.target.value.toUpperCase())}
          {...aria('fiscalCode')}
        />
        {error('fiscalCode', errors.fiscalCode)}
      </label>
      <label className="field">
        {label(t`Data di nascita`)}
        <input
          type="date"
          value={person.birthDate}
          onChange={(e) => set('birthDate', e.target.value)}
          {...aria('birthDate')}
        />
        {error('birthDate', errors.birthDate)}
      </label>
      <label className="field">
        {label(t`Relazione con il paziente`)}
        <select
          value={person.relationship}
          onChange={(e) => set('relationship', e.target.value)}
          {...aria('relationship')}
        >
          <option value="">{t`Seleziona…`}</option>
          {relationships.map((item) => (
            <option key={item.code} value={item.code}>
              {item.desc}
            </option>
          ))}
        </select>
        {error('relationship', errors.relationship)}
      </label>
    </fieldset>
  );
}
