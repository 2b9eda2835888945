import { useEffect, useState } from 'react';

/** Tablets and desktops (from 768 px) get the table; phones the cards. */
export const WIDE_LAYOUT_QUERY = '(min-width: 768px)';

export function useWideLayout(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_LAYOUT_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_LAYOUT_QUERY);
    const update = (): void => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}
