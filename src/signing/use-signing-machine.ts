/**
 * Runs the wizard's reducer (`machine.ts`) over where its state lives: the draft in the user's stored draft
 * atom, the PIN in the in-memory secrets atom, the rest in an atom of this wizard. Each dispatch reduces the
 * current values (not those of the last render, so an answer arriving after a call sees the latest edits)
 * and stamps a changed draft with the time and the wizard's path, for resuming after a new login.
 */
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { isResumable, signingDraftAtom, signingSecretsAtom } from './draft';
import type { WizardAction, WizardState } from './machine';
import { initialScreen, signingReducer } from './machine';

export type Dispatch = (action: WizardAction) => void;

export function useSigningMachine(userKey: string, flowId: string, here: string): [WizardState, Dispatch] {
  const store = useStore();
  const draftAtom = signingDraftAtom(userKey);
  const [screenAtom] = useState(() => atom(initialScreen(store.get(signingSecretsAtom).pin)));
  const stored = useAtomValue(draftAtom);
  const { pin } = useAtomValue(signingSecretsAtom);
  const screen = useAtomValue(screenAtom);

  const dispatch = useCallback(
    (action: WizardAction): void => {
      const kept = store.get(draftAtom);
      const before: WizardState = {
        draft: isResumable(kept, flowId) ? kept : null,
        pin: store.get(signingSecretsAtom).pin,
        screen: store.get(screenAtom),
      };
      const after = signingReducer(before, action);
      if (after.draft !== before.draft)
        store.set(draftAtom, after.draft && { ...after.draft, resumeTo: here, updatedAt: Date.now() });
      if (after.pin !== before.pin) store.set(signingSecretsAtom, { pin: after.pin });
      if (after.screen !== before.screen) store.set(screenAtom, after.screen);
    },
    [store, draftAtom, screenAtom, flowId, here],
  );

  return [{ draft: isResumable(stored, flowId) ? stored : null, pin, screen }, dispatch];
}
