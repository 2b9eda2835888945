/** The question of `confirm()` on screen: loaded by `ConfirmDialogHost` when there is one. */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { IonAlert } from './ionic/overlays';

export interface ConfirmOptions {
  header: MessageDescriptor;
  message: MessageDescriptor;
  /** Label of the confirm button; 'Ok' when absent. */
  confirmLabel?: MessageDescriptor;
  /** Something is lost or ended (revoke, delete): the confirm button reads as danger, not as "go". */
  destructive?: boolean;
}

export interface PendingConfirm extends ConfirmOptions {
  id: number;
  resolve: (answer: boolean) => void;
}

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
