/**
 * `IonRefresher` outside the `@ionic/react` barrel: a component taken from the barrel lands in the first
 * screen's chunk even when only a lazy screen uses it, so lazy-only Ionic components are wrapped here
 * the way `@ionic/react` wraps them (see STACK.md, "Ionic bundle size").
 */
import {
  defineCustomElement as defineRefresher,
  IonRefresher as IonRefresherElement,
} from '@ionic/core/components/ion-refresher.js';
import {
  defineCustomElement as defineRefresherContent,
  IonRefresherContent as IonRefresherContentElement,
} from '@ionic/core/components/ion-refresher-content.js';
import type {
  IonRefresherContent as IonRefresherContentType,
  IonRefresher as IonRefresherType,
} from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRefresher = createComponent({
  tagName: 'ion-refresher',
  elementClass: IonRefresherElement,
  react: React,
  events: {
    onIonRefresh: 'ionRefresh',
    onIonPull: 'ionPull',
    onIonStart: 'ionStart',
    onIonPullStart: 'ionPullStart',
    onIonPullEnd: 'ionPullEnd',
  },
  defineCustomElement: defineRefresher,
}) as unknown as typeof IonRefresherType;

export const IonRefresherContent = createComponent({
  tagName: 'ion-refresher-content',
  elementClass: IonRefresherContentElement,
  react: React,
  events: {},
  defineCustomElement: defineRefresherContent,
}) as unknown as typeof IonRefresherContentType;
