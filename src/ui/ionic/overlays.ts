/**
 * `IonAlert` and `IonToast` outside the `@ionic/react` barrel (see `refresher.ts`), so that their code loads
 * with the first question or toast, not with the first screen. Both take their content as properties (no React
 * children), so the plain wrapper suffices: the element presents itself when `isOpen` turns true, in place.
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
import React from 'react';

/** The overlay lifecycle events, with the names `@ionic/react` gives their handlers. */
const OVERLAY_EVENTS = {
  onWillPresent: 'willPresent',
  onDidPresent: 'didPresent',
  onWillDismiss: 'willDismiss',
  onDidDismiss: 'didDismiss',
} as const;

export const IonAlert = createComponent({
  tagName: 'ion-alert',
  elementClass: IonAlertElement,
  react: React,
  events: OVERLAY_EVENTS,
  defineCustomElement: defineIonAlert,
}) as unknown as typeof IonAlertType;

export const IonToast = createComponent({
  tagName: 'ion-toast',
  elementClass: IonToastElement,
  react: React,
  events: OVERLAY_EVENTS,
  defineCustomElement: defineIonToast,
}) as unknown as typeof IonToastType;
