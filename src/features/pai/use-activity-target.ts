import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A reminder's tap opens `/pai/{paiId}?activity={activityId}` (server/services/pai/dates.ts): once the plan
 * is shown, that activity is brought into view.
 */
export function useActivityTarget(ready: boolean): void {
  const { search } = useLocation();
  const target = new URLSearchParams(search).get('activity');
  useEffect(() => {
    if (!ready || !target || !/^\d{1,10}$/.test(target)) return;
    document
      .getElementById(`pai-activity-${target}`)
      ?.closest('article')
      ?.scrollIntoView({ block: 'center' });
  }, [ready, target]);
}
