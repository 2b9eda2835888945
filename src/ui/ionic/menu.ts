/**
 * The side menu's Ionic components outside the `@ionic/react` barrel (see `refresher.ts`): the barrel is part of
 * the first screen, and the side menu mounts on demand (src/ui/side-menu-demand.ts), so its code must not ride
 * in the barrel's chunk.
 */
import {
  defineCustomElement as defineIonMenu,
  IonMenu as IonMenuElement,
} from '@ionic/core/components/ion-menu.js';
import {
  defineCustomElement as defineIonMenuToggle,
  IonMenuToggle as IonMenuToggleElement,
} from '@ionic/core/components/ion-menu-toggle.js';
import type { IonMenuToggle as IonMenuToggleType, IonMenu as IonMenuType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonMenu = createComponent({
  tagName: 'ion-menu',
  elementClass: IonMenuElement,
  react: React,
  events: {
    onIonWillOpen: 'ionWillOpen',
    onIonWillClose: 'ionWillClose',
    onIonDidOpen: 'ionDidOpen',
    onIonDidClose: 'ionDidClose',
  },
  defineCustomElement: defineIonMenu,
}) as unknown as typeof IonMenuType;

export const IonMenuToggle = createComponent({
  tagName: 'ion-menu-toggle',
  elementClass: IonMenuToggleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonMenuToggle,
}) as unknown as typeof IonMenuToggleType;
