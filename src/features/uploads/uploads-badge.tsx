/**
 * The uploadedDocuments notification count (spec 3): uploads waiting for a physician's review, or for a
 * patient the reviews not seen yet. Drawn on the tab or menu entry; refreshed on every navigation and
 * when the uploads screen changes something.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { JSX } from 'react';
import type { CurrentUser } from '../../contract/user';
import { CountBadge, useLiveCount } from '../../ui/count-badge';
import { fetchNotifications } from './api';
import { uploadsVersionAtom } from './atoms';

const UPLOAD_TOPICS = ['uploadedDocuments'] as const;
const readCount = (): Promise<number> => fetchNotifications().then((reply) => reply.uploadedDocuments);

export default function UploadsBadge({ user }: { user: CurrentUser }): JSX.Element | null {
  const { t } = useLingui();
  const count = useLiveCount(UPLOAD_TOPICS, readCount, useAtomValue(uploadsVersionAtom));
  const label =
    user.userType === 'PHY'
      ? t`Documenti da approvare: ${count}`
      : t`Documenti esaminati dal medico da vedere: ${count}`;
  return <CountBadge count={count} label={label} className="uploads-badge" />;
}
