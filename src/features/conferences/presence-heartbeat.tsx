/**
 * Presence for videoconferences: while the portal is open and visible, it tells the server every 30 s
 * (the server counts a user online for 75 s after the last beat, so one lost beat changes nothing). A
 * hidden tab stops beating, and the user goes offline when the time runs out.
 */
import { useEffect } from 'react';
import { sendHeartbeat } from './api';

const HEARTBEAT_MS = 30_000;

export default function PresenceHeartbeat(): null {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | null = null;
    const beat = (): void => void sendHeartbeat().catch(() => undefined);
    const follow = (): void => {
      if (timer) clearInterval(timer);
      timer = null;
      if (document.visibilityState !== 'visible') return;
      beat();
      timer = setInterval(beat, HEARTBEAT_MS);
    };
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => {
      document.removeEventListener('visibilitychange', follow);
      if (timer) clearInterval(timer);
    };
  }, []);
  return null;
}
