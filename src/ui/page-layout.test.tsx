import { DefaultIonLifeCycleContext, IonLifeCycleContext } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshApp } from '../test/helpers';
import { PageLayout } from './page-layout';
import { noteNavigation, takeNavigation } from './screen-focus';

function Screen({ title, showOpener }: { title: string; showOpener: boolean }): JSX.Element {
  return (
    <PageLayout title={title}>
      {showOpener && <button type="button">Apri il referto</button>}
      <input aria-label="Cerca" />
    </PageLayout>
  );
}

/** One screen with Ionic's view lifecycle driven by the test, as the router outlet would. */
function renderScreen(title: string, showOpener = true): InstanceType<typeof DefaultIonLifeCycleContext> {
  const lifecycle = new DefaultIonLifeCycleContext();
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <IonLifeCycleContext.Provider value={lifecycle}>
          <Screen title={title} showOpener={showOpener} />
        </IonLifeCycleContext.Provider>
      </MemoryRouter>
    </I18nProvider>,
  );
  return lifecycle;
}

const heading = (name: string): HTMLElement => screen.getByRole('heading', { level: 1, name });

beforeEach(() => {
  // The focus given back is watched for a few seconds (screen-focus.ts): those checks must not outlive the test
  // file, or they run after jsdom is gone.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  freshApp();
  takeNavigation();
  document.title = '';
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('PageLayout: focus follows the journey (WCAG 2.4.3)', () => {
  it('puts the focus on the heading of a screen entered after a navigation', () => {
    const lifecycle = renderScreen('Dossier');
    expect(heading('Dossier').getAttribute('tabindex')).toBe('-1');
    noteNavigation('forward');
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(heading('Dossier'));
  });

  it('leaves the focus alone on the first screen of a visit', () => {
    const lifecycle = renderScreen('Home');
    screen.getByRole('textbox', { name: 'Cerca' }).focus();
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Cerca' }));
  });

  it('gives the focus back to the control the screen was left from, after going back', () => {
    const lifecycle = renderScreen('Dossier');
    const opener = screen.getByRole('button', { name: 'Apri il referto' });
    opener.focus();
    act(() => lifecycle.ionViewWillLeave());
    opener.blur(); // the next screen took it
    noteNavigation('back');
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(opener);
  });

  it('gives it back also when the focus had left the screen before it was left (next screen still loading)', () => {
    const lifecycle = renderScreen('Dossier');
    const opener = screen.getByRole('button', { name: 'Apri il referto' });
    opener.focus();
    opener.blur(); // while the next screen's code loads, the focus falls to the page body
    act(() => lifecycle.ionViewWillLeave());
    noteNavigation('back');
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the heading when coming forward again, or when the control is gone', () => {
    const lifecycle = renderScreen('Dossier');
    const opener = screen.getByRole('button', { name: 'Apri il referto' });
    opener.focus();
    act(() => lifecycle.ionViewWillLeave());
    noteNavigation('forward');
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(heading('Dossier'));

    opener.focus();
    act(() => lifecycle.ionViewWillLeave());
    opener.remove();
    noteNavigation('back');
    act(() => lifecycle.ionViewDidEnter());
    expect(document.activeElement).toBe(heading('Dossier'));
  });
});

describe('PageLayout: the document title', () => {
  it('names the browser page after the screen and the application', () => {
    renderScreen('Consensi');
    expect(document.title).toBe('Consensi · Dossier Sanitario');
  });

  it('sets it again when the screen is entered again (going back to it)', () => {
    const lifecycle = renderScreen('Dossier');
    document.title = 'Documento · Dossier Sanitario';
    act(() => lifecycle.ionViewDidEnter());
    expect(document.title).toBe('Dossier · Dossier Sanitario');
  });

  it('has no main landmark of its own: Ionic’s content is the one main', () => {
    renderScreen('Dossier');
    expect(document.querySelectorAll('main')).toHaveLength(0);
  });
});
