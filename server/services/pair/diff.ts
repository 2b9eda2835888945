import type { Exercise, PairChange } from '../../../src/contract';

/**
 * What changed from the replaced plan, for the patient ("what changed"): exercises matched by name
 * (case and spaces ignored); a changed one lists the fields that differ, in the contract's order.
 */
export function exerciseChanges(previous: readonly Exercise[], current: readonly Exercise[]): PairChange[] {
  const key = (exercise: Exercise) => exercise.name.trim().toLowerCase().replace(/\s+/g, ' ');
  const before = new Map(previous.map((exercise) => [key(exercise), exercise]));
  const changes: PairChange[] = [];
  for (const exercise of current) {
    const old = before.get(key(exercise));
    before.delete(key(exercise));
    if (!old) {
      changes.push({ exercise: exercise.name, change: 'added', fields: [] });
      continue;
    }
    const fields = (Object.keys(exercise) as (keyof Exercise)[]).filter(
      (field) => field !== 'name' && JSON.stringify(exercise[field]) !== JSON.stringify(old[field]),
    );
    if (fields.length > 0) changes.push({ exercise: exercise.name, change: 'changed', fields });
  }
  for (const old of before.values()) changes.push({ exercise: old.name, change: 'removed', fields: [] });
  return changes;
}
