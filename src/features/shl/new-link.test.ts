import { describe, expect, it } from 'vitest';
import { bodyOf, checkDraft, expiryOf, type LinkDraft, newDraft, suggestPasscode } from './new-link';

const draft = (change: Partial<LinkDraft> = {}): LinkDraft => ({ ...newDraft(), label: 'Visita', ...change });
const NOW = new Date('2026-11-28T10:00:00Z');

describe('suggestPasscode', () => {
  it('gives six digits, drawing again for bytes that would favour the low digits', () => {
    expect(suggestPasscode()).toMatch(/^\d{6}$/);
    const bytes = [255, 250, 9, 19, 29, 39, 49, 59];
    let call = 0;
    const fake = (target: Uint8Array): Uint8Array => {
      target.forEach((_, index) => {
        target[index] = bytes[(call * target.length + index) % bytes.length] ?? 0;
      });
      call++;
      return target;
    };
    expect(suggestPasscode(fake)).toBe('999999');
  });
});

describe('checkDraft', () => {
  it('asks for a label, a passcode of 6 or more when one is kept, and something to share', () => {
    expect(checkDraft(draft())).toEqual({});
    expect(Object.keys(checkDraft(draft({ label: '  ' })))).toEqual(['label']);
    expect(Object.keys(checkDraft(draft({ passcode: '12345' })))).toEqual(['passcode']);
    expect(checkDraft(draft({ passcode: '', withPasscode: false }))).toEqual({});
    expect(Object.keys(checkDraft(draft({ summary: false, documentIds: [] })))).toEqual(['documentIds']);
    expect(checkDraft(draft({ summary: false, documentIds: [4] }))).toEqual({});
  });
});

describe('bodyOf', () => {
  it('sends the passcode only when kept, and the chosen expiry', () => {
    const body = bodyOf(draft({ label: ' Visita ', passcode: '123456', documentIds: [3] }), 7, NOW);
    expect(body).toEqual({
      patientId: 7,
      label: 'Visita',
      passcode: '123456',
      expiresAt: '2026-12-05T10:00:00.000Z',
      summary: true,
      documentIds: [3],
    });
    expect(bodyOf(draft({ withPasscode: false }), 7, NOW).passcode).toBeUndefined();
  });

  it('keeps a year within the server’s year, whatever the clocks', () => {
    expect(expiryOf(365, NOW).getTime()).toBeLessThan(NOW.getTime() + 365 * 24 * 3600 * 1000);
    expect(expiryOf(1, NOW).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });
});
