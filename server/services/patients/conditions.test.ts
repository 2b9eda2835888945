import { describe, expect, it } from 'vitest';
import { prefixEnd } from './conditions';

describe('prefixEnd, the end of a prefix range in code-point order', () => {
  it('raises the last character by one', () => {
    expect(prefixEnd('ro')).toBe('rp');
    expect(prefixEnd('RS')).toBe('RT');
    expect(prefixEnd('è')).toBe('é');
    expect(prefixEnd('a😀')).toBe('a😁');
  });

  it('steps over the surrogates, which are no characters', () => {
    expect(prefixEnd('a\uD7FF')).toBe('a\uE000');
  });

  it('has none after the last code point, for an empty text or a lone surrogate (a LIKE then)', () => {
    expect(prefixEnd('a\u{10FFFF}')).toBeNull();
    expect(prefixEnd('')).toBeNull();
    expect(prefixEnd('a\uD800')).toBeNull();
  });
});
