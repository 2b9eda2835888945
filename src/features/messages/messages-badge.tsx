/** The unread messages count, on the tab or the menu entry (a new message, one read elsewhere). */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useNotificationCount } from '../../session/notification-counts';
import { CountBadge } from '../../ui/count-badge';

const MESSAGE_TOPICS = ['messages'] as const;

export default function MessagesBadge(): JSX.Element | null {
  const { t } = useLingui();
  const count = useNotificationCount('messages', MESSAGE_TOPICS);
  return <CountBadge count={count} label={t`Messaggi da leggere: ${count}`} className="messages-badge" />;
}
