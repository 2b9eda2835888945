/**
 * "Aggiungi una passkey": the fresh second factor first — a passkey already held, otherwise the shared
 * fresh-factor sheet (the SMS code for patients and guests, the authenticator's code for staff) — then the
 * device creates the new passkey. A refusal of the factor stays in the sheet; the device's or the server's
 * refusal of the new passkey shows on the page.
 */
import { IonButton, IonInput } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useState } from 'react';
import type { StepUpProof } from '../../contract/accounts';
import type { PasskeyList, PasskeyOptionsReply } from '../../contract/security-passkeys';
import { FreshFactorSheet } from './fresh-factor-sheet';
import { passkeyErrorMessage } from './passkey-errors';
import { deviceName, passkeyProof, registerPasskey, registrationOptions } from './passkeys-api';

export function AddPasskey({
  list,
  onChanged,
}: {
  list: PasskeyList;
  onChanged: (list: PasskeyList) => void;
}): JSX.Element {
  const { t } = useLingui();
  const [name, setName] = useState(() => deviceName(navigator.userAgent));
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const byPasskey = list.stepUp.includes('passkey');
  const byTotp = list.stepUp.includes('totp');
  if (!byPasskey && !byTotp && !list.stepUp.includes('sms'))
    return (
      <p className="passkey-note">
        <Trans>
          Per aggiungere una passkey serve una conferma con un secondo fattore, non ancora disponibile per
          questo profilo.
        </Trans>
      </p>
    );

  const create = async (options: PasskeyOptionsReply['options']): Promise<void> => {
    setBusy(true);
    try {
      onChanged(await registerPasskey(options, name.trim() || deviceName(navigator.userAgent)));
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!byPasskey) {
      setAsking(true);
      return;
    }
    setBusy(true);
    let options: PasskeyOptionsReply['options'];
    try {
      options = await registrationOptions(await passkeyProof());
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
      setBusy(false);
      return;
    }
    await create(options);
  };

  // The sheet shows a refusal of the code (this rejects); once the factor is accepted it closes.
  const withProof = async (proof: StepUpProof): Promise<void> => {
    const options = await registrationOptions(proof);
    setAsking(false);
    await create(options);
  };

  return (
    <>
      <form className="passkey-add" onSubmit={(event) => void submit(event)} noValidate>
        <h2>
          <Trans>Aggiungi una passkey</Trans>
        </h2>
        <p>
          {byPasskey ? (
            <Trans>Prima conferma con una delle tue passkey, poi crea la nuova sul dispositivo.</Trans>
          ) : byTotp ? (
            <Trans>
              Prima conferma con il codice dell'app di autenticazione, poi crea la passkey sul dispositivo.
            </Trans>
          ) : (
            <Trans>
              Prima conferma con il codice che ti inviamo via SMS, poi crea la passkey sul dispositivo.
            </Trans>
          )}
        </p>
        <IonInput
          label={t`Nome della passkey`}
          labelPlacement="stacked"
          fill="outline"
          value={name}
          maxlength={60}
          onIonInput={(event) => setName(String(event.detail.value ?? ''))}
        />
        {error && (
          <p className="passkey-error" role="alert">
            {t(error)}
          </p>
        )}
        <IonButton type="submit" expand="block" disabled={busy}>
          {busy ? <Trans>Attendi…</Trans> : <Trans>Aggiungi una passkey</Trans>}
        </IonButton>
      </form>
      <FreshFactorSheet
        open={asking}
        methods={list.stepUp}
        phone={null}
        title={<Trans>Aggiungi una passkey</Trans>}
        confirmLabel={<Trans>Conferma e crea la passkey</Trans>}
        onCancel={() => setAsking(false)}
        onProof={withProof}
      />
    </>
  );
}
