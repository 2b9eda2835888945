/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonToggle,
  IonToggle as IonToggleElement,
} from '@ionic/core/components/ion-toggle.js';
import type { IonToggle as IonToggleType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonToggle = createComponent({
  tagName: 'ion-toggle',
  elementClass: IonToggleElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonToggle,
}) as unknown as typeof IonToggleType;
