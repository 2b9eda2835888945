/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonCheckbox,
  IonCheckbox as IonCheckboxElement,
} from '@ionic/core/components/ion-checkbox.js';
import type { IonCheckbox as IonCheckboxType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCheckbox = createComponent({
  tagName: 'ion-checkbox',
  elementClass: IonCheckboxElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineIonCheckbox,
}) as unknown as typeof IonCheckboxType;
