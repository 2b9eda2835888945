/**
 * A count on a tab or a menu entry (spec 3 "Notification counts"): asked again on every navigation and
 * whenever the live channel says one of its topics changed. A count that cannot be read is not drawn.
 */
import type { JSX } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLiveVersion } from '../api/use-live-topic';
import type { LiveTopic } from '../contract/live';
import './count-badge.css';

/** `version`: a further reason to ask again (e.g. the screen itself changed something). */
export function useLiveCount(topics: readonly LiveTopic[], read: () => Promise<number>, version = 0): number {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const changes = useLiveVersion(topics);
  const latestRead = useRef(read);
  latestRead.current = read;

  useEffect(() => {
    void pathname;
    void version;
    void changes;
    let active = true;
    latestRead
      .current()
      .then((value) => active && setCount(value))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [pathname, version, changes]);
  return count;
}

/** `className`: the feature's own name for the badge, beside the shared look. */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label: string;
  className: string;
}): JSX.Element | null {
  if (count === 0) return null;
  return (
    <span className={`count-badge ${className}`} role="status" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
