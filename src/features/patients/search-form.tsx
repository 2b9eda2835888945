import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import type { MepiSearch } from './api';
import { fetchPidTypeNames } from './pid-types';
import type { SearchForm as Form, SearchErrors, SearchField, SearchMode } from './search-validation';
import { EMPTY_SEARCH, REQUIRED_FIELDS, validateSearch } from './search-validation';

/** The advanced search: by fiscal code, by surname + name + birth date, or by identifier. */
export function SearchForm({ onSearch }: { onSearch: (search: MepiSearch) => void }): JSX.Element {
  const { t, i18n } = useLingui();
  const [form, setForm] = useState<Form>(EMPTY_SEARCH);
  const [errors, setErrors] = useState<SearchErrors>({});
  const [pidTypes, setPidTypes] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let active = true;
    void fetchPidTypeNames(i18n.locale).then((names) => active && setPidTypes(names));
    return () => {
      active = false;
    };
  }, [i18n.locale]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const result = validateSearch(form);
    setErrors(result.errors);
    if (result.search) onSearch(result.search);
  };
  const modes: [SearchMode, string][] = [
    ['fiscalCode', t`Codice fiscale`],
    ['person', t`Dati anagrafici`],
    ['identifier', t`Identificativo`],
  ];
  const field = (
    key: SearchField,
    label: string,
    input: Partial<JSX.IntrinsicElements['input']>,
  ): JSX.Element => {
    const error = errors[key];
    const required = REQUIRED_FIELDS[form.mode].includes(key);
    return (
      <label className="field">
        <span>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </span>
        <input
          value={form[key]}
          onChange={(event) => setForm({ ...form, [key]: event.target.value })}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${key}-error` : undefined}
          {...input}
        />
        {error && (
          <p className="field-error" id={`${key}-error`}>
            {i18n._(error)}
          </p>
        )}
      </label>
    );
  };

  return (
    <form className="search-form" onSubmit={submit} noValidate aria-label={t`Ricerca avanzata`}>
      <fieldset className="search-modes">
        <legend>
          <Trans>Cerca per</Trans>
        </legend>
        {modes.map(([mode, label]) => (
          <label key={mode} className="search-mode">
            <input
              type="radio"
              name="mode"
              value={mode}
              checked={form.mode === mode}
              onChange={() => {
                setForm({ ...form, mode });
                setErrors({});
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="field-grid">
        {form.mode === 'fiscalCode' &&
          field('fiscalCode', t`Codice fiscale`, { autoCapitalize: 'characters', maxLength: 16 })}
        {form.mode === 'person' && (
          <>
            {field('surname', t`Cognome`, { autoComplete: 'off' })}
            {field('name', t`Nome`, { autoComplete: 'off' })}
            {field('birthDate', t`Data di nascita`, { type: 'date' })}
          </>
        )}
        {form.mode === 'identifier' && (
          <>
            <label className="field">
              <span>
                <Trans>Tipo di identificativo</Trans>
                <span aria-hidden="true"> *</span>
              </span>
              <select
                value={form.identifierType}
                onChange={(event) => setForm({ ...form, identifierType: event.target.value })}
                required
                aria-invalid={errors.identifierType ? true : undefined}
                aria-describedby={errors.identifierType ? 'identifierType-error' : undefined}
              >
                <option value="">{t`Scegli…`}</option>
                {[...pidTypes].map(([code, desc]) => (
                  <option key={code} value={code}>
                    {desc}
                  </option>
                ))}
              </select>
              {errors.identifierType && (
                <p className="field-error" id="identifierType-error">
                  {i18n._(errors.identifierType)}
                </p>
              )}
            </label>
            {field('identifierValue', t`Valore`, { autoComplete: 'off' })}
          </>
        )}
      </div>
      <p className="muted">
        <Trans>* Campo obbligatorio</Trans>
      </p>
      <IonButton type="submit" expand="block">
        <Trans>Cerca</Trans>
      </IonButton>
    </form>
  );
}
