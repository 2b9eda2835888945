/**
 * The conferences notification count (spec 3): requests waiting for the caller's answer. Drawn on the
 * menu entry; refreshed on every navigation and when the live channel says conferences changed.
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLiveVersion } from '../../api/use-live-topic';
import { fetchPendingCount } from './api';
import './conferences.css';

const TOPICS = ['conferences'] as const;

export default function ConferencesBadge(): JSX.Element | null {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const changes = useLiveVersion(TOPICS);

  useEffect(() => {
    void pathname;
    void changes;
    let active = true;
    fetchPendingCount()
      .then((value) => active && setCount(value))
      .catch(() => undefined); // a count that cannot be read is simply not drawn
    return () => {
      active = false;
    };
  }, [pathname, changes]);

  if (count === 0) return null;
  const label = t`Richieste di videoconferenza in attesa: ${count}`;
  return (
    <span className="conferences-badge" role="status" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
