/**
 * A screen loaded lazily: its code arrives with the screen; on an unmetered connection the others are
 * fetched (not run) while the browser is idle (src/app/preload.ts), so later navigations do not wait.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

export function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  const loader: Loader = () => load().then((module) => ({ default: pick(module) }));
  return lazy(loader);
}
