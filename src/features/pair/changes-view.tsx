/** "What changed" from the replaced plan: each exercise added, removed, or changed with its fields. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { Exercise, PairChange } from '../../contract/pair';
import { FIELD_TEXT } from './labels';

export function ChangesView({ changes }: { changes: readonly PairChange[] }): JSX.Element {
  const { i18n, t } = useLingui();
  const fieldName = (field: string) =>
    field in FIELD_TEXT ? i18n._(FIELD_TEXT[field as keyof Exercise]) : field;
  return (
    <section className="fact-section pair-changes" aria-labelledby="pair-changes-title">
      <h2 id="pair-changes-title">
        <Trans>Cosa è cambiato rispetto al piano precedente</Trans>
      </h2>
      {changes.length === 0 ? (
        <p className="fact-empty">
          <Trans>Gli esercizi sono gli stessi del piano precedente.</Trans>
        </p>
      ) : (
        <ul className="plain-list">
          {changes.map((change) => (
            <li key={`${change.change}-${change.exercise}`}>
              <strong>{change.exercise}</strong>:{' '}
              {change.change === 'added'
                ? t`nuovo esercizio`
                : change.change === 'removed'
                  ? t`esercizio tolto`
                  : t`cambiati ${change.fields.map(fieldName).join(', ')}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
