/**
 * `IonModal` outside the `@ionic/react` barrel (see `refresher.ts`): the modal is ~12 KB gzip that the first
 * screen does not need. A reduced form of `@ionic/react`'s inline overlay: the element is rendered in `ion-app`
 * (a portal), where Ionic moves it anyway while it shows, so React still finds it there to remove it; the
 * children are mounted from the moment Ionic starts presenting (`ionMount`) until it has dismissed, inside
 * the same `ion-delegate-host ion-page` wrapper, so the sheets' layout and styles do not change.
 */
import {
  defineCustomElement as defineIonModal,
  IonModal as IonModalElement,
} from '@ionic/core/components/ion-modal.js';
import type { IonModal as IonModalType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentProps, ComponentType, JSX } from 'react';
import React, { useState } from 'react';
import { createPortal } from 'react-dom';
import { useOverlayContainer } from './container';

type ModalProps = ComponentProps<typeof IonModalType>;

const ModalElement = createComponent({
  tagName: 'ion-modal',
  elementClass: IonModalElement,
  react: React,
  events: {
    onIonMount: 'ionMount',
    onWillPresent: 'willPresent',
    onDidPresent: 'didPresent',
    onWillDismiss: 'willDismiss',
    onDidDismiss: 'didDismiss',
    onIonBreakpointDidChange: 'ionBreakpointDidChange',
  },
  defineCustomElement: defineIonModal,
}) as unknown as ComponentType<ModalProps & { onIonMount?: () => void }>;

export function IonModal({ children, onWillPresent, onDidDismiss, ...rest }: ModalProps): JSX.Element | null {
  const [shown, setShown] = useState(false);
  const container = useOverlayContainer();
  const mounted = shown || rest.keepContentsMounted === true;
  const element = (
    <ModalElement
      {...rest}
      onIonMount={() => setShown(true)}
      onWillPresent={(event) => {
        setShown(true);
        onWillPresent?.(event);
      }}
      onDidDismiss={(event) => {
        setShown(false);
        onDidDismiss?.(event);
      }}
    >
      {mounted ? <div className="ion-delegate-host ion-page">{children}</div> : null}
    </ModalElement>
  );
  return container && createPortal(element, container);
}
