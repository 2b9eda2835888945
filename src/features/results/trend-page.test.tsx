import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { HBA1C_SERIES, renderAt } from './results-test-kit';

let store: AppStore;
const mario = PATIENT_MARIO.patientId ?? 0;
const reading = {
  source: 'patient' as const,
  id: 90,
  value: 48,
  secondValue: null,
  effectiveAt: '2026-12-01T07:15:00.000Z',
  flag: null,
  documentId: null,
};

beforeEach(async () => {
  store = freshApp();
  await changeLocale('it');
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('a trend', () => {
  it('draws the values with their range and lists every one, newest first, each report a link', async () => {
    const server = fakeServer({
      'GET /api/results/series': () => json({ ...HBA1C_SERIES, points: [...HBA1C_SERIES.points, reading] }),
    });
    renderAt(store, PATIENT_MARIO, '/results/trend/59261-8');
    const chart = await screen.findByRole('img', {
      name: 'Andamento di Emoglobina glicata (HbA1c): 4 valori dal 01/06/2022 al 01/12/2026',
    });
    expect(chart.querySelectorAll('circle.trend-mark-hospital')).toHaveLength(3);
    expect(chart.querySelectorAll('circle.trend-mark-flagged')).toHaveLength(2);
    expect(chart.querySelectorAll('path.trend-mark-patient')).toHaveLength(1);
    expect(chart.querySelector('rect.trend-band')).not.toBeNull();
    expect(screen.getByText('Intervallo di riferimento: 20–42 mmol/mol')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Tutti i valori, dal più recente' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(table).getByRole('columnheader', { name: /Valore/ }).textContent).toBe('Valoremmol/mol');
    expect(rows.map((row) => row.querySelector('.trend-value')?.textContent)).toEqual([
      '48',
      '50',
      '41',
      '75',
    ]);
    expect(document.querySelector('h2.trend-name')?.textContent).toBe('Emoglobina glicata (HbA1c)');
    expect(rows[0]?.textContent).toContain('Inserito da te');
    expect(rows[1]?.textContent).toContain('↑ Alto');
    expect(rows[2]?.textContent).toContain('Nella norma');
    const link = within(rows[1] as HTMLElement).getByRole('link', { name: 'Apri il referto del 02/11/2026' });
    expect(link.getAttribute('href')).toBe('/documents/303');
    const asked = server.requests.find((request) => request.path === '/api/results/series');
    expect([asked?.search.get('patientId'), asked?.search.get('code')]).toEqual([String(mario), '59261-8']);
  });

  it("marks the patient's readings as the patient's for staff", async () => {
    fakeServer({ 'GET /api/results/series': () => json({ ...HBA1C_SERIES, points: [reading] }) });
    renderAt(store, PHYSICIAN_VERDI, `/results/${mario}/trend/59261-8`);
    expect(await screen.findByText('Inserito dal paziente', { selector: 'td span' })).toBeTruthy();
  });

  it('says there is no value for a code the reader has none of', async () => {
    fakeServer({});
    renderAt(store, PATIENT_MARIO, '/results/trend/2823-3');
    expect(await screen.findByText('Nessun valore per questo esame')).toBeTruthy();
  });

  it('sends staff without a patient to their patients', async () => {
    fakeServer({});
    renderAt(store, PHYSICIAN_VERDI, '/results/trend/59261-8');
    expect((await screen.findByTestId('where')).textContent).toBe('/myPatients');
  });
});
