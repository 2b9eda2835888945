/**
 * vis-timeline 8.5 rebuilds, for every cluster it creates, a lookup of every previous cluster with a
 * Set of all its documents' ids (to reuse a cluster of the same documents): with 5,000 documents a
 * change of clustering level costs clusters × documents set insertions, 100+ ms long tasks while
 * zooming. This patch builds that lookup once per clustering pass (document id → previous cluster)
 * and hands vis-timeline's own method only the one previous cluster that can match, so the clusters,
 * their reuse and their drawing stay vis-timeline's.
 */
import type { Timeline } from 'vis-timeline/esnext';

interface UiItem {
  id: unknown;
}
interface OldCluster {
  data: { uiItems: UiItem[] };
}
type GetClusterForItems = (
  this: unknown,
  clusterItems: UiItem[],
  group: unknown,
  oldClusters: OldCluster[] | undefined,
  options: unknown,
) => unknown;
type GetClusters = (this: unknown, oldClusters: unknown, scale: number, options: unknown) => unknown;

const PATCHED = Symbol.for('patient-dossier.timeline.cluster-reuse');

/** Document id → the previous cluster holding it, or `null` when a document is in two (then no shortcut). */
function lookupOf(oldClusters: readonly OldCluster[]): Map<unknown, OldCluster> | null {
  const lookup = new Map<unknown, OldCluster>();
  for (const cluster of oldClusters) {
    for (const item of cluster.data.uiItems) {
      if (lookup.has(item.id)) return null;
      lookup.set(item.id, cluster);
    }
  }
  return lookup;
}

/** The previous cluster of exactly these documents (vis-timeline's rule), given a partition lookup. */
function matchOf(lookup: Map<unknown, OldCluster>, clusterItems: readonly UiItem[]): OldCluster | null {
  const first = clusterItems[0];
  const candidate = first ? lookup.get(first.id) : undefined;
  if (!candidate || candidate.data.uiItems.length !== clusterItems.length) return null;
  return clusterItems.every((item) => lookup.get(item.id) === candidate) ? candidate : null;
}

/** Patch the cluster generator's class of this timeline once (all timelines share it). */
export function speedUpClusterReuse(timeline: Timeline): void {
  const itemSet: unknown = Reflect.get(timeline, 'itemSet');
  const generator: unknown =
    itemSet && typeof itemSet === 'object' ? Reflect.get(itemSet, 'clusterGenerator') : null;
  if (!generator || typeof generator !== 'object') return;
  const proto: unknown = Object.getPrototypeOf(generator);
  if (!proto || typeof proto !== 'object' || Reflect.get(proto, PATCHED)) return;
  const getForItems: unknown = Reflect.get(proto, '_getClusterForItems');
  const getClusters: unknown = Reflect.get(proto, 'getClusters');
  if (typeof getForItems !== 'function' || typeof getClusters !== 'function') return;
  const originalForItems = getForItems as GetClusterForItems;
  const originalClusters = getClusters as GetClusters;
  // Valid during one clustering pass only: the previous clusters and their lookup.
  let pass: { oldClusters: unknown; lookup: Map<unknown, OldCluster> | null } | null = null;

  const patchedClusters: GetClusters = function (oldClusters, scale, options) {
    pass = null;
    try {
      return originalClusters.call(this, oldClusters, scale, options);
    } finally {
      pass = null;
    }
  };
  const patchedForItems: GetClusterForItems = function (clusterItems, group, oldClusters, options) {
    if (!oldClusters || oldClusters.length === 0) {
      return originalForItems.call(this, clusterItems, group, oldClusters, options);
    }
    if (!pass || pass.oldClusters !== oldClusters) pass = { oldClusters, lookup: lookupOf(oldClusters) };
    if (!pass.lookup) return originalForItems.call(this, clusterItems, group, oldClusters, options);
    const match = matchOf(pass.lookup, clusterItems);
    return originalForItems.call(this, clusterItems, group, match ? [match] : [], options);
  };
  Reflect.set(proto, 'getClusters', patchedClusters);
  Reflect.set(proto, '_getClusterForItems', patchedForItems);
  Reflect.set(proto, PATCHED, true);
}
