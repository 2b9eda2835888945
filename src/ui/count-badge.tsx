/**
 * A count on a tab or a menu entry (spec 3 "Notification counts"), given by the badge that reads it (most from
 * src/session/notification-counts.ts). A count that cannot be read is not drawn.
 */
import type { JSX } from 'react';
import './count-badge.css';

/**
 * How urgent the count is: `alert` (red, the default: something waits for the user), `warning` (amber) and
 * `neutral` (grey), e.g. the consents' notification colours (spec section 4). One shape everywhere.
 */
export type BadgeTone = 'alert' | 'warning' | 'neutral';

/**
 * The one badge of tabs and menu entries. Nothing is drawn for 0: "nothing waiting" is the tab as it is.
 * `className`: the feature's own name for the badge, beside the shared look.
 */
export function CountBadge({
  count,
  label,
  className,
  tone = 'alert',
}: {
  count: number;
  label: string;
  className: string;
  tone?: BadgeTone;
}): JSX.Element | null {
  if (count <= 0) return null;
  return (
    <span
      className={`count-badge count-badge--${tone} ${className}`}
      role="status"
      aria-label={label}
      title={label}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
