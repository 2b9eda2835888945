import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../i18n/i18n';
import type { AppStore } from '../../state/store';
import { PATIENT_MARIO, PHYSICIAN_VERDI } from '../../test/fixtures';
import { fakeServer, freshApp, json, signIn } from '../../test/helpers';
import { confirmAtom } from '../../ui/confirm-dialog';
import { renderAt, WEIGHT_READING } from './results-test-kit';

let store: AppStore;

beforeEach(async () => {
  store = freshApp();
  await changeLocale('it');
  await signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('/readings', () => {
  it('corrects a reading in the same form, filled in, and sends the correction', async () => {
    const bodies: unknown[] = [];
    fakeServer({
      'GET /api/readings': () => json({ readings: [WEIGHT_READING] }),
      'PUT /api/readings/40': () => json({ ...WEIGHT_READING, value: 80, version: 3 }),
    });
    const inner = fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === 'PUT') bodies.push(await input.clone().json());
      return inner(input, init);
    });
    renderAt(store, PATIENT_MARIO, '/readings');
    const card = await screen.findByTestId('reading');
    expect(card.textContent).toContain('81,5 kg');
    expect(card.textContent).toContain('Corretta (versione 2)');
    expect(card.textContent).toContain('dopo colazione');
    fireEvent.click(screen.getByText('Correggi'));
    const value = (await screen.findByLabelText(/Valore \(kg\)/)) as HTMLInputElement;
    expect(value.value).toBe('81,5');
    expect((screen.getByLabelText('Che cosa misuri') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(value, { target: { value: '80' } });
    fireEvent.submit(document.getElementById('reading-form') as HTMLFormElement);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      kind: 'weight',
      value: 80,
      note: 'dopo colazione',
      takenAt: WEIGHT_READING.takenAt,
    });
  });

  it('deletes a reading only after the confirmation', async () => {
    const server = fakeServer({
      'GET /api/readings': () => json({ readings: [WEIGHT_READING] }),
      'DELETE /api/readings/40': () => new Response(null, { status: 204 }),
    });
    renderAt(store, PATIENT_MARIO, '/readings');
    fireEvent.click(await screen.findByText('Elimina'));
    await waitFor(() => expect(store.get(confirmAtom)).not.toBeNull());
    store.get(confirmAtom)?.resolve(true);
    await waitFor(() => expect(screen.queryByTestId('reading')).toBeNull());
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(true);
    expect(screen.getByText('Nessuna misurazione')).toBeTruthy();
  });

  it('shows the versions of a corrected reading, first to last', async () => {
    fakeServer({
      'GET /api/readings': () => json({ readings: [WEIGHT_READING] }),
      'GET /api/readings/40/history': () =>
        json({
          versions: [
            {
              version: 1,
              change: 'entered',
              changedAt: '2026-12-05T07:05:00.000Z',
              takenAt: WEIGHT_READING.takenAt,
              systolic: null,
              diastolic: null,
              value: 85,
              note: null,
            },
            {
              version: 2,
              change: 'corrected',
              changedAt: '2026-12-05T08:00:00.000Z',
              takenAt: WEIGHT_READING.takenAt,
              systolic: null,
              diastolic: null,
              value: 81.5,
              note: 'dopo colazione',
            },
          ],
        }),
    });
    renderAt(store, PATIENT_MARIO, '/readings');
    fireEvent.click(await screen.findByText('Versioni'));
    const items = (await screen.findAllByRole('listitem')).filter((item) =>
      item.closest('.reading-versions'),
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Versione 1.*Inserita.*85 kg/),
      expect.stringMatching(/Versione 2.*Corretta.*81,5 kg.*dopo colazione/),
    ]);
  });

  it('is the patient’s own: staff are refused', async () => {
    fakeServer({});
    renderAt(store, PHYSICIAN_VERDI, '/readings');
    expect(await screen.findByText('Accesso negato')).toBeTruthy();
  });
});
