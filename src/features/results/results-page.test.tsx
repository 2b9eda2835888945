import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { HBA1C, PRESSURE, renderAt } from './results-test-kit';

let store: AppStore;
const mario = PATIENT_MARIO.patientId ?? 0;

beforeEach(async () => {
  store = freshApp();
  await changeLocale('it');
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

/** The POST bodies the page sent, and the server's answers in turn. */
function readingServer(answers: Response[]): unknown[] {
  const bodies: unknown[] = [];
  fakeServer({
    'GET /api/results': () => json({ analytes: [HBA1C] }),
    'POST /api/readings': () => answers.shift() ?? json({}, 500),
  });
  const inner = fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (input instanceof Request && input.method === 'POST') bodies.push(await input.clone().json());
    return inner(input, init);
  });
  return bodies;
}

describe('/results', () => {
  it("lists the patient's analytes with value, flag and date, then their own readings, each to its trend", async () => {
    const server = fakeServer({ 'GET /api/results': () => json({ analytes: [HBA1C, PRESSURE] }) });
    renderAt(store, PATIENT_MARIO, '/results');
    const lab = await screen.findByRole('region', { name: 'Esami di laboratorio' });
    const row = within(lab).getByText('Emoglobina glicata (HbA1c)').closest('ion-item');
    expect(row?.textContent).toContain('50 mmol/mol');
    expect(row?.textContent).toContain('↑ Alto');
    expect(row?.textContent).toContain('02/11/2026');
    expect(row?.textContent).toContain('7 valori');
    expect(row?.getAttribute('router-link')).toBe('/results/trend/59261-8');
    const own = screen.getByRole('region', { name: 'Misurazioni inserite da te' });
    const pressure = within(own).getByText('Pressione arteriosa').closest('ion-item');
    expect(pressure?.textContent).toContain('135/85 mmHg');
    expect(pressure?.textContent).toContain('Inserito da te');
    expect(server.requests.find((request) => request.path === '/api/results')?.search.get('patientId')).toBe(
      String(mario),
    );
    expect(screen.getByText('Nuova misurazione')).toBeTruthy();
  });

  it("gives staff the patient's results by id, the readings entered by the patient, and no form", async () => {
    fakeServer({ 'GET /api/results': () => json({ analytes: [HBA1C, PRESSURE] }) });
    renderAt(store, PHYSICIAN_VERDI, `/results/${mario}`);
    const own = await screen.findByRole('region', { name: 'Misurazioni inserite dal paziente' });
    expect(own.textContent).toContain('Inserito dal paziente');
    expect(
      screen.getByText('Emoglobina glicata (HbA1c)').closest('ion-item')?.getAttribute('router-link'),
    ).toBe(`/results/${mario}/trend/59261-8`);
    expect(screen.queryByText('Nuova misurazione')).toBeNull();
  });

  it('says when there is nothing yet, and when it could not load', async () => {
    fakeServer({ 'GET /api/results': () => json({ analytes: [] }) });
    renderAt(store, PATIENT_MARIO, '/results');
    expect(await screen.findByText('Nessun esame')).toBeTruthy();
  });

  it('offers a retry when the list cannot be read', async () => {
    fakeServer({ 'GET /api/results': () => json({ status: 403, code: 'ACCESS_DENIED', message: '' }, 403) });
    renderAt(store, PHYSICIAN_VERDI, `/results/${mario}`);
    expect(await screen.findByText('Riprova')).toBeTruthy();
    expect(screen.getByText('Accesso negato')).toBeTruthy();
  });

  it('checks a new reading before sending it, and shows what the server refuses beside its field', async () => {
    const bodies = readingServer([
      json(
        { status: 400, code: 'BAD_REQUEST', message: '', fields: [{ field: 'takenAt', code: 'outOfRange' }] },
        400,
      ),
    ]);
    renderAt(store, PATIENT_MARIO, '/results');
    fireEvent.click(await screen.findByText('Nuova misurazione'));
    const systolic = (await screen.findByLabelText(/Massima/)) as HTMLInputElement;
    fireEvent.change(systolic, { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText(/Minima/), { target: { value: '85' } });
    fireEvent.submit(document.getElementById('reading-form') as HTMLFormElement);
    expect(await screen.findByText('Inserisci un valore tra 50 e 260 mmHg')).toBeTruthy();
    expect(systolic.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(0);

    fireEvent.change(systolic, { target: { value: '135' } });
    fireEvent.submit(document.getElementById('reading-form') as HTMLFormElement);
    expect(
      await screen.findByText('La data non può essere nel futuro né più vecchia di 10 anni'),
    ).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      patientId: mario,
      kind: 'blood-pressure',
      systolic: 135,
      diastolic: 85,
    });
    // Nothing typed is lost.
    expect(systolic.value).toBe('135');
    expect((screen.getByLabelText(/Minima/) as HTMLInputElement).value).toBe('85');
    await waitFor(() => expect(document.activeElement?.id).toBe('reading-date'));
  });
});
