/**
 * Mounts the side menu when it is wanted (src/ui/side-menu-demand.ts): at once where the split pane shows it,
 * otherwise at the first press of a menu button. Its code is a chunk of its own, precached with the shell.
 */
import { useAtom } from 'jotai';
import type { JSX } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { sideMenuDemandAtom } from '../ui/side-menu-demand';

const SideMenu = lazy(() => import('./side-menu').then((module) => ({ default: module.SideMenu })));

export function SideMenuHost({ splitPaneWhen }: { splitPaneWhen: string }): JSX.Element | null {
  const [demand, setDemand] = useAtom(sideMenuDemandAtom);
  useEffect(() => {
    if (demand.wanted) return;
    const wide = window.matchMedia(splitPaneWhen);
    const follow = (): void => {
      if (wide.matches) setDemand((current) => ({ ...current, wanted: true }));
    };
    follow();
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, [demand.wanted, splitPaneWhen, setDemand]);
  if (!demand.wanted) return null;
  return (
    <Suspense fallback={null}>
      <SideMenu />
    </Suspense>
  );
}
