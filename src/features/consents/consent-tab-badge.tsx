/**
 * The consents notification on the Consents tab (spec section 4): green when no invitation is pending,
 * grey when all are invitations, yellow otherwise. Colour alone says nothing to everyone, so the dot
 * carries the count when there is one and an accessible label in words. Refreshed on every navigation,
 * so signing a consent updates it.
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
import { NOTIFICATION_TEXT } from './consent-labels';
import './consent-tab-badge.css';

/** An invitation arriving (or withdrawn) changes the dot at once. */
const CONSENT_TOPICS = ['consents'] as const;

export default function ConsentTabBadge({ user }: { user: CurrentUser }): JSX.Element | null {
  const { i18n } = useLingui();
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

  if (!notification) return null;
  const text = i18n._(NOTIFICATION_TEXT[notification.colour]);
  return (
    // The count is drawn by CSS (`data-count`): the tab's text stays its label, the words are in aria-label.
    <span
      className={`consent-tab-dot dot-${notification.colour}`}
      role="img"
      aria-label={text}
      title={text}
      data-count={notification.count > 0 ? String(notification.count) : ''}
    />
  );
}
