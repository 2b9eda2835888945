/** The conferences count (spec 3): requests waiting for the caller's answer, on the menu entry. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useNotificationCount } from '../../session/notification-counts';
import { CountBadge } from '../../ui/count-badge';

const TOPICS = ['conferences'] as const;

export default function ConferencesBadge(): JSX.Element | null {
  const { t } = useLingui();
  const count = useNotificationCount('conferences', TOPICS);
  return (
    <CountBadge
      count={count}
      label={t`Richieste di videoconferenza in attesa: ${count}`}
      className="conferences-badge"
    />
  );
}
