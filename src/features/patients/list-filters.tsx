import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';

export interface NameFilters {
  surname: string;
  name: string;
  fiscalCode: string;
}

export const NO_NAME_FILTERS: NameFilters = { surname: '', name: '', fiscalCode: '' };

/** Surname, name and fiscal code: the list narrows as the user types (prefix match on the server). */
export function ListFilters({
  value,
  onChange,
}: {
  value: NameFilters;
  onChange: (next: NameFilters) => void;
}): JSX.Element {
  const { t } = useLingui();
  const field = (
    key: keyof NameFilters,
    label: string,
    extra: Partial<JSX.IntrinsicElements['input']>,
  ): JSX.Element => (
    <label className="field">
      <span>{label}</span>
      <input
        type="search"
        value={value[key]}
        onChange={(event) => onChange({ ...value, [key]: event.target.value })}
        autoComplete="off"
        {...extra}
      />
    </label>
  );
  return (
    <search className="field-grid list-filters" aria-label={t`Filtra l'elenco`}>
      {field('surname', t`Cognome`, {})}
      {field('name', t`Nome`, {})}
      {field('fiscalCode', t`Codice fiscale`, { autoCapitalize: 'characters', maxLength: 16 })}
    </search>
  );
}
