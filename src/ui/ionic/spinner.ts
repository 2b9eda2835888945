/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonSpinner,
  IonSpinner as IonSpinnerElement,
} from '@ionic/core/components/ion-spinner.js';
import type { IonSpinner as IonSpinnerType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSpinner = createComponent({
  tagName: 'ion-spinner',
  elementClass: IonSpinnerElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSpinner,
}) as unknown as typeof IonSpinnerType;
