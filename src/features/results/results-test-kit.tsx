/** The results screens' test kit: Mario's analytes and HbA1c trend, and a page rendered at a path. */
import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import type { JSX } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AnalyteSummary, Reading, ResultSeries } from '../../contract/results';
import type { CurrentUser } from '../../contract/user';
import { patterns } from '../../routing/paths';
import { currentUserAtom } from '../../session/session-atoms';
import type { AppStore } from '../../state/store';
import { ReadingsPage } from './readings-page';
import { ResultsPage } from './results-page';
import { TrendPage } from './trend-page';

export const HBA1C: AnalyteSummary = {
  code: '59261-8',
  name: 'Emoglobina glicata (HbA1c)',
  unit: 'mmol/mol',
  value: 50,
  secondValue: null,
  effectiveAt: '2026-11-02T09:00:00.000Z',
  flag: 'high',
  count: 7,
  source: 'hospital',
};

export const PRESSURE: AnalyteSummary = {
  code: '85354-9',
  name: 'Pressione arteriosa',
  unit: 'mmHg',
  value: 135,
  secondValue: 85,
  effectiveAt: '2026-12-06T07:30:00.000Z',
  flag: null,
  count: 1,
  source: 'patient',
};

export const HBA1C_SERIES: ResultSeries = {
  code: '59261-8',
  name: 'Emoglobina glicata (HbA1c)',
  unit: 'mmol/mol',
  referenceLow: 20,
  referenceHigh: 42,
  points: [
    {
      source: 'hospital',
      id: 11,
      value: 75,
      secondValue: null,
      effectiveAt: '2022-06-01T09:00:00.000Z',
      flag: 'high',
      documentId: 301,
    },
    {
      source: 'hospital',
      id: 12,
      value: 41,
      secondValue: null,
      effectiveAt: '2025-06-01T09:00:00.000Z',
      flag: null,
      documentId: 302,
    },
    {
      source: 'hospital',
      id: 13,
      value: 50,
      secondValue: null,
      effectiveAt: '2026-11-02T09:00:00.000Z',
      flag: 'high',
      documentId: 303,
    },
  ],
};

export const WEIGHT_READING: Reading = {
  id: 40,
  kind: 'weight',
  takenAt: '2026-12-05T07:00:00.000Z',
  systolic: null,
  diastolic: null,
  value: 81.5,
  note: 'dopo colazione',
  version: 2,
  createdAt: '2026-12-05T07:05:00.000Z',
  updatedAt: '2026-12-05T08:00:00.000Z',
  editable: true,
};

function Where(): JSX.Element {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

export function renderAt(store: AppStore, user: CurrentUser, path: string): void {
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <IonApp>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={patterns.resultTrend} element={<TrendPage />} />
              <Route path={patterns.patientResultTrend} element={<TrendPage />} />
              <Route path={patterns.results} element={<ResultsPage />} />
              <Route path={patterns.patientResults} element={<ResultsPage />} />
              <Route path={patterns.readings} element={<ReadingsPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </IonApp>
      </I18nProvider>
    </Provider>,
  );
}
