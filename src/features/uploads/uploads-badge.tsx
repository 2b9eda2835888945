/**
 * The uploadedDocuments notification count (spec 3): uploads waiting for a physician's review, or for a
 * patient the reviews not seen yet. Drawn on the tab or menu entry; refreshed on every navigation and
 * when the uploads screen changes something.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useLiveVersion } from '../../api/use-live-topic';
import type { CurrentUser } from '../../contract/user';
import { fetchNotifications } from './api';
import { uploadsVersionAtom } from './atoms';
import './uploads-badge.css';

const UPLOAD_TOPICS = ['uploadedDocuments'] as const;

export default function UploadsBadge({ user }: { user: CurrentUser }): JSX.Element | null {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const version = useAtomValue(uploadsVersionAtom);
  const [count, setCount] = useState(0);
  const changes = useLiveVersion(UPLOAD_TOPICS);

  useEffect(() => {
    void pathname;
    void version;
    void changes;
    let active = true;
    fetchNotifications()
      .then((reply) => active && setCount(reply.uploadedDocuments))
      .catch(() => undefined); // a count that cannot be read is simply not drawn
    return () => {
      active = false;
    };
  }, [pathname, version, changes]);

  if (count === 0) return null;
  const label =
    user.userType === 'PHY'
      ? t`Documenti da approvare: ${count}`
      : t`Documenti esaminati dal medico da vedere: ${count}`;
  return (
    <span className="uploads-badge" role="status" aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
