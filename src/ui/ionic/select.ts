import {
  defineCustomElement as defineSelect,
  IonSelect as IonSelectElement,
} from '@ionic/core/components/ion-select.js';
import {
  defineCustomElement as defineSelectOption,
  IonSelectOption as IonSelectOptionElement,
} from '@ionic/core/components/ion-select-option.js';
import type { IonSelectOption as IonSelectOptionType, IonSelect as IonSelectType } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSelect = createComponent({
  tagName: 'ion-select',
  elementClass: IonSelectElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonDismiss: 'ionDismiss',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement: defineSelect,
}) as unknown as typeof IonSelectType;

export const IonSelectOption = createComponent({
  tagName: 'ion-select-option',
  elementClass: IonSelectOptionElement,
  react: React,
  events: {},
  defineCustomElement: defineSelectOption,
}) as unknown as typeof IonSelectOptionType;
