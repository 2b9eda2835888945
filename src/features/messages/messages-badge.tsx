/**
 * The unread messages count (spec 3 "Notification counts"), on the tab or the menu entry. Asked again on
 * every navigation and whenever the live channel says messages changed (a new one, one read elsewhere).
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLiveVersion } from '../../api/use-live-topic';
import { fetchUnread } from './api';
import './messages.css';

const MESSAGE_TOPICS = ['messages'] as const;

export default function MessagesBadge(): JSX.Element | null {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const changes = useLiveVersion(MESSAGE_TOPICS);

  useEffect(() => {
    void pathname;
    void changes;
    let active = true;
    fetchUnread()
      .then((unread) => active && setCount(unread))
      .catch(() => undefined); // a count that cannot be read is simply not drawn
    return () => {
      active = false;
    };
  }, [pathname, changes]);

  if (count === 0) return null;
  const label = t`Messaggi da leggere: ${count}`;
  return (
    <span className="messages-badge" role="status" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
