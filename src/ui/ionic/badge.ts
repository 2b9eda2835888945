/** Lazy-only Ionic component outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonBadge,
  IonBadge as IonBadgeElement,
} from '@ionic/core/components/ion-badge.js';
import type { IonBadge as IonBadgeType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonBadge = createComponent({
  tagName: 'ion-badge',
  elementClass: IonBadgeElement,
  react: React,
  events: {},
  defineCustomElement: defineIonBadge,
}) as unknown as typeof IonBadgeType;
