/**
 * A full-screen wizard step: a header with the step counter ("Passo 2 di 5"), the step's content, and one
 * big primary button at the bottom where a thumb reaches it (above the home indicator: safe-area insets).
 */
import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { arrowBackOutline, closeOutline } from 'ionicons/icons';
import type { JSX, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { setScreenTitle } from '../ui/screen-focus';
import { useStepFocus } from '../ui/step-focus';
import './signing.css';

export interface PrimaryAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  busy?: boolean;
}

export function WizardFrame(props: {
  title: string;
  /** Which step is shown: its heading takes the focus each time it changes (and when the wizard opens). */
  stepKey: string;
  stepTitle: string;
  index: number;
  count: number;
  onBack?: () => void;
  onClose?: () => void;
  primary: PrimaryAction;
  secondary?: ReactNode;
  children: ReactNode;
}): JSX.Element {
  const { t } = useLingui();
  const { title, stepKey, stepTitle, index, count, onBack, onClose, primary, secondary, children } = props;
  const position = index + 1;
  // The route first shows a loading page, then this one: Ionic animated the first IonPage in and leaves the
  // second with `ion-page-invisible` (opacity 0) on some screens (seen at tablet width). Show it.
  const body = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const reveal = (): void => body.current?.closest('.ion-page')?.classList.remove('ion-page-invisible');
    reveal();
    const timer = window.setTimeout(reveal, 400);
    return () => window.clearTimeout(timer);
  }, []);
  // The step heading is this full-screen wizard's heading: it takes the focus also when the wizard opens.
  const heading = useStepFocus<HTMLHeadingElement>(stepKey, true);
  // Ionic's IonContent is the one `main`; the page title names the step as the heading does.
  useEffect(() => setScreenTitle(`${stepTitle} · ${title}`), [stepTitle, title]);
  return (
    <IonPage className="signing-wizard">
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            {onBack && (
              <IonButton onClick={onBack} aria-label={t`Passo precedente`}>
                <IonIcon slot="icon-only" icon={arrowBackOutline} aria-hidden="true" />
              </IonButton>
            )}
          </IonButtons>
          <IonTitle>
            <span className="page-title">{title}</span>
          </IonTitle>
          <IonButtons slot="end">
            {onClose && (
              <IonButton onClick={onClose} aria-label={t`Chiudi: potrai riprendere da qui`}>
                <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
              </IonButton>
            )}
          </IonButtons>
        </IonToolbar>
        <div className="wizard-progress">
          <progress max={count} value={position} aria-hidden="true" />
          <p className="wizard-counter">
            <Trans>
              Passo {position} di {count}
            </Trans>
          </p>
        </div>
      </IonHeader>
      <IonContent>
        <div className="wizard-body" ref={body}>
          <h1 className="wizard-step-title focus-heading" ref={heading} tabIndex={-1}>
            {stepTitle}
          </h1>
          {children}
        </div>
      </IonContent>
      <footer className="wizard-footer">
        {secondary}
        <IonButton
          expand="block"
          size="large"
          className="wizard-primary"
          disabled={primary.disabled || primary.busy}
          onClick={primary.onClick}
        >
          {primary.busy ? t`Attendere…` : primary.label}
        </IonButton>
      </footer>
    </IonPage>
  );
}
