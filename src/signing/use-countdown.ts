import { useEffect, useState } from 'react';

function secondsUntil(until: string | null): number {
  return until ? Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0;
}

/** Whole seconds left until `until` (ISO), ticking every second; 0 once passed or when absent. */
export function useCountdown(until: string | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    const tick = (): void => setSeconds(secondsUntil(until));
    tick();
    if (!until) return;
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}
