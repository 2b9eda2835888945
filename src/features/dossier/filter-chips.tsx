/** The active filters as chips; one tap removes one. */
import { IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { closeCircle } from 'ionicons/icons';
import type { JSX } from 'react';
import { useDateFormat } from '../../i18n/dates';
import { statusLabel } from './document-availability';
import type { FilterOptions } from './filter-options';
import { descriptionOf } from './filter-options';
import type { DossierFilters, FilterChip } from './filters';
import { filterChips, withoutChip } from './filters';

export function FilterChips({
  filters,
  options,
  onChange,
}: {
  filters: DossierFilters;
  options: FilterOptions;
  onChange: (filters: DossierFilters) => void;
}): JSX.Element | null {
  const { t, i18n } = useLingui();
  const format = useDateFormat();
  const chips = filterChips(filters);
  if (chips.length === 0) return null;

  const label = (chip: FilterChip): string => {
    switch (chip.kind) {
      case 'documentTypes':
        return descriptionOf(options.documentTypes, chip.value);
      case 'provenances':
        return descriptionOf(options.provenances, chip.value);
      case 'locations':
        return descriptionOf(options.locations, chip.value);
      case 'statuses':
        return i18n._(statusLabel(chip.value));
      case 'dateFrom': {
        const date = format.date(chip.value);
        return t`Dal ${date}`;
      }
      case 'dateTo': {
        const date = format.date(chip.value);
        return t`Al ${date}`;
      }
    }
  };

  return (
    <ul className="filter-chips" aria-label={t`Filtri attivi`}>
      {chips.map((chip) => {
        const text = label(chip);
        return (
          <li key={`${chip.kind}-${chip.value}`}>
            <button
              type="button"
              className="filter-chip"
              onClick={() => onChange(withoutChip(filters, chip))}
              aria-label={t`Rimuovi il filtro ${text}`}
            >
              <span>{text}</span>
              <IonIcon icon={closeCircle} aria-hidden="true" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
