/** The administrator's form for a new app: name, exact redirect URIs (one a line), public or confidential. */
import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useState } from 'react';
import { fieldErrorMessage } from '../../api/error-messages';
import { errorReplyOf } from '../../api/error-report';
import {
  APP_NAME_MAX,
  APP_REDIRECTS_MAX,
  type AppRegistered,
  isAcceptableRedirectUri,
} from '../../contract/apps';
import { registerApp } from './api';

type Field = 'name' | 'redirectUris' | 'confidential';
type Problems = Partial<Record<Field, MessageDescriptor>>;

const uriLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The checks the server makes too, so most mistakes are said before sending. */
function check(name: string, uris: string[], kind: string): Problems {
  const problems: Problems = {};
  if (!name.trim()) problems.name = fieldErrorMessage('required');
  if (uris.length === 0) problems.redirectUris = fieldErrorMessage('required');
  else if (uris.length > APP_REDIRECTS_MAX)
    problems.redirectUris = msg`Al massimo ${APP_REDIRECTS_MAX} indirizzi`;
  else if (!uris.every(isAcceptableRedirectUri))
    problems.redirectUris = msg`Ogni indirizzo deve essere https, oppure http su localhost o 127.0.0.1, senza #`;
  if (kind !== 'public' && kind !== 'confidential') problems.confidential = fieldErrorMessage('required');
  return problems;
}

function FieldError({ id, error }: { id: string; error: MessageDescriptor | undefined }): JSX.Element | null {
  const { i18n } = useLingui();
  return error ? (
    <p className="field-error" id={id}>
      {i18n._(error)}
    </p>
  ) : null;
}

export function RegisterAppForm({
  onRegistered,
}: {
  onRegistered: (registered: AppRegistered) => void;
}): JSX.Element {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const [kind, setKind] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const invalid = (field: Field) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `app-${field}-error` } : {};

  const submit = async (): Promise<void> => {
    const found = check(name, uriLines(uris), kind);
    setProblems(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      document.getElementById(`app-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const registered = await registerApp({
        name: name.trim(),
        redirectUris: uriLines(uris),
        confidential: kind === 'confidential',
      });
      setName('');
      setUris('');
      setKind('');
      onRegistered(registered);
    } catch (error) {
      const fields = errorReplyOf(error)?.fields ?? [];
      const fromServer: Problems = {};
      for (const problem of fields) {
        const field = problem.field.split('.')[0] as Field;
        fromServer[field] =
          problem.code === 'taken' && field === 'name'
            ? msg`Un'altra app ha già questo nome`
            : fieldErrorMessage(problem.code);
      }
      setProblems(fromServer);
      const failed = (Object.keys(fromServer) as Field[])[0];
      if (failed) document.getElementById(`app-${failed}`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="apps-form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
      aria-labelledby="apps-register"
    >
      <h2 id="apps-register">
        <Trans>Registra un'app</Trans>
      </h2>
      <label className="field" htmlFor="app-name">
        <span>{t`Nome dell'app`}</span>
        <input
          id="app-name"
          value={name}
          maxLength={APP_NAME_MAX}
          autoComplete="off"
          {...invalid('name')}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <FieldError id="app-name-error" error={problems.name} />
      <p className="apps-hint">{t`Lo vedono i pazienti quando l'app chiede l'accesso e nello storico degli accessi.`}</p>
      <label className="field" htmlFor="app-redirectUris">
        <span>{t`Indirizzi di ritorno (uno per riga)`}</span>
        <textarea
          id="app-redirectUris"
          className="apps-uris"
          value={uris}
          rows={3}
          spellCheck={false}
          autoCapitalize="none"
          {...invalid('redirectUris')}
          onChange={(event) => setUris(event.target.value)}
        />
      </label>
      <FieldError id="app-redirectUris-error" error={problems.redirectUris} />
      <p className="apps-hint">{t`Confrontati esattamente: https, oppure http solo su localhost per le prove.`}</p>
      <fieldset className="apps-kind" id="app-confidential" tabIndex={-1} {...invalid('confidential')}>
        <legend>{t`Tipo di app`}</legend>
        <label className="apps-radio">
          <input
            type="radio"
            name="app-kind"
            value="public"
            checked={kind === 'public'}
            onChange={() => setKind('public')}
          />
          <span>{t`Pubblica: nel browser o sul telefono, senza segreto (PKCE)`}</span>
        </label>
        <label className="apps-radio">
          <input
            type="radio"
            name="app-kind"
            value="confidential"
            checked={kind === 'confidential'}
            onChange={() => setKind('confidential')}
          />
          <span>{t`Riservata: con un segreto custodito sul suo server`}</span>
        </label>
      </fieldset>
      <FieldError id="app-confidential-error" error={problems.confidential} />
      {/* A plain click handler: Ionic's button submits no form in every environment, the form's Enter does. */}
      <IonButton expand="block" disabled={busy} onClick={() => void submit()}>
        <Trans>Registra</Trans>
      </IonButton>
    </form>
  );
}
