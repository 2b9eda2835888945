/** The new link's fields: its name, what it shares, its passcode and how long it lasts. */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { SHL_LABEL_MAX } from '../../contract/shl';
import { DocumentChecklist } from './document-checklist';
import {
  type DraftProblems,
  EXPIRY_DAYS,
  type ExpiryDays,
  type LinkDraft,
  PASSCODE_MAX,
  suggestPasscode,
} from './new-link';

const EXPIRY_LABELS: Record<ExpiryDays, MessageDescriptor> = {
  1: msg`1 giorno`,
  7: msg`7 giorni`,
  30: msg`30 giorni`,
  90: msg`90 giorni`,
  365: msg`1 anno`,
};

function FieldError({ id, error }: { id: string; error: MessageDescriptor | undefined }): JSX.Element | null {
  const { i18n } = useLingui();
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      {i18n._(error)}
    </p>
  );
}

/** Where the focus goes to show a problem: the field's control (the summary's box for "nothing chosen"). */
export const FIELD_CONTROL: Record<keyof DraftProblems, string> = {
  label: 'shl-label',
  passcode: 'shl-passcode',
  expiresAt: 'shl-expiry',
  documentIds: 'shl-summary',
};

export function NewLinkForm({
  patientId,
  draft,
  problems,
  onChange,
}: {
  patientId: number;
  draft: LinkDraft;
  problems: DraftProblems;
  onChange: (change: Partial<LinkDraft>) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const invalid = (field: keyof DraftProblems) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `shl-${field}-error` } : {};
  return (
    <div className="shl-form">
      <div className="shl-field">
        <label className="field" htmlFor="shl-label">
          <span>
            {t`Nome del link`}
            <span aria-hidden="true"> *</span>
          </span>
          <input
            id="shl-label"
            value={draft.label}
            maxLength={SHL_LABEL_MAX}
            required
            autoComplete="off"
            aria-describedby="shl-label-hint"
            {...invalid('label')}
            onChange={(event) => onChange({ label: event.target.value })}
          />
        </label>
        <FieldError id="shl-label-error" error={problems.label} />
        <p className="shl-hint" id="shl-label-hint">
          {t`Ad esempio «Visita cardiologica». Lo vede anche chi apre il link.`}
        </p>
      </div>

      <fieldset className="shl-choices">
        <legend className="shl-legend">{t`Codice di accesso`}</legend>
        <label className={`shl-choice${draft.withPasscode ? ' shl-choice-on' : ''}`}>
          <input
            type="checkbox"
            checked={draft.withPasscode}
            onChange={(event) => onChange({ withPasscode: event.target.checked })}
          />
          <span className="shl-choice-label">{t`Proteggi il link con un codice (consigliato)`}</span>
        </label>
        {draft.withPasscode && (
          <div className="shl-passcode">
            <label className="field" htmlFor="shl-passcode">
              <span>{t`Codice`}</span>
              <input
                id="shl-passcode"
                value={draft.passcode}
                maxLength={PASSCODE_MAX}
                autoComplete="off"
                spellCheck={false}
                {...invalid('passcode')}
                onChange={(event) => onChange({ passcode: event.target.value })}
              />
            </label>
            <IonButton fill="outline" onClick={() => onChange({ passcode: suggestPasscode() })}>
              <Trans>Nuovo codice</Trans>
            </IonButton>
          </div>
        )}
        <FieldError id="shl-passcode-error" error={problems.passcode} />
        <p className="shl-hint">
          {draft.withPasscode
            ? t`Chi riceve il link dovrà inserire questo codice: non è scritto nel link. Comunicalo a parte, per esempio a voce.`
            : t`Senza codice, chiunque abbia il link può aprirlo fino alla scadenza.`}
        </p>
      </fieldset>

      <div className="shl-field">
        <label className="field" htmlFor="shl-expiry">
          <span>{t`Scade tra`}</span>
          <select
            id="shl-expiry"
            value={draft.expiryDays}
            {...invalid('expiresAt')}
            onChange={(event) => onChange({ expiryDays: Number(event.target.value) as ExpiryDays })}
          >
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {i18n._(EXPIRY_LABELS[days])}
              </option>
            ))}
          </select>
        </label>
        <FieldError id="shl-expiresAt-error" error={problems.expiresAt} />
      </div>
      <fieldset className="shl-choices" {...invalid('documentIds')}>
        <legend className="shl-legend">{t`Cosa condividi`}</legend>
        <FieldError id="shl-documentIds-error" error={problems.documentIds} />
        <label className={`shl-choice${draft.summary ? ' shl-choice-on' : ''}`}>
          <input
            id="shl-summary"
            type="checkbox"
            checked={draft.summary}
            onChange={(event) => onChange({ summary: event.target.checked })}
          />
          <span>
            <span className="shl-choice-label">{t`Sintesi sanitaria`}</span>
            <span className="shl-choice-hint">
              {t`Problemi, allergie, terapie, vaccinazioni ed esami recenti`}
            </span>
          </span>
        </label>
      </fieldset>
      <DocumentChecklist
        patientId={patientId}
        value={draft.documentIds}
        onChange={(documentIds) => onChange({ documentIds })}
      />
    </div>
  );
}
