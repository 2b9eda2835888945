import { useEffect, useState } from 'react';
import { timelineHeight } from './timeline-config';

/** Header, tab bar, the zoom bar and the hint: what the page keeps besides the timeline. */
const RESERVED_PX = 250;

/** The timeline's height for the current viewport, kept up to date on resize and rotation. */
export function useTimelineHeight(): number {
  const [height, setHeight] = useState(() => timelineHeight(window.innerHeight, RESERVED_PX));
  useEffect(() => {
    const update = (): void => setHeight(timelineHeight(window.innerHeight, RESERVED_PX));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}
