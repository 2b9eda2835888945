import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/user';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { freshApp } from '../../test/helpers';
import { PatientShortcuts } from './patient-shortcuts';

let store: AppStore;

function renderShortcuts(user: CurrentUser, own: boolean): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter>
            <PatientShortcuts patientId={1001} own={own} />
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}

const linkOf = (label: string): string | null | undefined =>
  screen.queryByText(label)?.closest('ion-button')?.getAttribute('router-link');

beforeEach(() => {
  store = freshApp();
});

describe("the patient record's shortcuts", () => {
  it("take a physician to the patient's consents beside dossier, timeline and history", () => {
    renderShortcuts(PHYSICIAN_VERDI, false);
    expect(linkOf('Dossier')).toBe('/dossier/1001');
    expect(linkOf('Linea del tempo')).toBe('/timeline/1001');
    expect(linkOf('Storico dei trattamenti')).toBe('/datahistory/1001');
    expect(linkOf('Consensi')).toBe('/consents/1001');
  });

  it('let staff write to the patient: the messages screen opens with the patient chosen', () => {
    renderShortcuts(PHYSICIAN_VERDI, false);
    expect(linkOf('Scrivi al paziente')).toBe('/messages?patientId=1001');
  });

  it('offer no consents shortcut to staff without the consent permission, nor on the own record', () => {
    renderShortcuts({ ...PHYSICIAN_VERDI, permissionList: [] }, false);
    expect(linkOf('Consensi')).toBeUndefined();
    expect(linkOf('Dossier')).toBe('/dossier/1001');
  });

  it('keep the patient on his own record to his history (consents are his tab)', () => {
    renderShortcuts(PATIENT_MARIO, true);
    expect(linkOf('Consensi')).toBeUndefined();
    expect(linkOf('Scrivi al paziente')).toBeUndefined();
    expect(linkOf('Chi ha consultato i miei dati')).toBe('/datahistory/1001');
  });
});
