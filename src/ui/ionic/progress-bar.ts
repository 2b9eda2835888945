/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonProgressBar,
  IonProgressBar as IonProgressBarElement,
} from '@ionic/core/components/ion-progress-bar.js';
import type { IonProgressBar as IonProgressBarType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonProgressBar = createComponent({
  tagName: 'ion-progress-bar',
  elementClass: IonProgressBarElement,
  react: React,
  events: {},
  defineCustomElement: defineIonProgressBar,
}) as unknown as typeof IonProgressBarType;
