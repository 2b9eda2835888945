import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../state/store';
import { freshApp } from '../test/helpers';
import { formatDate, formatDateTime, useDateFormat } from './dates';
import { activateLocale } from './i18n';
import { LanguageSwitch } from './language-switch';
import { acceptLanguage, localeAtom } from './locale';

function Sample(): JSX.Element {
  const format = useDateFormat();
  return (
    <section>
      <h1>
        <Trans>Dati anagrafici</Trans>
      </h1>
      <p>{format.dateTime('2024-03-05T14:07:00')}</p>
    </section>
  );
}

let store: AppStore;

beforeEach(async () => {
  store = freshApp();
  await activateLocale('it');
});

describe('the language', () => {
  it('starts in Italian and switches every text and the date format at once', async () => {
    render(
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <IonApp>
            <Sample />
            <LanguageSwitch />
          </IonApp>
        </I18nProvider>
      </Provider>,
    );
    expect(screen.getByRole('heading', { name: 'Dati anagrafici' })).toBeTruthy();
    expect(screen.getByText('05/03/2024 14:07')).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');

    const group = screen.getByRole('group', { name: 'Lingua' });
    const italian = within(group).getByRole('button', { name: 'Italiano' });
    const english = within(group).getByRole('button', { name: 'English' });
    expect(italian.getAttribute('aria-pressed')).toBe('true');
    expect(english.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(english);

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal details' })).toBeTruthy());
    expect(screen.getByText('03/05/2024 14:07')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(store.get(localeAtom)).toBe('en');
    expect(localStorage.getItem('language')).toBe('"en"');
    // The group keeps its name in the new language, and the pressed button follows the choice.
    const switched = screen.getByRole('group', { name: 'Language' });
    expect(within(switched).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('formats dates the spec way in both languages', () => {
    expect(formatDate('2024-12-31', 'it')).toBe('31/12/2024');
    expect(formatDate('2024-12-31', 'en')).toBe('12/31/2024');
    expect(formatDateTime('2024-12-31T08:05:00', 'it')).toBe('31/12/2024 08:05');
    expect(formatDateTime('2024-12-31T08:05:00', 'en')).toBe('12/31/2024 08:05');
    expect(formatDate(null, 'it')).toBe('');
  });

  it('names the language of the requests', () => {
    expect(acceptLanguage('it')).toBe('it-IT');
    expect(acceptLanguage('en')).toBe('en-EN');
  });
});
