/** The conferences count (spec 3): requests waiting for the caller's answer, on the menu entry. */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { CountBadge, useLiveCount } from '../../ui/count-badge';
import { fetchPendingCount } from './api';

const TOPICS = ['conferences'] as const;

export default function ConferencesBadge(): JSX.Element | null {
  const { t } = useLingui();
  const count = useLiveCount(TOPICS, fetchPendingCount);
  return (
    <CountBadge
      count={count}
      label={t`Richieste di videoconferenza in attesa: ${count}`}
      className="conferences-badge"
    />
  );
}
