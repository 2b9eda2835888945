import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useRef, useState } from 'react';
import { errorReplyMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import type { SecurityOverview, StepUpProof } from '../../contract';
import { showToast } from '../../ui/toasts';
import { changePassword } from './api';
import { FreshFactorSheet } from './fresh-factor-sheet';
import { PasswordField, ShowPasswordToggle } from './password-fields';
import { draftErrors, PASSWORD_MIN_LENGTH, type PasswordDraft, type PasswordErrors } from './password-rules';

const EMPTY: PasswordDraft = { current: '', next: '', confirm: '' };
const FIELD_ID: Record<keyof PasswordDraft, string> = {
  current: 'current-password',
  next: 'new-password',
  confirm: 'confirm-password',
};

const PROBLEM_TEXT: Readonly<Record<string, MessageDescriptor>> = {
  tooShort: msg`La nuova password deve avere almeno ${PASSWORD_MIN_LENGTH} caratteri`,
  tooLong: msg`La nuova password è troppo lunga`,
  common: msg`Questa password è tra le più usate e facili da indovinare: scegline un'altra`,
  personal: msg`La password non può contenere il tuo nome, cognome, nome utente o codice fiscale`,
};

/**
 * A refusal of the form's own fields (wrong current password, a password the policy refuses, the login's
 * limit): shown on the form, the sheet closed. Anything else concerns the code and stays in the sheet.
 */
function formErrors(failure: unknown): PasswordErrors | null {
  const reply = errorReplyOf(failure);
  if (!reply) return null;
  if (reply.code === 'SECURITY_PASSWORD_WRONG') return { current: errorReplyMessage(reply) };
  if (reply.code === 'PASSWORD_REFUSED') {
    const problem = reply.fields?.[0]?.code ?? '';
    return { next: PROBLEM_TEXT[problem] ?? errorReplyMessage(reply) };
  }
  if (reply.code === 'RATE_LIMITED' || reply.code === 'FUNCTION_NOT_AVAILABLE')
    return { form: errorReplyMessage(reply) };
  return null;
}

const focusFirst = (errors: PasswordErrors): void => {
  const first = (['current', 'next', 'confirm'] as const).find((key) => errors[key]);
  if (first) document.getElementById(FIELD_ID[first])?.focus();
};

/** "Cambia password": current, new (shown on demand, with the rule), confirmation; then the fresh factor. */
export function PasswordForm({ overview }: { overview: SecurityOverview }): JSX.Element {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState<PasswordDraft>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  // The field at fault takes the focus once the sheet has closed (the sheet gives it back to its opener first).
  const focusAfterSheet = useRef<PasswordErrors | null>(null);
  const sheetClosed = (): void => {
    setAsking(false);
    const errorsToFocus = focusAfterSheet.current;
    focusAfterSheet.current = null;
    if (errorsToFocus) window.setTimeout(() => focusFirst(errorsToFocus), 0);
  };

  const edit = (key: keyof PasswordDraft) => (value: string) => {
    setDraft((old) => ({ ...old, [key]: value }));
    if (errors[key] || errors.form) setErrors((old) => ({ ...old, [key]: undefined, form: undefined }));
  };

  function submit(event: FormEvent): void {
    event.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) focusFirst(found);
    else setAsking(true);
  }

  async function withProof(stepUp: StepUpProof): Promise<void> {
    try {
      const done = await changePassword({ currentPassword: draft.current, newPassword: draft.next, stepUp });
      setAsking(false);
      setDraft(EMPTY);
      setShown(false);
      showToast(
        'success',
        done.otherSessionsEnded > 0
          ? msg`Password cambiata. Gli altri dispositivi sono stati disconnessi.`
          : msg`Password cambiata.`,
      );
    } catch (failure) {
      const found = formErrors(failure);
      if (!found) throw failure;
      // Everything typed stays: only the field at fault is marked.
      focusAfterSheet.current = found;
      setAsking(false);
      setErrors(found);
    }
  }

  return (
    <>
      <form
        className="security-password-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="security-password"
      >
        {/* For password managers: which account the new password belongs to. */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={overview.username}
          readOnly
          hidden
        />
        <PasswordField
          id={FIELD_ID.current}
          label={t`Password attuale`}
          value={draft.current}
          onChange={edit('current')}
          autoComplete="current-password"
          error={errors.current ?? null}
        />
        <PasswordField
          id={FIELD_ID.next}
          label={t`Nuova password`}
          value={draft.next}
          onChange={edit('next')}
          autoComplete="new-password"
          error={errors.next ?? null}
          shown={shown}
          after={<ShowPasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} />}
          hint={
            <Trans>
              Almeno {PASSWORD_MIN_LENGTH} caratteri, senza altre regole: una frase di più parole è facile da
              ricordare e difficile da indovinare. Evita il tuo nome e le password più comuni.
            </Trans>
          }
        />
        <PasswordField
          id={FIELD_ID.confirm}
          label={t`Ripeti la nuova password`}
          value={draft.confirm}
          onChange={edit('confirm')}
          autoComplete="new-password"
          error={errors.confirm ?? null}
          shown={shown}
        />
        {errors.form && (
          <p className="field-error" role="alert">
            {i18n._(errors.form)}
          </p>
        )}
        <IonButton type="submit" expand="block">
          <Trans>Cambia password</Trans>
        </IonButton>
      </form>
      <FreshFactorSheet
        open={asking}
        methods={overview.stepUp}
        phone={overview.phone}
        title={<Trans>Cambia password</Trans>}
        confirmLabel={<Trans>Conferma e cambia password</Trans>}
        onCancel={sheetClosed}
        onProof={withProof}
      />
    </>
  );
}
