/** The sticky bar under a step: what is chosen on the left, back and forward on the right. */
import { IonButton } from '@ionic/react';
import { Trans } from '@lingui/react/macro';
import type { JSX, ReactNode } from 'react';

export function RequestFooter({
  status,
  onBack,
  next,
}: {
  status: ReactNode;
  onBack?: () => void;
  next: { label: ReactNode; disabled?: boolean; busy?: boolean; onClick: () => void };
}): JSX.Element {
  return (
    <div className="request-footer">
      <span className="request-footer-status" aria-live="polite">
        {status}
      </span>
      <span className="request-footer-actions">
        {onBack && (
          <IonButton fill="outline" onClick={onBack}>
            <Trans>Indietro</Trans>
          </IonButton>
        )}
        <IonButton disabled={next.disabled || next.busy} onClick={next.onClick}>
          {next.label}
        </IonButton>
      </span>
    </div>
  );
}
