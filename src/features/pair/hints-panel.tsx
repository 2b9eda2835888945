/**
 * The decision-support hints of the draft, asked again a moment after each change. A failure says
 * 'Errore durante il recupero delle raccomandazioni' and never stops the physician.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import type { DssHint, PairInput } from '../../contract/pair';
import { verifyAdequacy } from './api';
import { hintText } from './labels';

const DELAY_MS = 700;

export function HintsPanel({ patientId, plan }: { patientId: number; plan: PairInput }): JSX.Element {
  const { i18n, t } = useLingui();
  const [hints, setHints] = useState<DssHint[] | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      // NaN (an emptied number) is sent as null: the rules read what is there.
      const draft = JSON.parse(JSON.stringify(plan)) as unknown;
      verifyAdequacy(patientId, draft).then(
        (reply) => live && setHints(reply.hints),
        () => live && setHints('failed'),
      );
    }, DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [patientId, plan]);
  return (
    <section className="pair-hints" aria-labelledby="pair-hints-title" aria-live="polite">
      <h2 id="pair-hints-title">
        <Trans>Suggerimenti del supporto decisionale</Trans>
      </h2>
      {hints === 'failed' ? (
        <p role="alert">
          <Trans>Errore durante il recupero delle raccomandazioni</Trans>
        </p>
      ) : hints === null ? (
        <p className="muted">
          <Trans>Verifica in corso…</Trans>
        </p>
      ) : hints.length === 0 ? (
        <p>
          <Trans>Nessuna osservazione sul piano.</Trans>
        </p>
      ) : (
        <ul className="plain-list">
          {hints.map((hint, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no identity until saved; their inputs are controlled
            <li key={`${hint.rule}-${hint.exercise ?? ''}-${n}`}>
              {hint.exercise !== undefined && <strong>{t`Esercizio ${hint.exercise + 1}`}: </strong>}
              {hintText(i18n, hint)} <span className="muted">({hint.rule})</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
