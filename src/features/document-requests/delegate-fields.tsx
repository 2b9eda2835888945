/** The delegate who collects at the desk: surname, name, type and number of the identity document. */
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import type { FieldErrorCode } from '../../contract/common';
import { type Delegate, DelegateIdType } from '../../contract/document-requests';
import { ID_TYPE_LABEL } from './labels';
import { TextField } from './text-field';

const EMPTY: Delegate = { surname: '', name: '', document: null, documentNumber: '' };

export function DelegateFields({
  value,
  errors,
  maxLength,
  onChange,
}: {
  value: Delegate | null;
  errors: Readonly<Record<string, FieldErrorCode>>;
  maxLength: number;
  onChange: (value: Delegate) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const delegate = value ?? EMPTY;
  const error = (key: keyof Delegate): FieldErrorCode | undefined =>
    errors[`delivery.info.delegated.${key}`] ?? (value ? undefined : errors['delivery.info.delegated']);
  const set = (key: keyof Delegate) => (text: string) => onChange({ ...delegate, [key]: text });
  const idError = error('document');
  return (
    <section className="delegate-fields" aria-labelledby="delegate-title">
      <h2 className="request-section-title" id="delegate-title">
        <Trans>Persona delegata al ritiro</Trans>
      </h2>
      <p className="request-note">
        <Trans>Allo sportello il delegato mostra questo documento e la delega firmata da te.</Trans>
      </p>
      <div className="field-grid">
        <TextField
          id="delegate-surname"
          label={t`Cognome del delegato`}
          value={delegate.surname}
          onChange={set('surname')}
          error={error('surname')}
          required
          maxLength={maxLength}
        />
        <TextField
          id="delegate-name"
          label={t`Nome del delegato`}
          value={delegate.name}
          onChange={set('name')}
          error={error('name')}
          required
          maxLength={maxLength}
        />
        <label className="field" htmlFor="delegate-document">
          <span>
            <Trans>Tipo di documento</Trans>
            <span aria-hidden="true"> *</span>
          </span>
          <select
            id="delegate-document"
            value={delegate.document ?? ''}
            required
            aria-invalid={idError ? 'true' : undefined}
            aria-describedby={idError ? 'delegate-document-error' : undefined}
            onChange={(event) => {
              const picked = DelegateIdType.options.find((option) => option === event.target.value);
              onChange({ ...delegate, document: picked ?? null });
            }}
          >
            <option value="">{t`Scegli…`}</option>
            {DelegateIdType.options.map((option) => (
              <option key={option} value={option}>
                {i18n._(ID_TYPE_LABEL[option])}
              </option>
            ))}
          </select>
          {idError && (
            <p className="field-error" id="delegate-document-error">
              {i18n._(fieldErrorMessage(idError))}
            </p>
          )}
        </label>
        <TextField
          id="delegate-number"
          label={t`Numero del documento`}
          value={delegate.documentNumber}
          onChange={set('documentNumber')}
          error={error('documentNumber')}
          required
          maxLength={20}
        />
      </div>
    </section>
  );
}
