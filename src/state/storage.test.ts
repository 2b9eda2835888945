import { createStore } from 'jotai';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RESET_STORED, userScopedAtoms } from './storage';

const Draft = v.object({ step: v.picklist(['one', 'two']) });
const draftAtom = userScopedAtoms('test-draft:', Draft);

describe('userScopedAtoms', () => {
  it('keeps one stored value per scope, under the prefix', () => {
    const store = createStore();
    expect(draftAtom('7')).toBe(draftAtom('7'));
    store.set(draftAtom('7'), { step: 'two' });
    expect(localStorage.getItem('test-draft:7')).toBe('{"step":"two"}');
    expect(store.get(draftAtom('8'))).toBeNull();

    // A new store (a reload) reads the stored value again.
    expect(createStore().get(draftAtom('7'))).toEqual({ step: 'two' });
    store.set(draftAtom('7'), RESET_STORED);
    expect(localStorage.getItem('test-draft:7')).toBeNull();
  });

  it('reads a stored value that does not fit the schema as none', () => {
    localStorage.setItem('test-draft:9', '{"step":"three"}');
    expect(createStore().get(draftAtom('9'))).toBeNull();
  });
});
