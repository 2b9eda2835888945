import type { Timeline } from 'vis-timeline/esnext';
import { describe, expect, it } from 'vitest';
import { speedUpClusterReuse } from './cluster-reuse';

interface FakeCluster {
  data: { uiItems: { id: number }[] };
}

function cluster(...ids: number[]): FakeCluster {
  return { data: { uiItems: ids.map((id) => ({ id })) } };
}

/** Stands in for vis-timeline's ClusterGenerator: records the previous clusters each call is given. */
function fakeGeneratorClass() {
  return class {
    calls: unknown[][] = [];
    getClusters(oldClusters: FakeCluster[], _scale: number, _options: unknown): unknown[] {
      return [this._getClusterForItems([{ id: 1 }, { id: 2 }], null, oldClusters, {})];
    }
    _getClusterForItems(
      items: { id: number }[],
      _group: unknown,
      oldClusters: FakeCluster[],
      _options: unknown,
    ) {
      this.calls.push(oldClusters);
      // vis-timeline's rule: the first previous cluster of exactly these documents, else a new one.
      const ids = new Set(items.map((item) => item.id));
      return (
        oldClusters.find(
          (old) => old.data.uiItems.length === ids.size && old.data.uiItems.every((item) => ids.has(item.id)),
        ) ?? 'new'
      );
    }
  };
}

function timelineWith(generator: object): Timeline {
  return { itemSet: { clusterGenerator: generator } } as unknown as Timeline;
}

describe('speedUpClusterReuse', () => {
  it('hands vis-timeline only the previous cluster of the same documents', () => {
    const Generator = fakeGeneratorClass();
    const generator = new Generator();
    speedUpClusterReuse(timelineWith(generator));
    const same = cluster(2, 1);
    expect(generator.getClusters([cluster(3, 4), same, cluster(5)], 0.5, {})).toEqual([same]);
    expect(generator.calls.at(-1)).toEqual([same]);
    // Same first document, not the same set: a new cluster, with no previous one to compare.
    expect(generator.getClusters([cluster(1, 2, 3)], 0.5, {})).toEqual(['new']);
    expect(generator.calls.at(-1)).toEqual([]);
  });

  it('falls back to every previous cluster when a document sits in two of them', () => {
    const Generator = fakeGeneratorClass();
    const generator = new Generator();
    speedUpClusterReuse(timelineWith(generator));
    const old = [cluster(1, 3), cluster(1, 2)];
    expect(generator.getClusters(old, 0.5, {})).toEqual([old[1]]);
    expect(generator.calls.at(-1)).toBe(old);
  });

  it('patches a class once and leaves a timeline without clustering alone', () => {
    const Generator = fakeGeneratorClass();
    const generator = new Generator();
    speedUpClusterReuse(timelineWith(generator));
    const patched = Generator.prototype._getClusterForItems;
    speedUpClusterReuse(timelineWith(new Generator()));
    expect(Generator.prototype._getClusterForItems).toBe(patched);
    expect(() => speedUpClusterReuse(timelineWith({}))).not.toThrow();
  });
});

describe('speedUpClusterReuse on vis-timeline itself', () => {
  it('finds the methods it replaces (a vis-timeline upgrade that renames them fails here)', async () => {
    const { Timeline } = await import('vis-timeline/esnext');
    const element = document.createElement('div');
    document.body.append(element);
    const timeline = new Timeline(element, [], { cluster: { maxItems: 1 } });
    try {
      const generator: unknown = Reflect.get(Reflect.get(timeline, 'itemSet') as object, 'clusterGenerator');
      const proto = Object.getPrototypeOf(generator) as Record<string, unknown>;
      const before = proto._getClusterForItems;
      expect(typeof before).toBe('function');
      expect(typeof proto.getClusters).toBe('function');
      speedUpClusterReuse(timeline);
      expect(proto._getClusterForItems).not.toBe(before);
    } finally {
      timeline.destroy();
      element.remove();
    }
  });
});
