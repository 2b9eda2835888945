/**
 * Atoms kept in web storage (the spec keeps the user, the consent and the language in local storage).
 * Each store reads the stored value on its first read, and the value is checked: a stale or tampered
 * entry falls back to the initial value instead of reaching the screens. (jotai's `atomWithStorage`
 * reads once per module, not per store.)
 */
import type { WritableAtom } from 'jotai';
import { atom } from 'jotai';
import * as v from 'valibot';

export const RESET_STORED = Symbol('reset stored value');

type SetAction<Value> = Value | typeof RESET_STORED | ((prev: Value) => Value);
export type PersistentAtom<Value> = WritableAtom<Value, [SetAction<Value>], void>;

const UNREAD = Symbol('not read from storage yet');

export function persistentAtom<Value>(
  key: string,
  initialValue: Value,
  isValid: (value: unknown) => value is Value,
  area: 'local' | 'session' = 'local',
): PersistentAtom<Value> {
  const storage = (): Storage => (area === 'local' ? localStorage : sessionStorage);

  const read = (): Value => {
    const text = storage().getItem(key);
    if (text === null) return initialValue;
    try {
      const value: unknown = JSON.parse(text);
      return isValid(value) ? value : initialValue;
    } catch {
      return initialValue;
    }
  };

  const valueAtom = atom<Value | typeof UNREAD>(UNREAD);
  return atom(
    (get) => {
      const value = get(valueAtom);
      return value === UNREAD ? read() : value;
    },
    (get, set, update: SetAction<Value>) => {
      if (update === RESET_STORED) {
        set(valueAtom, initialValue);
        storage().removeItem(key);
        return;
      }
      const current = get(valueAtom);
      const previous = current === UNREAD ? read() : current;
      const next = typeof update === 'function' ? (update as (prev: Value) => Value)(previous) : update;
      set(valueAtom, next);
      storage().setItem(key, JSON.stringify(next));
    },
  );
}

/**
 * Local-storage keys of wizard drafts (no secrets inside): kept when the session expired (not at logout), and
 * across an account switch unless the account left was a guest's.
 */
export const DRAFT_KEY_PREFIX = 'draft:';

/**
 * One persistent atom per user (a draft, a pending choice): the stored value is checked with `schema`,
 * `null` when there is none. `scope` is the user key, with whatever else splits the drafts
 * (`42:REPORTS`); the storage key is `prefix` followed by it.
 */
export function userScopedAtoms<Value>(
  prefix: string,
  schema: v.GenericSchema<unknown, Value>,
): (scope: string) => PersistentAtom<Value | null> {
  const atoms = new Map<string, PersistentAtom<Value | null>>();
  const isValid = (value: unknown): value is Value | null => value === null || v.is(schema, value);
  return (scope) => {
    let found = atoms.get(scope);
    if (!found) {
      found = persistentAtom<Value | null>(`${prefix}${scope}`, null, isValid);
      atoms.set(scope, found);
    }
    return found;
  };
}
