/**
 * The card's Ionic components outside the `@ionic/react` barrel (see `refresher.ts`). `IonCard` behaves as the
 * barrel's: a card with `routerLink` navigates through Ionic's router.
 */
import {
  defineCustomElement as defineIonCard,
  IonCard as IonCardElement,
} from '@ionic/core/components/ion-card.js';
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
  IonCard as IonCardType,
} from '@ionic/react';
import { NavContext } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentProps, JSX, MouseEvent } from 'react';
import React, { useContext } from 'react';

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

const IonCardInner = createComponent({
  tagName: 'ion-card',
  elementClass: IonCardElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCard,
});

type CardProps = ComponentProps<typeof IonCardType>;

export function IonCard(props: CardProps): JSX.Element {
  const nav = useContext(NavContext);
  const { routerLink, routerDirection, routerOptions, routerAnimation, onClick, ...rest } = props;
  const click = (event: MouseEvent<HTMLIonCardElement>): void => {
    onClick?.(event);
    if (event.defaultPrevented || routerLink === undefined) return;
    // A modifier click opens the link in a new tab or window (as in @ionic/react).
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    nav.navigate(routerLink, routerDirection, undefined, routerAnimation, routerOptions);
  };
  return (
    <IonCardInner
      {...(rest as ComponentProps<typeof IonCardInner>)}
      href={rest.href ?? routerLink}
      onClick={click}
    />
  );
}
