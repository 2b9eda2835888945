/** The uploads of the screen, reloaded on demand (pull to refresh, after every change). */
import type { MessageDescriptor } from '@lingui/core';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureMessage } from '../../api/error-report';
import type { UploadedDocument } from '../../contract/uploads';
import { fetchUploads } from './api';
import { uploadsVersionAtom } from './atoms';

export interface UploadsState {
  status: 'loading' | 'ready' | 'error';
  reason: MessageDescriptor | null;
  documents: UploadedDocument[];
  reload: () => Promise<void>;
}

export function useUploads(): UploadsState {
  const [status, setStatus] = useState<UploadsState['status']>('loading');
  const [reason, setReason] = useState<MessageDescriptor | null>(null);
  const [documents, setDocuments] = useState<UploadedDocument[]>([]);
  const bumpVersion = useSetAtom(uploadsVersionAtom);
  const generation = useRef(0);

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++generation.current;
    try {
      const list = await fetchUploads();
      if (mine !== generation.current) return;
      setDocuments(list.documents);
      setStatus('ready');
      // Reading the list marks the patient's reviews as seen: the badge asks again.
      bumpVersion((version) => version + 1);
    } catch (error) {
      if (mine !== generation.current) return;
      setReason(failureMessage(error));
      setStatus('error');
    }
  }, [bumpVersion]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { status, reason, documents, reload };
}
