/**
 * A routed `IonCard` outside the `@ionic/react` barrel (see `refresher.ts`); it behaves as the barrel's: a card
 * with `routerLink` navigates through Ionic's router.
 */
import {
  defineCustomElement as defineCard,
  IonCard as IonCardElement,
} from '@ionic/core/components/ion-card.js';
import type { IonCard as IonCardType } from '@ionic/react';
import { NavContext } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentProps, JSX, MouseEvent } from 'react';
import React, { useContext } from 'react';

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
