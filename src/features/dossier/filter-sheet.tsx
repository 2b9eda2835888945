/**
 * The filters in a sheet: several types, provenances, settings and states, and a date period. An
 * inverted period is refused here, before any call: 'Il periodo di date inserito non è corretto'.
 */
import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useEffect, useState } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import type { CodeDesc } from '../../contract/reference';
import { Sheet } from '../../ui/sheet';
import { statusLabel } from './document-availability';
import type { FilterOptions } from './filter-options';
import type { DossierFilters } from './filters';
import { DOCUMENT_STATUSES, NO_FILTERS, periodIsInverted } from './filters';

type ListKey = 'documentTypes' | 'provenances' | 'locations' | 'statuses';

function toggle<T extends string>(values: readonly T[], value: T, on: boolean): T[] {
  return on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);
}

export function FilterSheet({
  open,
  filters,
  options,
  onApply,
  onClose,
}: {
  open: boolean;
  filters: DossierFilters;
  options: FilterOptions;
  onApply: (filters: DossierFilters) => void;
  onClose: () => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<DossierFilters>(filters);
  useEffect(() => {
    if (open) setDraft(filters);
  }, [open, filters]);
  const inverted = periodIsInverted(draft);

  const set = (key: ListKey, code: string, on: boolean): void =>
    setDraft((current) => ({ ...current, [key]: toggle<string>(current[key], code, on) }));

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (!inverted) onApply(draft);
  };

  const group = (key: ListKey, legend: string, values: readonly CodeDesc[]): JSX.Element | null =>
    values.length === 0 ? null : (
      <fieldset className="filter-group">
        <legend>{legend}</legend>
        {values.map((value) => (
          <label key={value.code} className="filter-option">
            <input
              type="checkbox"
              checked={(draft[key] as readonly string[]).includes(value.code)}
              onChange={(event) => set(key, value.code, event.target.checked)}
            />
            <span>{value.desc}</span>
          </label>
        ))}
      </fieldset>
    );

  const dateField = (key: 'dateFrom' | 'dateTo', label: string): JSX.Element => (
    <label>
      <span>{label}</span>
      <input
        type="date"
        value={draft[key]}
        aria-invalid={inverted}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </label>
  );

  const statuses = DOCUMENT_STATUSES.map((code) => ({ code, desc: i18n._(statusLabel(code)) }));

  return (
    <Sheet
      open={open}
      onClose={onClose}
      className="filter-sheet"
      title={<Trans>Filtra i documenti</Trans>}
      footer={
        <div className="filter-actions">
          <IonButton fill="outline" onClick={() => setDraft(NO_FILTERS)}>
            <Trans>Azzera</Trans>
          </IonButton>
          <IonButton disabled={inverted} onClick={() => !inverted && onApply(draft)}>
            <Trans>Applica</Trans>
          </IonButton>
        </div>
      }
    >
      <form onSubmit={submit} noValidate>
        <fieldset className="filter-group">
          <legend>{t`Periodo`}</legend>
          <div className="filter-dates">
            {dateField('dateFrom', t`Dal`)}
            {dateField('dateTo', t`Al`)}
          </div>
          {inverted && (
            <p className="field-error" role="alert">
              {i18n._(fieldErrorMessage('invalidPeriod'))}
            </p>
          )}
        </fieldset>
        {group('documentTypes', t`Tipo di documento`, options.documentTypes)}
        {group('provenances', t`Provenienza`, options.provenances)}
        {group('locations', t`Regime`, options.locations)}
        {group('statuses', t`Disponibilità`, statuses)}
      </form>
    </Sheet>
  );
}
