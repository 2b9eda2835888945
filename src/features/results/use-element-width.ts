import type { RefObject } from 'react';
import { useEffect, useState } from 'react';

/**
 * The element's content width, followed as it changes (rotation, the split pane opening): the chart draws
 * in CSS pixels, so its text stays legible at 360 px instead of shrinking with a scaled viewBox.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
