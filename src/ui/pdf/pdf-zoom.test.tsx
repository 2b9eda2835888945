import { IonApp } from '@ionic/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { clampZoom, usePinchZoom, ZoomBar } from './pdf-zoom';

function Zoomable({ start = 1 }: { start?: number }): JSX.Element {
  const [zoom, setZoom] = useState(start);
  const pinch = usePinchZoom(zoom, setZoom);
  return (
    <>
      <ZoomBar zoom={zoom} onZoom={setZoom} />
      <div data-testid="pages" {...pinch.handlers} data-preview={pinch.preview} />
    </>
  );
}

function renderZoomable(start?: number): void {
  render(
    <I18nProvider i18n={i18n}>
      <IonApp>
        <Zoomable {...(start === undefined ? {} : { start })} />
      </IonApp>
    </I18nProvider>,
  );
}

const finger = (x: number) => ({ clientX: x, clientY: 100 });
const button = (label: string): HTMLElement => screen.getByLabelText(label);
/** An Ionic button is disabled by its property (reflected to the attribute once the element is defined). */
const isDisabled = (element: HTMLElement): boolean =>
  element.hasAttribute('disabled') || (element as HTMLElement & { disabled?: boolean }).disabled === true;

describe('zoom of an embedded PDF', () => {
  it('keeps the zoom between 100 % and 300 %, in quarter steps', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(1.3)).toBe(1.25);
    expect(clampZoom(5)).toBe(3);
  });

  it('zooms with the buttons, each disabled at its end', () => {
    renderZoomable();
    expect(screen.getByText('100%')).toBeTruthy();
    expect(isDisabled(button('Riduci'))).toBe(true);
    expect(isDisabled(button('Ingrandisci'))).toBe(false);
    fireEvent.click(button('Ingrandisci'));
    expect(screen.getByText('125%')).toBeTruthy();
    for (let press = 0; press < 10; press += 1) fireEvent.click(button('Ingrandisci'));
    expect(screen.getByText('300%')).toBeTruthy();
    expect(isDisabled(button('Ingrandisci'))).toBe(true);
    expect(isDisabled(button('Riduci'))).toBe(false);
  });

  it('zooms with a two-finger pinch: previewed while pinching, set when the fingers lift', () => {
    renderZoomable();
    const pages = screen.getByTestId('pages');
    fireEvent.touchStart(pages, { touches: [finger(100), finger(200)] });
    fireEvent.touchMove(pages, { touches: [finger(50), finger(250)] });
    expect(pages.dataset.preview).toBe('2');
    fireEvent.touchEnd(pages, { touches: [] });
    expect(screen.getByText('200%')).toBeTruthy();
    expect(pages.dataset.preview).toBe('1');
    // A one-finger move scrolls: the zoom stays.
    fireEvent.touchStart(pages, { touches: [finger(100)] });
    fireEvent.touchMove(pages, { touches: [finger(300)] });
    fireEvent.touchEnd(pages, { touches: [] });
    expect(screen.getByText('200%')).toBeTruthy();
  });
});
