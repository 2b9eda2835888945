import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { keepLiveStream } from '../api/live-events';
import { currentUserAtom } from './session-atoms';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = (): void => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The signed-in tab's live stream, open while the tab is visible: a hidden tab on a phone would keep a
 * connection (and the radio) awake for nothing, and reconnecting announces every topic anyway.
 */
export function LiveChannel(): null {
  const userId = useAtomValue(currentUserAtom)?.id;
  const visible = useDocumentVisible();
  useEffect(() => {
    if (userId === undefined || !visible) return;
    const stop = new AbortController();
    void keepLiveStream(stop.signal);
    return () => stop.abort();
  }, [userId, visible]);
  return null;
}
