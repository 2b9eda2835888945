import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { announce } from '../api/live-events';
import { useAppBadge } from './push-badge';

/**
 * Messages of the service worker's push handler (public/push-sw.js): a push arrived, so the counts
 * and lists refetch (the live stream may be closed in a background tab); a tapped notification opens
 * its screen in the window already open. The app icon's badge follows the counts (push-badge.ts) while
 * `signedIn`.
 */
export function usePushMessages(signedIn: boolean): void {
  const navigate = useNavigate();
  useAppBadge(signedIn);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data)) return;
      if (data.type === 'PUSH_RECEIVED') {
        announce(['uploadedDocuments', 'messages', 'conferences', 'surveys', 'documents', 'consents']);
      } else if (data.type === 'OPEN_LINK' && 'link' in data && typeof data.link === 'string') {
        if (data.link.startsWith('/') && !data.link.startsWith('//')) navigate(data.link);
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}
