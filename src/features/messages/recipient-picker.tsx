/**
 * The recipients of a message: one checkbox per person the caller may write to, with their unit. A long
 * list (all the colleagues of a hospital) gets a filter by name; the people chosen always stay in sight.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import { useState } from 'react';
import { SearchField } from './search-field';

export interface PickablePerson {
  id: number;
  displayName: string;
  unit: string | null;
}

/** From this many people on, the list can be filtered. */
const FILTER_FROM = 8;

const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function RecipientPicker({
  people,
  chosen,
  disabled,
  problem,
  refusal,
  onChange,
}: {
  /** null while the list loads. */
  people: readonly PickablePerson[] | null;
  chosen: readonly number[];
  disabled: boolean;
  /** The error under the list, if any (its id is `message-recipientIds-error`). */
  problem: ReactNode;
  /** Why the list could not be loaded (the server's refusal), shown instead of an empty list. */
  refusal?: ReactNode;
  onChange: (chosen: number[]) => void;
}): JSX.Element {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const wanted = folded(filter.trim());
  const shown = (people ?? []).filter(
    (person) =>
      !wanted ||
      chosen.includes(person.id) ||
      folded(`${person.displayName} ${person.unit ?? ''}`).includes(wanted),
  );
  return (
    <fieldset
      className="message-recipients"
      aria-invalid={problem ? true : undefined}
      aria-describedby={problem ? 'message-recipientIds-error' : undefined}
    >
      <legend>
        <Trans>Destinatari *</Trans>
      </legend>
      {people === null && <p className="muted">{t`Caricamento dei destinatari…`}</p>}
      {people?.length === 0 && (
        <p className={refusal ? 'field-error' : 'muted'}>
          {refusal ?? t`Non ci sono persone a cui puoi scrivere.`}
        </p>
      )}
      {people && people.length >= FILTER_FROM && (
        <SearchField
          id="message-recipient-filter"
          label={<Trans>Filtra per nome</Trans>}
          value={filter}
          disabled={disabled}
          onChange={setFilter}
        />
      )}
      {shown.map((person) => (
        <label key={person.id} className="message-recipient">
          <input
            type="checkbox"
            checked={chosen.includes(person.id)}
            disabled={disabled}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...chosen, person.id] : chosen.filter((each) => each !== person.id),
              )
            }
          />
          <span>
            {person.displayName}
            {person.unit && <span className="muted"> · {person.unit}</span>}
          </span>
        </label>
      ))}
      {people && people.length > 0 && shown.length === 0 && (
        <p className="muted">{t`Nessun destinatario corrisponde al filtro.`}</p>
      )}
      {problem}
    </fieldset>
  );
}
