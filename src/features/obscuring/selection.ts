/**
 * The patient's pending choice: for each ticked document, whom it will be hidden from. Kept in local
 * storage per user, so the signing wizard (another page) and a reload find it; cleared once signed.
 */
import * as v from 'valibot';
import { ObscuringInfo } from '../../contract/documents';
import type { ObscureSelection } from '../../contract/obscuring';
import type { PersistentAtom } from '../../state/storage';
import { userScopedAtoms } from '../../state/storage';
import { sameViewers, VIEWERS } from './viewers';

export const PendingDocument = v.object({
  title: v.string(),
  current: ObscuringInfo,
  next: ObscuringInfo,
});
export type PendingDocument = v.InferOutput<typeof PendingDocument>;

export const ObscuringChoice = v.object({
  patientId: v.number(),
  /** Keyed by document id. */
  documents: v.record(v.string(), PendingDocument),
});
export type ObscuringChoice = v.InferOutput<typeof ObscuringChoice>;

export const obscuringChoiceAtom: (userKey: string) => PersistentAtom<ObscuringChoice | null> =
  userScopedAtoms('obscuringChoice:', ObscuringChoice);

/** The ticked documents whose viewers change: what the request will ask. */
export function changesOf(choice: ObscuringChoice | null): ObscureSelection[] {
  if (!choice) return [];
  return Object.entries(choice.documents)
    .filter(([, pending]) => !sameViewers(pending.current, pending.next))
    .map(([id, pending]) => ({ documentId: Number(id), obscuringInfo: pending.next }))
    .sort((a, b) => a.documentId - b.documentId);
}

/** Same selection, same flow id: the signing wizard resumes its draft only for the request it prepared. */
export function flowIdOf(patientId: number, changes: readonly ObscureSelection[]): string {
  const code = changes
    .map(
      (change) =>
        `${change.documentId}:${VIEWERS.map((viewer) => Number(change.obscuringInfo[viewer])).join('')}`,
    )
    .join(',');
  return `obscure:${patientId}:${code}`;
}
