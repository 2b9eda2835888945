/**
 * The uploads of the screen, reloaded on demand (pull to refresh, after every change). A failed reload
 * keeps the list on screen, marked stale.
 */
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import type { LoaderControl } from '../../api/use-loader';
import { useLoader } from '../../api/use-loader';
import type { UploadedDocumentList } from '../../contract/uploads';
import { fetchUploads } from './api';
import { uploadsVersionAtom } from './atoms';

/** A review or a new upload by someone else shows without a reload. */
const UPLOAD_TOPICS = ['uploadedDocuments'] as const;

export function useUploads(): LoaderControl<UploadedDocumentList> {
  const bumpVersion = useSetAtom(uploadsVersionAtom);
  // Reading the list marks the patient's reviews as seen: the badge asks again.
  const onLoaded = useCallback(() => bumpVersion((version) => version + 1), [bumpVersion]);
  return useLoader(fetchUploads, {
    keepOnError: true,
    onLoaded,
    refreshOnReturn: true,
    liveTopics: UPLOAD_TOPICS,
  });
}
