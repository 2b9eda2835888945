/**
 * The consents notification on the Consents tab and menu entry (spec section 4): green when no invitation
 * is pending, grey when all are invitations, yellow otherwise. It is the shared count badge (one look for
 * every tab): green, nothing pending, draws nothing; grey and yellow carry the count and the colour's
 * meaning in words. Refreshed on every navigation, so signing a consent updates it.
 */
import { useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getJson } from '../../api/request';
import { useLiveVersion } from '../../api/use-live-topic';
import type { ConsentNotification } from '../../contract/consents';
import { ConsentNotification as ConsentNotificationSchema } from '../../contract/consents';
import type { CurrentUser } from '../../contract/user';
import type { BadgeTone } from '../../ui/count-badge';
import { CountBadge } from '../../ui/count-badge';
import { NOTIFICATION_TEXT } from './consent-labels';

const TONE: Readonly<Record<ConsentNotification['colour'], BadgeTone | null>> = {
  green: null,
  grey: 'neutral',
  yellow: 'warning',
};

/** An invitation arriving (or withdrawn) changes the dot at once. */
const CONSENT_TOPICS = ['consents'] as const;

export default function ConsentTabBadge({ user }: { user: CurrentUser }): JSX.Element | null {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const [notification, setNotification] = useState<ConsentNotification | null>(null);
  const changes = useLiveVersion(CONSENT_TOPICS);
  const patientId = user.patientId;

  useEffect(() => {
    void pathname;
    void changes;
    if (patientId === null) return;
    let active = true;
    getJson(`patients/${patientId}/consensus/notification`, ConsentNotificationSchema, {
      context: { quiet: true },
    })
      .then((reply) => active && setNotification(reply))
      .catch(() => undefined); // a dot that cannot be computed is simply not drawn
    return () => {
      active = false;
    };
  }, [patientId, pathname, changes]);

  const tone = notification ? TONE[notification.colour] : null;
  if (!notification || !tone) return null;
  const text = i18n._(NOTIFICATION_TEXT[notification.colour]);
  const count = notification.count;
  return <CountBadge count={count} tone={tone} label={t`${text}: ${count}`} className="consents-badge" />;
}
