import { describe, expect, it } from 'vitest';
import { VERIFIED_TOKEN_MAX, VERIFIED_TOKEN_TTL_MS, verifiedTokenCache } from './verified-tokens';

describe('verified access tokens', () => {
  it('keeps a token until its exp or the TTL, whichever comes first', () => {
    let now = 1_000_000_000_000;
    const cache = verifiedTokenCache(() => now);
    cache.set('long', { sub: 'a', exp: now / 1000 + 3600 });
    cache.set('short', { sub: 'b', exp: now / 1000 + 10 });
    expect(cache.get('long')?.sub).toBe('a');
    now += 10_000;
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')?.sub).toBe('a');
    now += VERIFIED_TOKEN_TTL_MS;
    expect(cache.get('long')).toBeNull();
  });

  it('keeps nothing without exp, and at most VERIFIED_TOKEN_MAX tokens', () => {
    const now = 1_000_000_000_000;
    const cache = verifiedTokenCache(() => now);
    cache.set('no-exp', { sub: 'a' });
    expect(cache.get('no-exp')).toBeNull();
    for (let index = 0; index <= VERIFIED_TOKEN_MAX; index++)
      cache.set(`t${index}`, { sub: String(index), exp: now / 1000 + 60 });
    expect(cache.size).toBe(VERIFIED_TOKEN_MAX);
    expect(cache.get('t0')).toBeNull();
    expect(cache.get(`t${VERIFIED_TOKEN_MAX}`)?.sub).toBe(String(VERIFIED_TOKEN_MAX));
  });
});
