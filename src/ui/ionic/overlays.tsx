/**
 * `IonAlert` and `IonToast` outside the `@ionic/react` barrel (see `refresher.ts`), so that their code loads
 * with the first question or toast, not with the first screen. Both take their content as properties (no React
 * children), so the plain wrapper suffices: the element presents itself when `isOpen` turns true. Like
 * `@ionic/react`, they are rendered in `ion-app` (a portal): a page's layout containment would otherwise
 * position them against the page, not the screen.
 */
import {
  defineCustomElement as defineIonAlert,
  IonAlert as IonAlertElement,
} from '@ionic/core/components/ion-alert.js';
import {
  defineCustomElement as defineIonToast,
  IonToast as IonToastElement,
} from '@ionic/core/components/ion-toast.js';
import type { IonAlert as IonAlertType, IonToast as IonToastType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentType, JSX } from 'react';
import React from 'react';
import { createPortal } from 'react-dom';
import { useOverlayContainer } from './container';

/** The overlay lifecycle events, with the names `@ionic/react` gives their handlers. */
const OVERLAY_EVENTS = {
  onWillPresent: 'willPresent',
  onDidPresent: 'didPresent',
  onWillDismiss: 'willDismiss',
  onDidDismiss: 'didDismiss',
} as const;

/** The same component, rendered in the overlay container (no ref: the portal's users need none). */
function portaled<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  return (props: P): JSX.Element | null => {
    const container = useOverlayContainer();
    return container && createPortal(<Inner {...props} />, container);
  };
}

const IonAlertInner = createComponent({
  tagName: 'ion-alert',
  elementClass: IonAlertElement,
  react: React,
  events: OVERLAY_EVENTS,
  defineCustomElement: defineIonAlert,
}) as unknown as typeof IonAlertType;

export const IonAlert = portaled(IonAlertInner) as typeof IonAlertType;

const IonToastInner = createComponent({
  tagName: 'ion-toast',
  elementClass: IonToastElement,
  react: React,
  events: OVERLAY_EVENTS,
  defineCustomElement: defineIonToast,
}) as unknown as typeof IonToastType;

export const IonToast = portaled(IonToastInner) as typeof IonToastType;
