import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoQuestionnaire } from '../../../../server/db/seed/surveys.data';
import type { PatientSurveyDetail } from '../../../contract/surveys';
import type { AppStore } from '../../../state/store';
import { fakeServer, freshApp, signIn } from '../../../test/helpers';
import { surveyDraftAtom } from './draft';
import { SurveyForm } from './survey-form';

let store: AppStore;
const detail: PatientSurveyDetail = {
  survey: {
    id: 5,
    title: demoQuestionnaire.title,
    dueDate: '2026-12-24',
    status: 'TODO',
    questionCount: 3,
    updatedAt: null,
  },
  questionnaire: demoQuestionnaire,
  response: null,
  refusalReason: null,
};

function renderForm(): void {
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <IonApp>
            <SurveyForm detail={detail} userKey="1" />
          </IonApp>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

beforeEach(async () => {
  store = freshApp();
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('filling a survey', () => {
  it('asks for a required answer, shows the scale only after "not well", and keeps the draft', async () => {
    const server = fakeServer({ 'PUT /api/surveys/5/draft': () => new Response(null, { status: 204 }) });
    renderForm();
    expect(screen.getByText('Domanda 1 di 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Avanti'));
    expect(await screen.findByText('Rispondi a questa domanda per continuare')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Male'));
    // The pain scale depends on the answer: now three questions.
    expect(await screen.findByText('Domanda 1 di 3')).toBeTruthy();
    fireEvent.click(screen.getByText('Avanti'));
    expect(await screen.findByText('Domanda 2 di 3')).toBeTruthy();
    expect(store.get(surveyDraftAtom('1:5'))).toEqual({
      items: [{ linkId: 'feeling', answer: [{ valueCoding: { code: 'bad' } }] }],
      step: 1,
    });
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
  });
});
