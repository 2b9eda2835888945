/** Lazy-only Ionic components outside the `@ionic/react` barrel (see `refresher.ts`). */

import {
  defineCustomElement as defineIonSegment,
  IonSegment as IonSegmentElement,
} from '@ionic/core/components/ion-segment.js';
import {
  defineCustomElement as defineIonSegmentButton,
  IonSegmentButton as IonSegmentButtonElement,
} from '@ionic/core/components/ion-segment-button.js';
import type { IonSegmentButton as IonSegmentButtonType, IonSegment as IonSegmentType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSegment = createComponent({
  tagName: 'ion-segment',
  elementClass: IonSegmentElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonSegment,
}) as unknown as typeof IonSegmentType;

export const IonSegmentButton = createComponent({
  tagName: 'ion-segment-button',
  elementClass: IonSegmentButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSegmentButton,
}) as unknown as typeof IonSegmentButtonType;
