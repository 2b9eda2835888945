/** The recipients of a message: one checkbox per person the caller may write to, with their unit. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';

export interface PickablePerson {
  id: number;
  displayName: string;
  unit: string | null;
}

export function RecipientPicker({
  people,
  chosen,
  disabled,
  problem,
  onChange,
}: {
  /** null while the list loads. */
  people: readonly PickablePerson[] | null;
  chosen: readonly number[];
  disabled: boolean;
  /** The error under the list, if any (its id is `message-recipientIds-error`). */
  problem: ReactNode;
  onChange: (chosen: number[]) => void;
}): JSX.Element {
  const { t } = useLingui();
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
      {people?.length === 0 && <p className="muted">{t`Non ci sono persone a cui puoi scrivere.`}</p>}
      {people?.map((person) => (
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
      {problem}
    </fieldset>
  );
}
