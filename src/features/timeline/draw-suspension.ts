/**
 * While a dossier's documents are handed to vis-timeline in slices, every slice would make it cluster all
 * the documents given so far and draw them (n slices, n full passes, each a long task with 5,000
 * documents). This holds its drawing and clustering until `resume`, which draws once, clustered at the
 * window set by then. Its ordering of all items by date, redone at each slice, is held too and done once.
 * It touches private members of vis-timeline 8.5 (`_redraw`, `_origRedraw`, the item set's
 * `_clusterItems` and `_order`): if an upgrade renames them nothing is held, the chart stays right but slower,
 * and a test fails to say so.
 */
import type { Timeline } from 'vis-timeline/esnext';

const HELD = ['_redraw', '_origRedraw'] as const;
const HELD_IN_ITEM_SET = ['_clusterItems', '_order'] as const;

function noop(): void {}

/** Whether this vis-timeline still has the members the suspension replaces. */
export function canSuspendDrawing(timeline: Timeline): boolean {
  const itemSet: unknown = Reflect.get(timeline, 'itemSet');
  return (
    HELD.every((name) => typeof Reflect.get(timeline, name) === 'function') &&
    !!itemSet &&
    typeof itemSet === 'object' &&
    HELD_IN_ITEM_SET.every((name) => typeof Reflect.get(itemSet, name) === 'function')
  );
}

/** Hold drawing, ordering and clustering; the returned function orders once and lets them go (no draw). */
export function suspendDrawing(timeline: Timeline): () => void {
  if (!canSuspendDrawing(timeline)) return noop;
  const itemSet = Reflect.get(timeline, 'itemSet') as object;
  const saved = HELD.map((name) => [name, Reflect.get(timeline, name)] as const);
  for (const name of HELD) Reflect.set(timeline, name, noop);
  // Own properties over the prototype's methods: deleting them brings the methods back.
  for (const name of HELD_IN_ITEM_SET) Reflect.set(itemSet, name, noop);
  return () => {
    for (const [name, value] of saved) Reflect.set(timeline, name, value);
    for (const name of HELD_IN_ITEM_SET) Reflect.deleteProperty(itemSet, name);
    const order: unknown = Reflect.get(itemSet, '_order');
    if (typeof order === 'function') order.call(itemSet);
  };
}
