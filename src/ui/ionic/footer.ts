/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonFooter,
  IonFooter as IonFooterElement,
} from '@ionic/core/components/ion-footer.js';
import type { IonFooter as IonFooterType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonFooter = createComponent({
  tagName: 'ion-footer',
  elementClass: IonFooterElement,
  react: React,
  events: {},
  defineCustomElement: defineIonFooter,
}) as unknown as typeof IonFooterType;
