import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { JSX } from 'react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { nameDialog, Sheet } from './sheet';

function Screen({ onClose }: { onClose?: () => void }): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <I18nProvider i18n={i18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Filtra
      </button>
      <Sheet
        open={open}
        title="Filtra i documenti"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Applica</button>}
      >
        <input aria-label="Dal" />
      </Sheet>
    </I18nProvider>
  );
}

/** The presented modal (jsdom renders Ionic's host without its `dialog` role). */
async function openSheet(): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('ion-modal.show-modal');
    if (!modal) throw new Error('the sheet is not open');
    return modal;
  });
}

function closeButton(): HTMLElement {
  const button = screen.getByText('Chiudi').closest<HTMLElement>('ion-button');
  if (!button) throw new Error('no close button');
  return button;
}

function accessibleName(element: HTMLElement): string | null {
  const labelledBy = element.getAttribute('aria-labelledby');
  return labelledBy ? (document.getElementById(labelledBy)?.textContent ?? null) : null;
}

describe('Sheet', () => {
  it('is a dialog named by its title, with its content and footer', async () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Filtra' }));
    expect(accessibleName(await openSheet())).toBe('Filtra i documenti');
    expect(screen.getByRole('textbox', { name: 'Dal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Applica' })).toBeTruthy();
    expect(closeButton().classList.contains('sheet-close')).toBe(true);
  });

  it('gives the focus back to the control that opened it when it closes', async () => {
    let closed = 0;
    render(<Screen onClose={() => closed++} />);
    const opener = screen.getByRole('button', { name: 'Filtra' });
    opener.focus();
    fireEvent.click(opener);
    await openSheet();
    screen.getByRole('textbox', { name: 'Dal' }).focus();
    expect(document.activeElement).not.toBe(opener);

    fireEvent.click(closeButton());
    await waitFor(() => expect(document.querySelector('ion-modal.show-modal')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(closed).toBeGreaterThan(0);
  });

  it('names the dialog element Ionic keeps in its shadow root, where an id outside cannot reach', () => {
    const modal = document.createElement('ion-fake-modal');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    modal.attachShadow({ mode: 'open' }).append(dialog);
    nameDialog(modal, '  Filtra i documenti ');
    expect(dialog.getAttribute('aria-label')).toBe('Filtra i documenti');
    nameDialog(modal, '');
    expect(dialog.getAttribute('aria-label')).toBe('Filtra i documenti');
  });
});
