import { useEffect, useRef, useState } from 'react';
import type { LiveTopic } from '../contract/live';
import { onLiveTopic } from './live-events';

/** Calls `reload` when the server says one of `topics` changed (and when the stream (re)connects). */
export function useLiveTopic(topics: readonly LiveTopic[], reload: () => unknown): void {
  const latest = useRef(reload);
  latest.current = reload;
  const key = topics.join(',');
  useEffect(() => {
    const wanted = new Set(key.split(','));
    return onLiveTopic((topic) => {
      if (wanted.has(topic)) latest.current();
    });
  }, [key]);
}

/** A number that grows each time one of `topics` changes: a dependency for effects that fetch a count. */
export function useLiveVersion(topics: readonly LiveTopic[]): number {
  const [version, setVersion] = useState(0);
  useLiveTopic(topics, () => setVersion((value) => value + 1));
  return version;
}
