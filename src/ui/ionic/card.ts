/** Lazy-only Ionic components outside the `@ionic/react` barrel (see `refresher.ts`). */
import {
  defineCustomElement as defineIonCardContent,
  IonCardContent as IonCardContentElement,
} from '@ionic/core/components/ion-card-content.js';
import {
  defineCustomElement as defineIonCardHeader,
  IonCardHeader as IonCardHeaderElement,
} from '@ionic/core/components/ion-card-header.js';
import {
  defineCustomElement as defineIonCardSubtitle,
  IonCardSubtitle as IonCardSubtitleElement,
} from '@ionic/core/components/ion-card-subtitle.js';
import {
  defineCustomElement as defineIonCardTitle,
  IonCardTitle as IonCardTitleElement,
} from '@ionic/core/components/ion-card-title.js';
import type {
  IonCardContent as IonCardContentType,
  IonCardHeader as IonCardHeaderType,
  IonCardSubtitle as IonCardSubtitleType,
  IonCardTitle as IonCardTitleType,
} from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCardContent = createComponent({
  tagName: 'ion-card-content',
  elementClass: IonCardContentElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardContent,
}) as unknown as typeof IonCardContentType;

export const IonCardHeader = createComponent({
  tagName: 'ion-card-header',
  elementClass: IonCardHeaderElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardHeader,
}) as unknown as typeof IonCardHeaderType;

export const IonCardSubtitle = createComponent({
  tagName: 'ion-card-subtitle',
  elementClass: IonCardSubtitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardSubtitle,
}) as unknown as typeof IonCardSubtitleType;

export const IonCardTitle = createComponent({
  tagName: 'ion-card-title',
  elementClass: IonCardTitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardTitle,
}) as unknown as typeof IonCardTitleType;
