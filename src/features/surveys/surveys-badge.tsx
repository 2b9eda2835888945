/** The patient's open survey cards, on the menu entry (a new card, one submitted elsewhere). */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useNotificationCount } from '../../session/notification-counts';
import { CountBadge } from '../../ui/count-badge';

const SURVEY_TOPICS = ['surveys'] as const;

export default function SurveysBadge(): JSX.Element | null {
  const { t } = useLingui();
  const count = useNotificationCount('surveys', SURVEY_TOPICS);
  return <CountBadge count={count} label={t`Questionari da compilare: ${count}`} className="surveys-badge" />;
}
