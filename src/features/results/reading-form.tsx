/** The reading's fields: its kind (fixed when correcting), the values its kind needs, when, and a note. */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { READING_NOTE_MAX, type ReadingKind } from '../../contract/results';
import type { DraftField, DraftProblems, ReadingDraft } from './reading-draft';
import { KIND_LABEL, READING_KINDS, unitOf } from './reading-kinds';

/** Where the focus goes to show a field's problem. */
export const FIELD_CONTROL: Record<DraftField, string> = {
  kind: 'reading-kind',
  systolic: 'reading-systolic',
  diastolic: 'reading-diastolic',
  value: 'reading-value',
  takenAt: 'reading-date',
  note: 'reading-note',
};

function FieldError({
  field,
  error,
}: {
  field: DraftField;
  error: MessageDescriptor | undefined;
}): JSX.Element | null {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p className="field-error" id={`${FIELD_CONTROL[field]}-error`}>
      {i18n._(error)}
    </p>
  );
}

const Required = (): JSX.Element => <span aria-hidden="true"> *</span>;

export function ReadingForm({
  draft,
  problems,
  correcting,
  onChange,
}: {
  draft: ReadingDraft;
  problems: DraftProblems;
  /** A correction keeps the kind it was entered with. */
  correcting: boolean;
  onChange: (change: Partial<ReadingDraft>) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const invalid = (field: DraftField) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_CONTROL[field]}-error` } : {};
  const unit = unitOf(draft.kind);
  const number = (field: 'systolic' | 'diastolic' | 'value', label: string): JSX.Element => (
    <div className="reading-field">
      <label className="field" htmlFor={FIELD_CONTROL[field]}>
        <span>
          {label}
          <Required />
        </span>
        <input
          id={FIELD_CONTROL[field]}
          inputMode="decimal"
          autoComplete="off"
          required
          value={draft[field]}
          {...invalid(field)}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      </label>
      <FieldError field={field} error={problems[field]} />
    </div>
  );
  return (
    <div className="reading-form">
      <div className="reading-field">
        <label className="field" htmlFor="reading-kind">
          <span>{t`Che cosa misuri`}</span>
          <select
            id="reading-kind"
            value={draft.kind}
            disabled={correcting}
            {...invalid('kind')}
            onChange={(event) => onChange({ kind: event.target.value as ReadingKind })}
          >
            {READING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {i18n._(KIND_LABEL[kind])}
              </option>
            ))}
          </select>
        </label>
        <FieldError field="kind" error={problems.kind} />
      </div>
      {draft.kind === 'blood-pressure' && (
        <div className="reading-pair">
          {number('systolic', t`Massima (${unit})`)}
          {number('diastolic', t`Minima (${unit})`)}
        </div>
      )}
      {draft.kind !== 'blood-pressure' && draft.kind !== 'note' && number('value', t`Valore (${unit})`)}
      <div className="reading-field">
        <div className="reading-pair">
          <label className="field" htmlFor="reading-date">
            <span>
              {t`Data`}
              <Required />
            </span>
            <input
              id="reading-date"
              type="date"
              required
              value={draft.date}
              {...invalid('takenAt')}
              onChange={(event) => onChange({ date: event.target.value })}
            />
          </label>
          <label className="field" htmlFor="reading-time">
            <span>
              {t({ message: 'Ora', context: 'ora del giorno' })}
              <Required />
            </span>
            <input
              id="reading-time"
              type="time"
              required
              value={draft.time}
              {...invalid('takenAt')}
              onChange={(event) => onChange({ time: event.target.value })}
            />
          </label>
        </div>
        <FieldError field="takenAt" error={problems.takenAt} />
      </div>
      <div className="reading-field">
        <label className="field" htmlFor="reading-note">
          <span>
            {draft.kind === 'note' ? t`Nota` : t`Nota (facoltativa)`}
            {draft.kind === 'note' && <Required />}
          </span>
          <textarea
            id="reading-note"
            rows={draft.kind === 'note' ? 5 : 2}
            maxLength={READING_NOTE_MAX}
            required={draft.kind === 'note'}
            value={draft.note}
            {...invalid('note')}
            onChange={(event) => onChange({ note: event.target.value })}
          />
        </label>
        <FieldError field="note" error={problems.note} />
      </div>
    </div>
  );
}
