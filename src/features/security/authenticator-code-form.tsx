import { IonButton } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX, ReactNode } from 'react';
import { useState } from 'react';

const FORMAT = msg`Il codice è di 6 cifre`;

/** A 6-digit authenticator code, its error beside it, one button. */
export function AuthenticatorCodeForm(props: {
  id: string;
  label: string;
  submit: string;
  busy: boolean;
  error: MessageDescriptor | null;
  onCode: (code: string) => void;
  children?: ReactNode;
}): JSX.Element {
  const { i18n } = useLingui();
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<MessageDescriptor | null>(null);
  const error = local ?? props.error;
  const errorId = `${props.id}-error`;
  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    const clean = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(clean)) {
      setLocal(FORMAT);
      return;
    }
    setLocal(null);
    props.onCode(clean);
  }
  return (
    <form onSubmit={onSubmit} noValidate className="authenticator-form">
      {props.children}
      <label className="field">
        <span>{props.label}</span>
        <input
          id={props.id}
          name="code"
          className="authenticator-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          required
          {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
        />
      </label>
      {error && (
        <p id={errorId} className="authenticator-alert" role="alert">
          {i18n._(error)}
        </p>
      )}
      <IonButton type="submit" expand="block" disabled={props.busy}>
        {props.submit}
      </IonButton>
    </form>
  );
}
