/** One toast on screen: loaded by `ToastHost` with the first toast, not with the first screen. */

import { useLingui } from '@lingui/react/macro';
import {
  alertCircleOutline,
  checkmarkCircleOutline,
  informationCircleOutline,
  warningOutline,
} from 'ionicons/icons';
import type { JSX } from 'react';
import { IonToast } from './ionic/overlays';
import type { Toast, ToastKind } from './toasts';
import { dismissToast, STATUS_STACK_ID, TOAST_ANCHOR_ID, TOAST_DURATION_MS } from './toasts';

const COLOR: Readonly<Record<ToastKind, string>> = {
  success: 'success',
  info: 'primary',
  warning: 'warning',
  error: 'danger',
};

const ICON: Readonly<Record<ToastKind, string>> = {
  success: checkmarkCircleOutline,
  info: informationCircleOutline,
  warning: warningOutline,
  error: alertCircleOutline,
};

/** Above the offline or update card when one shows (else they would overlap), else above the tab bar. */
function visibleAnchor(): string | undefined {
  const cards = document.getElementById(STATUS_STACK_ID);
  if (cards && cards.childElementCount > 0 && cards.getClientRects().length > 0) return STATUS_STACK_ID;
  const bar = document.getElementById(TOAST_ANCHOR_ID);
  // Anchored above the bottom tab bar only; the tablet rail (a tall bar at the side) leaves toasts at the bottom.
  const box = bar?.getBoundingClientRect();
  return box && box.width > 0 && box.width > box.height ? TOAST_ANCHOR_ID : undefined;
}

export default function ToastView({ toast }: { toast: Toast }): JSX.Element {
  const { t, i18n } = useLingui();
  return (
    <IonToast
      isOpen
      className="app-toast"
      position="bottom"
      positionAnchor={visibleAnchor()}
      color={COLOR[toast.kind]}
      icon={ICON[toast.kind]}
      message={i18n._(toast.message)}
      duration={TOAST_DURATION_MS[toast.kind]}
      swipeGesture="vertical"
      buttons={[{ text: t`Chiudi`, role: 'cancel', side: 'end' }]}
      onDidDismiss={() => dismissToast(toast.id)}
    />
  );
}
