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

// No live reload here: reading the list marks the patient's reviews as seen, so only the screen in view
// may read it (on return); the badge and the home hear the change live and point here.

export function useUploads(): LoaderControl<UploadedDocumentList> {
  const bumpVersion = useSetAtom(uploadsVersionAtom);
  // Reading the list marks the patient's reviews as seen: the badge asks again.
  const onLoaded = useCallback(() => bumpVersion((version) => version + 1), [bumpVersion]);
  return useLoader(fetchUploads, {
    keepOnError: true,
    onLoaded,
    refreshOnReturn: true,
  });
}
