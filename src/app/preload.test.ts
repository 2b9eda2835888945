import { describe, expect, it } from 'vitest';
import { mayPrefetch } from './preload';

describe('background loading of the screens', () => {
  it('happens on a fast unmetered link', () => {
    expect(mayPrefetch({ effectiveType: '4g', type: 'wifi' }, false)).toBe(true);
    expect(mayPrefetch({ effectiveType: '4g' }, false)).toBe(true);
  });

  it('never happens with Save-Data, on cellular or on a slow link', () => {
    expect(mayPrefetch({ saveData: true, effectiveType: '4g', type: 'wifi' }, true)).toBe(false);
    expect(mayPrefetch({ type: 'cellular', effectiveType: '4g' }, true)).toBe(false);
    expect(mayPrefetch({ effectiveType: '3g' }, true)).toBe(false);
  });

  it('without connection information, only on a computer (fine pointer)', () => {
    expect(mayPrefetch(undefined, true)).toBe(true);
    expect(mayPrefetch(undefined, false)).toBe(false);
  });
});
