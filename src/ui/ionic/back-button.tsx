/**
 * `IonBackButton` outside the `@ionic/react` barrel (see `refresher.ts`), as a module of its own: only screens
 * below another show it, so it loads with them, not with the first screen. It behaves as the
 * barrel's: it goes back through Ionic's router.
 */
import {
  defineCustomElement as defineBackButton,
  IonBackButton as IonBackButtonElement,
} from '@ionic/core/components/ion-back-button.js';
import type { IonBackButton as IonBackButtonType } from '@ionic/react';
import { NavContext } from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { ComponentProps, JSX, MouseEvent } from 'react';
import React, { useContext } from 'react';

const IonBackButtonInner = createComponent({
  tagName: 'ion-back-button',
  elementClass: IonBackButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineBackButton,
});

type BackButtonProps = ComponentProps<typeof IonBackButtonType>;

export default function IonBackButton(props: BackButtonProps): JSX.Element {
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
