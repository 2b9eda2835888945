import { IonButton } from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX, ReactNode } from 'react';
import { useState } from 'react';
import type { HistoryOptions } from './api';
import type { HistoryFilters as Filters } from './filters';
import { activeFilterCount, NO_FILTERS, periodError } from './filters';

interface Props {
  value: Filters;
  options: HistoryOptions | null;
  onApply: (filters: Filters) => void;
}

/** Period, activity, role, user and document type; applied together, the period checked first. */
export function HistoryFilters({ value, options, onApply }: Props): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<Filters>(value);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof Filters, next: string): void => setDraft({ ...draft, [key]: next });

  const apply = (event: FormEvent): void => {
    event.preventDefault();
    const problem = periodError(draft);
    setError(problem ? i18n._(problem) : null);
    if (!problem) onApply(draft);
  };
  const reset = (): void => {
    setDraft(NO_FILTERS);
    setError(null);
    onApply(NO_FILTERS);
  };
  const select = (key: keyof Filters, label: string, choices: [string, string][]): JSX.Element => (
    <label className="field">
      <span>{label}</span>
      <select value={draft[key]} onChange={(event) => set(key, event.target.value)}>
        <option value="">{t`Tutti`}</option>
        {choices.map(([code, desc]) => (
          <option key={code} value={code}>
            {desc}
          </option>
        ))}
      </select>
    </label>
  );
  const date = (key: 'dateFrom' | 'dateTo', label: ReactNode): JSX.Element => (
    <label className="field">
      <span>{label}</span>
      <input
        type="date"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'period-error' : undefined}
      />
    </label>
  );
  const count = activeFilterCount(value);

  return (
    <details className="history-filters" open={count > 0 || undefined}>
      <summary>{count > 0 ? t`Filtri (${count} attivi)` : t`Filtri`}</summary>
      <form onSubmit={apply} noValidate aria-label={t`Filtri dello storico`}>
        <div className="field-grid">
          {date('dateFrom', t`Dal`)}
          {date('dateTo', t`Al`)}
        </div>
        {error && (
          <p className="field-error" id="period-error" role="alert">
            {error}
          </p>
        )}
        <div className="field-grid">
          {select(
            'activity',
            t`Attività`,
            (options?.activities ?? []).map((a) => [a.activityId, a.activityDesc]),
          )}
          {select(
            'userRole',
            t`Ruolo`,
            (options?.userRoles ?? []).map((r) => [r.code, r.desc]),
          )}
          {select(
            'userId',
            t`Utente`,
            (options?.users ?? []).map((u) => [String(u.id), u.name]),
          )}
          {select(
            'documentType',
            t`Tipo di documento`,
            (options?.documentTypes ?? []).map((d) => [d.code, d.desc]),
          )}
        </div>
        <div className="filter-actions">
          <IonButton type="submit">
            <Trans>Applica</Trans>
          </IonButton>
          <IonButton fill="outline" onClick={reset}>
            <Trans>Azzera</Trans>
          </IonButton>
        </div>
      </form>
    </details>
  );
}
