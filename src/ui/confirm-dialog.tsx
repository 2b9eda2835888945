/**
 * `confirm()` asks a yes/no question and resolves with the answer: a plain async function that sets
 * an atom; `<ConfirmDialogHost />` (mounted once) shows it. Confirm is green 'Ok', cancel orange.
 */
import { IonAlert } from '@ionic/react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { atom, useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { appStore } from '../state/store';

export interface ConfirmOptions {
  header: MessageDescriptor;
  message: MessageDescriptor;
  /** Label of the confirm button; 'Ok' when absent. */
  confirmLabel?: MessageDescriptor;
  /** Something is lost or ended (revoke, delete): the confirm button reads as danger, not as "go". */
  destructive?: boolean;
}

interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (answer: boolean) => void;
}

export const confirmAtom = atom<PendingConfirm | null>(null);
let nextId = 1;

export function confirm(options: ConfirmOptions): Promise<boolean> {
  const store = appStore();
  store.get(confirmAtom)?.resolve(false); // one question at a time: a new one cancels the old
  return new Promise<boolean>((resolve) => {
    store.set(confirmAtom, { ...options, id: nextId++, resolve });
  });
}

function answer(pending: PendingConfirm, value: boolean): void {
  const store = appStore();
  if (store.get(confirmAtom)?.id === pending.id) store.set(confirmAtom, null);
  pending.resolve(value);
}

export function ConfirmDialogHost(): JSX.Element | null {
  const { t, i18n } = useLingui();
  const pending = useAtomValue(confirmAtom);
  if (!pending) return null;
  return (
    <IonAlert
      key={pending.id}
      isOpen
      className={pending.destructive ? 'confirm-dialog confirm-dialog--destructive' : 'confirm-dialog'}
      header={i18n._(pending.header)}
      message={i18n._(pending.message)}
      buttons={[
        { text: t`Annulla`, role: 'cancel', cssClass: 'confirm-cancel' },
        {
          text: pending.confirmLabel ? i18n._(pending.confirmLabel) : t`Ok`,
          role: 'confirm',
          cssClass: pending.destructive ? 'confirm-ok confirm-destructive' : 'confirm-ok',
        },
      ]}
      onDidDismiss={(event) => answer(pending, event.detail.role === 'confirm')}
    />
  );
}
