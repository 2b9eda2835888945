/**
 * `IonBackButton`, `IonMenuButton` and a routed `IonCard` outside the `@ionic/react` barrel (see
 * `refresher.ts`); they behave as the barrel's: the back button goes back through Ionic's router, a card
 * with `routerLink` navigates through it.
 */
import {
  defineCustomElement as defineBackButton,
  IonBackButton as IonBackButtonElement,
} from '@ionic/core/components/ion-back-button.js';
import {
  defineCustomElement as defineCard,
  IonCard as IonCardElement,
} from '@ionic/core/components/ion-card.js';
import {
  defineCustomElement as defineMenuButton,
  IonMenuButton as IonMenuButtonElement,
} from '@ionic/core/components/ion-menu-button.js';
import type {
  IonBackButton as IonBackButtonType,
  IonCard as IonCardType,
  IonMenuButton as IonMenuButtonType,
} from '@ionic/react';
import { NavContext } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentProps, JSX, MouseEvent } from 'react';
import React, { useContext } from 'react';

export const IonMenuButton = createComponent({
  tagName: 'ion-menu-button',
  elementClass: IonMenuButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineMenuButton,
}) as unknown as typeof IonMenuButtonType;

const IonBackButtonInner = createComponent({
  tagName: 'ion-back-button',
  elementClass: IonBackButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineBackButton,
});

type BackButtonProps = ComponentProps<typeof IonBackButtonType>;

export function IonBackButton(props: BackButtonProps): JSX.Element {
  const nav = useContext(NavContext);
  const clickButton = (event: MouseEvent<HTMLIonBackButtonElement>): void => {
    // Inside an ion-nav the back button does not use the router (as in @ionic/react).
    if (event.target instanceof Element && event.target.closest('ion-nav') !== null) return;
    const { defaultHref, routerAnimation } = props;
    if (nav.hasIonicRouter()) {
      event.stopPropagation();
      nav.goBack(defaultHref, routerAnimation);
    } else if (defaultHref !== undefined) {
      window.location.href = defaultHref;
    }
  };
  return (
    <IonBackButtonInner onClick={clickButton} {...(props as ComponentProps<typeof IonBackButtonInner>)} />
  );
}

const IonCardInner = createComponent({
  tagName: 'ion-card',
  elementClass: IonCardElement,
  react: React,
  events: {},
  defineCustomElement: defineCard,
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
