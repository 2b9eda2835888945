import { describe, expect, it } from 'vitest';
import { mayPrefetch, prefetch } from './preload';

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

  it('fetches a file without running it, in the mode of a module import, and cleans up', async () => {
    const done = prefetch('/assets/screen-abc.js');
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="prefetch"]');
    expect(link?.getAttribute('href')).toBe('/assets/screen-abc.js');
    expect(link?.crossOrigin).toBe('anonymous');
    link?.dispatchEvent(new Event('error'));
    await done;
    expect(document.head.querySelector('link[rel="prefetch"]')).toBeNull();
  });
});
