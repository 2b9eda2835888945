/** The patient's newest documents (at most 20) as checkboxes: what a link carries besides the summary. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useCallback } from 'react';
import { useLoader } from '../../api/use-loader';
import { useDateFormat } from '../../i18n/dates';
import { LoadedView } from '../../ui/loaded-view';
import { fetchRecentDocuments } from './api';

export function DocumentChecklist({
  patientId,
  value,
  onChange,
}: {
  patientId: number;
  value: readonly number[];
  onChange: (ids: number[]) => void;
}): JSX.Element {
  const { t } = useLingui();
  const { date } = useDateFormat();
  const load = useCallback(() => fetchRecentDocuments(patientId), [patientId]);
  const { state, reload } = useLoader(load);
  const count = value.length;
  const toggle = (id: number, on: boolean): void =>
    onChange(on ? [...value, id] : value.filter((each) => each !== id));
  return (
    <fieldset className="shl-choices">
      <legend className="shl-legend">{t`Documenti`}</legend>
      <p className="shl-count" aria-live="polite">
        {count === 1 ? <Trans>1 documento scelto</Trans> : <Trans>{count} documenti scelti</Trans>}
      </p>
      <LoadedView state={state} onRetry={() => void reload()}>
        {(documents) =>
          documents.length === 0 ? (
            <p className="muted">
              <Trans>Nessun documento da condividere nel dossier.</Trans>
            </p>
          ) : (
            documents.map((document) => {
              const on = value.includes(document.id);
              return (
                <label key={document.id} className={`shl-choice${on ? ' shl-choice-on' : ''}`}>
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(event) => toggle(document.id, event.target.checked)}
                  />
                  <span>
                    <span className="shl-choice-label" lang="it">
                      {document.title}
                    </span>
                    <span className="shl-choice-hint">
                      {document.documentType.desc} · {date(document.docCreationDateTime)}
                    </span>
                  </span>
                </label>
              );
            })
          )
        }
      </LoadedView>
    </fieldset>
  );
}
