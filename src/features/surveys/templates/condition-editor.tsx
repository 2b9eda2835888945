/** "Mostra se la domanda X è …": the condition of a question on an earlier one (FHIR enableWhen). */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import { type ConditionOperator, type EditorCondition, type EditorQuestion, isChoice } from './editor-model';

export function ConditionEditor({
  earlier,
  condition,
  onChange,
}: {
  /** The questions before this one that a condition can look at (not free text). */
  earlier: readonly EditorQuestion[];
  condition: EditorCondition | null;
  onChange: (condition: EditorCondition | null) => void;
}): JSX.Element | null {
  const { t } = useLingui();
  const id = useId();
  const usable = earlier.filter((q) => q.kind !== 'text');
  if (usable.length === 0) return null;
  const target = usable.find((q) => q.linkId === condition?.question);
  const start = (on: boolean): void => {
    const first = usable[usable.length - 1];
    if (!on || !first) {
      onChange(null);
      return;
    }
    onChange({
      question: first.linkId,
      operator: '=',
      value: isChoice(first.kind) ? (first.options[0]?.code ?? '') : '',
    });
  };
  const pick = (linkId: string): void => {
    const next = usable.find((q) => q.linkId === linkId);
    if (next)
      onChange({
        question: linkId,
        operator: '=',
        value: isChoice(next.kind) ? (next.options[0]?.code ?? '') : '',
      });
  };
  const operators: { value: ConditionOperator; label: string }[] =
    target && isChoice(target.kind)
      ? [
          { value: '=', label: t`è` },
          { value: '!=', label: t`non è` },
        ]
      : [
          { value: '=', label: t`è uguale a` },
          { value: '!=', label: t`è diversa da` },
          { value: '>', label: t`è maggiore di` },
          { value: '<', label: t`è minore di` },
          { value: '>=', label: t`è almeno` },
          { value: '<=', label: t`è al massimo` },
        ];
  return (
    <div className="survey-condition">
      <label className="survey-check">
        <input
          type="checkbox"
          checked={condition !== null}
          onChange={(event) => start(event.target.checked)}
        />
        <span>
          <Trans>Mostra solo in base a una risposta precedente</Trans>
        </span>
      </label>
      {condition && (
        <div className="field-grid">
          <label className="field" htmlFor={`${id}-q`}>
            <span>
              <Trans>Mostra se la domanda</Trans>
            </span>
            <select id={`${id}-q`} value={condition.question} onChange={(event) => pick(event.target.value)}>
              {usable.map((q) => (
                <option key={q.linkId} value={q.linkId}>
                  {earlier.indexOf(q) + 1}. {q.text || t`(senza testo)`}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${id}-op`}>
            <span>
              <Trans>Condizione</Trans>
            </span>
            <select
              id={`${id}-op`}
              value={condition.operator}
              onChange={(event) =>
                onChange({ ...condition, operator: event.target.value as ConditionOperator })
              }
            >
              {operators.map((op) => (
                <option key={op.value} value={op.value}>
                  {op.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field" htmlFor={`${id}-v`}>
            <span>
              <Trans>Valore</Trans>
            </span>
            {target && isChoice(target.kind) ? (
              <select
                id={`${id}-v`}
                value={condition.value}
                onChange={(event) => onChange({ ...condition, value: event.target.value })}
              >
                {target.options.map((o, index) => (
                  <option key={o.code} value={o.code}>
                    {o.display || t`Opzione ${index + 1}`}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-v`}
                type={target?.kind === 'date' ? 'date' : 'number'}
                inputMode="decimal"
                value={condition.value}
                onChange={(event) => onChange({ ...condition, value: event.target.value })}
              />
            )}
          </label>
        </div>
      )}
    </div>
  );
}
