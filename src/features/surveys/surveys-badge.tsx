/** The patient's open survey cards, on the menu entry (a new card, one submitted elsewhere). */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { getJson } from '../../api/request';
import { Notifications } from '../../contract/notifications';
import { CountBadge, useLiveCount } from '../../ui/count-badge';

const SURVEY_TOPICS = ['surveys'] as const;

async function fetchOpenSurveys(): Promise<number> {
  const reply = await getJson('notifications', Notifications, { context: { quiet: true } });
  return reply.surveys;
}

export default function SurveysBadge(): JSX.Element | null {
  const { t } = useLingui();
  const count = useLiveCount(SURVEY_TOPICS, fetchOpenSurveys);
  return <CountBadge count={count} label={t`Questionari da compilare: ${count}`} className="surveys-badge" />;
}
