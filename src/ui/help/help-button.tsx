import { IonButton, IonIcon } from '@ionic/react';
import { useLingui } from '@lingui/react/macro';
import { helpCircleOutline } from 'ionicons/icons';
import type { JSX } from 'react';
import { lazy, Suspense, useState } from 'react';
import type { HelpTopic } from './help-modal';

/** Opened on demand: the sheet and its code load with the first press, not with every screen. */
const HelpModal = lazy(() => import('./help-modal').then((module) => ({ default: module.HelpModal })));

export function HelpButton({ topic }: { topic: HelpTopic }): JSX.Element {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <IonButton onClick={() => setOpen(true)} aria-label={t`Guida di questa pagina`} aria-haspopup="dialog">
        <IonIcon slot="icon-only" icon={helpCircleOutline} aria-hidden="true" />
      </IonButton>
      {open && (
        <Suspense fallback={null}>
          <HelpModal topic={topic} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
