/** The text fields of an upload: type, title, date of the document, note; errors beside each field. */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';
import type { CodeDesc } from '../../contract/reference';
import type { UploadPhysician } from '../../contract/uploads';
import { UPLOAD_NOTE_MAX, UPLOAD_TITLE_MAX } from '../../contract/uploads';
import type { UploadDraft } from './api';

export type FieldProblems = Partial<Record<keyof UploadDraft, MessageDescriptor>>;

function Field({
  name,
  label,
  problem,
  children,
}: {
  name: string;
  label: ReactNode;
  problem: MessageDescriptor | undefined;
  children: ReactNode;
}): JSX.Element {
  const { i18n } = useLingui();
  return (
    // The error sits outside the label: it is announced through aria-describedby, not as the name.
    <div className="field">
      <label htmlFor={`upload-${name}`}>{label}</label>
      {children}
      {problem && (
        <p className="field-error" id={`upload-${name}-error`}>
          {i18n._(problem)}
        </p>
      )}
    </div>
  );
}

export function UploadFields({
  draft,
  types,
  physicians,
  problems,
  disabled,
  onChange,
}: {
  draft: UploadDraft;
  types: readonly CodeDesc[];
  physicians: readonly UploadPhysician[];
  problems: FieldProblems;
  disabled: boolean;
  onChange: (draft: UploadDraft) => void;
}): JSX.Element {
  const { t } = useLingui();
  const today = new Date().toISOString().slice(0, 10);
  const aria = (name: keyof UploadDraft) => ({
    id: `upload-${name}`,
    disabled,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby': problems[name] ? `upload-${name}-error` : undefined,
  });
  return (
    <div className="upload-fields">
      <Field name="documentType" label={<Trans>Tipo di documento *</Trans>} problem={problems.documentType}>
        <select
          {...aria('documentType')}
          value={draft.documentType}
          onChange={(event) => onChange({ ...draft, documentType: event.target.value })}
        >
          <option value="">{t`Scegli il tipo`}</option>
          {types.map((type) => (
            <option key={type.code} value={type.code}>
              {type.desc}
            </option>
          ))}
        </select>
      </Field>
      <Field name="title" label={<Trans>Titolo *</Trans>} problem={problems.title}>
        <input
          {...aria('title')}
          type="text"
          maxLength={UPLOAD_TITLE_MAX}
          autoComplete="off"
          value={draft.title}
          onChange={(event) => onChange({ ...draft, title: event.target.value })}
        />
      </Field>
      <Field name="documentDate" label={<Trans>Data del documento</Trans>} problem={problems.documentDate}>
        <input
          {...aria('documentDate')}
          type="date"
          max={today}
          value={draft.documentDate}
          onChange={(event) => onChange({ ...draft, documentDate: event.target.value })}
        />
      </Field>
      <Field name="physicianId" label={<Trans>Medico che lo esamina</Trans>} problem={problems.physicianId}>
        <select
          {...aria('physicianId')}
          value={draft.physicianId}
          onChange={(event) => onChange({ ...draft, physicianId: event.target.value })}
        >
          <option value="">{t`Qualsiasi medico autorizzato`}</option>
          {physicians.map((physician) => (
            <option key={physician.id} value={String(physician.id)}>
              {physician.displayName}
            </option>
          ))}
        </select>
      </Field>
      <Field name="note" label={<Trans>Nota per il medico</Trans>} problem={problems.note}>
        <textarea
          {...aria('note')}
          rows={3}
          maxLength={UPLOAD_NOTE_MAX}
          value={draft.note}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
        />
      </Field>
    </div>
  );
}
