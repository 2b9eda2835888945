import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserAtom } from '../session/session-atoms';
import type { AppStore } from '../state/store';
import { PATIENT_MARIO } from '../test/fixtures';
import { freshApp } from '../test/helpers';
import { MenuButton } from '../ui/menu-button';
import { sideMenuDemandAtom } from '../ui/side-menu-demand';
import { SideMenuHost } from './side-menu-host';

const WIDE = '(min-width: 992px)';

/** A screen's menu button beside the host, as the shell draws them; `wide` answers the split pane's query. */
function renderShell(store: AppStore, wide: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: wide && query === WIDE,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      }) as unknown as MediaQueryList,
  );
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/home']}>
          <MenuButton />
          <SideMenuHost splitPaneWhen={WIDE} />
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

let store: AppStore;

beforeEach(() => {
  store = freshApp();
  store.set(currentUserAtom, PATIENT_MARIO);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the side menu mounts on demand', () => {
  it('is not drawn on a phone until a menu button asks for it, then it is, and stays', async () => {
    renderShell(store, false);
    expect(document.querySelector('ion-menu')).toBeNull();
    expect(store.get(sideMenuDemandAtom)).toEqual({ wanted: false, openWhenMounted: false });

    // In jsdom ion-button stays an unknown element: no role, so it is found by its label.
    const menuButton = document.querySelector('ion-button[aria-label="Apri il menu"]');
    if (!menuButton) throw new Error('no menu button');
    fireEvent.click(menuButton);
    // The menu's own list: its entries are the user's destinations.
    expect(await screen.findByRole('list', { name: 'Navigazione' })).toBeTruthy();
    expect(document.querySelector('ion-menu')).not.toBeNull();
    expect(store.get(sideMenuDemandAtom).wanted).toBe(true);
  });

  it('is drawn at once where the split pane shows it', async () => {
    renderShell(store, true);
    expect(await screen.findByRole('list', { name: 'Navigazione' })).toBeTruthy();
    expect(store.get(sideMenuDemandAtom)).toEqual({ wanted: true, openWhenMounted: false });
  });
});
