/**
 * `/security/passkeys` ("Passkey"): the user's passkeys, each renamed or removed (after a
 * confirmation), and "Aggiungi una passkey" after a fresh second factor (`passkey-add.tsx`). The WebAuthn
 * browser library loads on the first add, not with the page.
 */
import { IonButton, IonInput } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, JSX } from 'react';
import { useState } from 'react';
import { useLoader } from '../../api/use-loader';
import type { Passkey, PasskeyList } from '../../contract/security-passkeys';
import { confirm } from '../../ui/confirm-dialog';
import { LoadedView } from '../../ui/loaded-view';
import { PageLayout } from '../../ui/page-layout';
import { AddPasskey } from './passkey-add';
import { passkeyErrorMessage } from './passkey-errors';
import { fetchPasskeys, removePasskey, renamePasskey } from './passkeys-api';
import './passkeys.css';

function PasskeyItem({
  passkey,
  onChanged,
}: {
  passkey: Passkey;
  onChanged: (list: PasskeyList) => void;
}): JSX.Element {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<MessageDescriptor | null>(null);
  const date = (iso: string): string => i18n.date(new Date(iso), { dateStyle: 'medium' });
  const save = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    try {
      onChanged(await renamePasskey(passkey.id, name));
      setEditing(false);
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    }
  };
  const remove = async (): Promise<void> => {
    const sure = await confirm({
      header: msg`Rimuovere la passkey?`,
      message: msg`Non potrai più accedere con questa passkey. Potrai sempre accedere con il codice SMS o dell'app di autenticazione.`,
      confirmLabel: msg`Rimuovi`,
      destructive: true,
    });
    if (!sure) return;
    try {
      onChanged(await removePasskey(passkey.id));
    } catch (failure) {
      setError(passkeyErrorMessage(failure));
    }
  };
  return (
    <li className="passkey-item">
      {editing ? (
        <form onSubmit={(event) => void save(event)} className="passkey-rename">
          <IonInput
            label={t`Nome della passkey`}
            labelPlacement="stacked"
            fill="outline"
            value={name}
            maxlength={60}
            onIonInput={(event) => setName(String(event.detail.value ?? ''))}
          />
          <div className="passkey-actions">
            <IonButton type="submit">
              <Trans>Salva</Trans>
            </IonButton>
            <IonButton fill="outline" onClick={() => setEditing(false)}>
              <Trans>Annulla</Trans>
            </IonButton>
          </div>
        </form>
      ) : (
        <>
          <h3>{passkey.name}</h3>
          <p className="passkey-meta">
            <Trans>Aggiunta il {date(passkey.createdAt)}</Trans>
            {' · '}
            {passkey.lastUsedAt ? (
              <Trans>Ultimo uso il {date(passkey.lastUsedAt)}</Trans>
            ) : (
              <Trans>Mai usata</Trans>
            )}
          </p>
          <div className="passkey-actions">
            <IonButton fill="outline" onClick={() => setEditing(true)}>
              <Trans>Rinomina</Trans>
            </IonButton>
            <IonButton fill="outline" color="danger" onClick={() => void remove()}>
              <Trans>Rimuovi</Trans>
            </IonButton>
          </div>
        </>
      )}
      {error && (
        <p className="passkey-error" role="alert">
          {t(error)}
        </p>
      )}
    </li>
  );
}

export function PasskeysPage(): JSX.Element {
  const { t } = useLingui();
  const { state, reload, update } = useLoader(fetchPasskeys);
  const changed = (list: PasskeyList): void => update(() => list);
  return (
    <PageLayout title={t`Passkey`}>
      <div className="passkeys-page">
        <p className="passkey-intro">
          <Trans>
            Una passkey ti fa accedere con l'impronta, il volto o il PIN del dispositivo, al posto del codice
            SMS o dell'app di autenticazione. Se la perdi, puoi sempre accedere con il codice.
          </Trans>
        </p>
        <LoadedView state={state} onRetry={reload}>
          {(value) => (
            <>
              <section aria-labelledby="passkeys-title">
                <h2 id="passkeys-title">
                  <Trans>Le tue passkey</Trans>
                </h2>
                {value.passkeys.length === 0 ? (
                  <p className="passkey-note">
                    <Trans>Non hai ancora nessuna passkey.</Trans>
                  </p>
                ) : (
                  <ul className="passkey-list">
                    {value.passkeys.map((passkey) => (
                      <PasskeyItem
                        key={`${passkey.id}-${passkey.name}`}
                        passkey={passkey}
                        onChanged={changed}
                      />
                    ))}
                  </ul>
                )}
              </section>
              <AddPasskey list={value} onChanged={changed} />
            </>
          )}
        </LoadedView>
      </div>
    </PageLayout>
  );
}
