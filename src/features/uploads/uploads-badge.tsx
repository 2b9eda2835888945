/**
 * The uploadedDocuments notification count (spec 3): uploads waiting for a physician's review, or for a
 * patient the reviews not seen yet. Drawn on the tab or menu entry; refreshed on every navigation and
 * when the uploads screen changes something.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import type { CurrentUser } from '../../contract/user';
import { useNotificationCount } from '../../session/notification-counts';
import { CountBadge } from '../../ui/count-badge';
import { uploadsVersionAtom } from './atoms';

const UPLOAD_TOPICS = ['uploadedDocuments'] as const;

export default function UploadsBadge({ user }: { user: CurrentUser }): JSX.Element | null {
  const { t } = useLingui();
  const count = useNotificationCount('uploadedDocuments', UPLOAD_TOPICS, useAtomValue(uploadsVersionAtom));
  const label =
    user.userType === 'PHY'
      ? t`Documenti da approvare: ${count}`
      : t`Documenti esaminati dal medico da vedere: ${count}`;
  return <CountBadge count={count} label={label} className="uploads-badge" />;
}
