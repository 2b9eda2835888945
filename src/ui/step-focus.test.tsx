import { act, fireEvent, render, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStepFocus } from './step-focus';

function Wizard({ focusOnOpen = false }: { focusOnOpen?: boolean }): JSX.Element {
  const [step, setStep] = useState(1);
  const heading = useStepFocus<HTMLHeadingElement>(step, focusOnOpen);
  return (
    <div className="ion-page">
      <h2 ref={heading} tabIndex={-1}>{`Passo ${step}`}</h2>
      <input aria-label="Risposta" />
      <button type="button" onClick={() => setStep((n) => n + 1)}>
        Avanti
      </button>
    </div>
  );
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('useStepFocus: the step heading takes the focus (WCAG 2.4.3)', () => {
  it('leaves the focus alone when the wizard opens, unless asked', () => {
    render(<Wizard />);
    expect(document.activeElement).toBe(document.body);
  });

  it('moves the focus from "Avanti" to the new step heading', () => {
    render(<Wizard />);
    const next = screen.getByRole('button', { name: 'Avanti' });
    next.focus();
    fireEvent.click(next);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Passo 2' }));
  });

  it('gives the focus back to the heading when a redraw drops it to the body, not when the person moved it', () => {
    render(<Wizard focusOnOpen />);
    const heading = screen.getByRole('heading', { name: 'Passo 1' });
    expect(document.activeElement).toBe(heading);
    heading.blur();
    act(() => vi.advanceTimersByTime(150));
    expect(document.activeElement).toBe(heading);
    screen.getByRole('textbox', { name: 'Risposta' }).focus();
    act(() => vi.advanceTimersByTime(500));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Risposta' }));
  });
});
