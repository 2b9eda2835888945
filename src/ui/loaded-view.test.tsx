import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Loaded } from '../api/use-loader';
import { LoadedView } from './loaded-view';

function show(node: ReactNode): void {
  render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}

/** A `Loaded<string>` as a loader gives it: not narrowed to the one status written here. */
const loaded = (state: Loaded<string>): Loaded<string> => state;

const retryButton = (): HTMLElement => screen.getByText('Riprova', { selector: 'ion-button' });

describe('LoadedView', () => {
  it('shows the loading state, or the node given for it', () => {
    const state = loaded({ status: 'loading' });
    show(
      <LoadedView state={state} onRetry={() => undefined}>
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByRole('status').textContent).toBe('Caricamento in corso…');
    show(
      <LoadedView state={state} onRetry={() => undefined} loading={<p>Scheletro</p>}>
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByText('Scheletro')).toBeTruthy();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it("shows the error with the server's reason, and retries without an argument", () => {
    const onRetry = vi.fn();
    const state = loaded({ status: 'error', reason: msg`Paziente non trovato`, error: null });
    show(
      <LoadedView state={state} onRetry={onRetry}>
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Paziente non trovato');
    fireEvent.click(retryButton());
    expect(onRetry).toHaveBeenCalledWith();
  });

  it("gives the generic advice, a fallback reason or the screen's own text when asked", () => {
    const state = loaded({ status: 'error', reason: msg`Paziente non trovato`, error: null });
    show(
      <LoadedView state={state} onRetry={() => undefined} errorReason={() => null}>
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Controlla la connessione e riprova.');
    const silent = loaded({ status: 'error', reason: null, error: null });
    show(
      <LoadedView
        state={silent}
        onRetry={() => undefined}
        errorReason={(reason) => reason ?? msg`Errore nel recupero`}
      >
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByText('Errore nel recupero')).toBeTruthy();
    show(
      <LoadedView state={silent} onRetry={() => undefined} errorDetail={<p>La guida non è disponibile.</p>}>
        {(value) => <p>{value}</p>}
      </LoadedView>,
    );
    expect(screen.getByText('La guida non è disponibile.')).toBeTruthy();
  });

  it('shows the value, with the stale notice above it only when asked', () => {
    const onRetry = vi.fn();
    const state = loaded({ status: 'ready', value: 'Mario Rossi', stale: { reason: null } });
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <LoadedView state={state} onRetry={onRetry} staleNotice>
          {(value) => <p>{value}</p>}
        </LoadedView>
      </I18nProvider>,
    );
    expect(container.firstElementChild?.className).toBe('stale-notice');
    expect(container.lastElementChild?.textContent).toBe('Mario Rossi');
    fireEvent.click(retryButton());
    expect(onRetry).toHaveBeenCalledWith();
  });

  it('leaves the stale notice to the screen when not asked, handing it the stale mark', () => {
    const state = loaded({ status: 'ready', value: 'Mario Rossi', stale: { reason: null } });
    show(
      <LoadedView state={state} onRetry={() => undefined}>
        {(value, stale) => <p>{stale ? `${value} (non aggiornato)` : value}</p>}
      </LoadedView>,
    );
    expect(screen.getByText('Mario Rossi (non aggiornato)')).toBeTruthy();
    expect(document.querySelector('.stale-notice')).toBeNull();
  });
});
