/** The question of `confirm()` on screen: loaded by `ConfirmDialogHost` when there is one. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import type { PendingConfirm } from './confirm-dialog';
import { IonAlert } from './ionic/overlays';

interface Props {
  pending: PendingConfirm;
  onAnswer: (value: boolean) => void;
}

export default function ConfirmAlert({ pending, onAnswer }: Props): JSX.Element {
  const { t, i18n } = useLingui();
  return (
    <IonAlert
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
      onDidDismiss={(event) => onAnswer(event.detail.role === 'confirm')}
    />
  );
}
