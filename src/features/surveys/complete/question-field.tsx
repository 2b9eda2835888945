/**
 * One question's answer field, by its FHIR type: radios (single choice), checkboxes (multiple), a slider
 * (scale), a number with its unit, a date, a line or a text area. Native inputs: labelled, 44 px targets.
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useId } from 'react';
import {
  type AnswerValue,
  itemBounds,
  type QuestionnaireItem,
  SURVEY_ANSWER_TEXT_MAX,
} from '../../../contract/surveys';

interface FieldProps {
  item: QuestionnaireItem;
  answers: readonly AnswerValue[];
  onChange: (answers: AnswerValue[]) => void;
  problem: MessageDescriptor | null;
}

const codesOf = (answers: readonly AnswerValue[]): string[] =>
  answers.flatMap((a) => ('valueCoding' in a ? [a.valueCoding.code] : []));

function ChoiceField({ item, answers, onChange, name }: FieldProps & { name: string }): JSX.Element {
  const chosen = codesOf(answers);
  const toggle = (code: string, on: boolean): void => {
    if (!item.repeats) {
      onChange([{ valueCoding: { code } }]);
      return;
    }
    const next = on ? [...chosen, code] : chosen.filter((c) => c !== code);
    // In the template's order, whatever the order of the taps.
    const ordered = (item.answerOption ?? []).map((o) => o.valueCoding.code).filter((c) => next.includes(c));
    onChange(ordered.map((c) => ({ valueCoding: { code: c } })));
  };
  return (
    <div className="survey-options">
      {(item.answerOption ?? []).map(({ valueCoding }) => (
        <label key={valueCoding.code} className="survey-option">
          <input
            type={item.repeats ? 'checkbox' : 'radio'}
            name={name}
            checked={chosen.includes(valueCoding.code)}
            onChange={(event) => toggle(valueCoding.code, event.target.checked)}
          />
          <span>{valueCoding.display ?? valueCoding.code}</span>
        </label>
      ))}
    </div>
  );
}

function numberOf(answers: readonly AnswerValue[]): number | null {
  const [first] = answers;
  if (!first) return null;
  if ('valueInteger' in first) return first.valueInteger;
  if ('valueDecimal' in first) return first.valueDecimal;
  return null;
}

export function QuestionField(props: FieldProps): JSX.Element {
  const { t, i18n } = useLingui();
  const id = useId();
  const { item, answers, onChange, problem } = props;
  const bounds = itemBounds(item);
  const described = problem ? `${id}-error` : undefined;
  const invalid = problem ? true : undefined;
  const setNumber = (text: string): void => {
    const value = Number(text.replace(',', '.'));
    if (text.trim() === '' || !Number.isFinite(value)) onChange([]);
    else onChange([item.type === 'integer' ? { valueInteger: Math.round(value) } : { valueDecimal: value }]);
  };
  const first = answers[0];
  const text = first && 'valueString' in first ? first.valueString : '';
  const date = first && 'valueDate' in first ? first.valueDate : '';
  const number = numberOf(answers);

  let field: JSX.Element;
  if (item.type === 'choice') field = <ChoiceField {...props} name={id} />;
  else if (item.type === 'integer' && bounds.slider && bounds.min !== null && bounds.max !== null)
    field = (
      <div className="survey-scale">
        <input
          id={id}
          type="range"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={number ?? Math.round((bounds.min + bounds.max) / 2)}
          aria-valuetext={number === null ? t`Nessun valore scelto` : String(number)}
          aria-describedby={described}
          onChange={(event) => setNumber(event.target.value)}
        />
        <div className="survey-scale-ends" aria-hidden="true">
          <span>{bounds.min}</span>
          <output>{number ?? '–'}</output>
          <span>{bounds.max}</span>
        </div>
      </div>
    );
  else if (item.type === 'integer' || item.type === 'decimal')
    field = (
      <div className="survey-number">
        <input
          id={id}
          type="number"
          inputMode={item.type === 'integer' ? 'numeric' : 'decimal'}
          step={item.type === 'integer' ? 1 : 'any'}
          min={bounds.min ?? undefined}
          max={bounds.max ?? undefined}
          defaultValue={number ?? ''}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => setNumber(event.target.value)}
        />
        {bounds.unit && <span className="survey-unit">{bounds.unit}</span>}
      </div>
    );
  else if (item.type === 'date')
    field = (
      <input
        id={id}
        type="date"
        value={date}
        aria-invalid={invalid}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value ? [{ valueDate: event.target.value }] : [])}
      />
    );
  else {
    const setText = (value: string): void => onChange(value.trim() ? [{ valueString: value }] : []);
    field =
      item.type === 'text' ? (
        <textarea
          id={id}
          rows={5}
          maxLength={SURVEY_ANSWER_TEXT_MAX}
          value={text}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => setText(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type="text"
          maxLength={SURVEY_ANSWER_TEXT_MAX}
          value={text}
          aria-invalid={invalid}
          aria-describedby={described}
          onChange={(event) => setText(event.target.value)}
        />
      );
  }

  const Legend = item.type === 'choice' ? 'legend' : 'label';
  const Group = item.type === 'choice' ? 'fieldset' : 'div';
  return (
    <Group
      className="field survey-question"
      aria-describedby={item.type === 'choice' ? described : undefined}
    >
      <Legend className="survey-question-text" htmlFor={item.type === 'choice' ? undefined : id}>
        {item.text}
        {item.required && ' *'}
      </Legend>
      {item.type === 'choice' && item.repeats && (
        <p className="survey-hint">
          <Trans>Puoi scegliere più risposte.</Trans>
        </p>
      )}
      {field}
      {problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {i18n._(problem)}
        </p>
      )}
    </Group>
  );
}
