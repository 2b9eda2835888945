import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { consentContextAtom, currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO } from '../../test/fixtures';
import { freshApp } from '../../test/helpers';
import { ConsentReason } from './consent-reason';

let store: AppStore;
const renderReason = (): void => {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <ConsentReason />
      </I18nProvider>
    </Provider>,
  );
};
const denied = (code: 0 | 2) =>
  ({ code, patient: null, medium: 'digital', signer: 'self', authentication_method: null }) as const;

beforeEach(() => {
  store = freshApp();
});

describe('the reason for the consent form', () => {
  it('says why, after the profile call answered 403 code 0', () => {
    store.set(consentContextAtom, denied(0));
    renderReason();
    expect(screen.getByRole('note').textContent).toContain(
      'È necessario firmare il consenso al dossier per accedere.',
    );
  });

  it('says nothing to a logged-in user collecting a consent, nor for the code 2 consents', () => {
    store.set(consentContextAtom, denied(0));
    store.set(currentUserAtom, PATIENT_MARIO);
    renderReason();
    expect(screen.queryByRole('note')).toBeNull();
    store.set(currentUserAtom, null);
    store.set(consentContextAtom, denied(2));
    renderReason();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
