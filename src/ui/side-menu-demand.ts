/**
 * The side menu is mounted on demand: about forty Ionic elements, and their code, that a phone's first
 * screen does not show. It mounts where the split pane shows it (wide screens) or at the first press of a menu
 * button, and then stays.
 */
import { atom } from 'jotai';
import { appStore } from '../state/store';

export interface SideMenuDemand {
  /** The menu is (or is about to be) mounted. */
  wanted: boolean;
  /** A menu button asked for it before it was mounted: it opens once it is. */
  openWhenMounted: boolean;
}

export const sideMenuDemandAtom = atom<SideMenuDemand>({ wanted: false, openWhenMounted: false });

/** The mounted side menu, if any (the portal has one). */
function mountedSideMenu(): HTMLIonMenuElement | null {
  return document.querySelector('ion-menu');
}

/** Resolves once the menu has rendered (an element that is not upgraded yet has no `componentOnReady`). */
export async function menuReady(menu: HTMLIonMenuElement): Promise<void> {
  await customElements.whenDefined('ion-menu');
  if (typeof menu.componentOnReady === 'function') await menu.componentOnReady();
}

/** What a menu button does: toggles the menu, mounting it first when it is not there yet. */
export async function toggleSideMenu(): Promise<void> {
  const menu = mountedSideMenu();
  if (menu) {
    await menuReady(menu);
    await menu.toggle();
    return;
  }
  appStore().set(sideMenuDemandAtom, { wanted: true, openWhenMounted: true });
}

/** Closes the menu if it is mounted and open (every navigation). */
export function closeSideMenu(): void {
  void mountedSideMenu()
    ?.close()
    .catch(() => undefined);
}
