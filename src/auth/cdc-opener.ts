/**
 * A launch from another application (context sharing) is marked in local storage; on logout the
 * opener is told with `{ code: 'AUTOMATIC_LOGOUT' }` (spec section 4), at the origin the server named.
 */
export const EXTERNAL_LAUNCH_KEY = 'launchedFromExternalApp';
const OPENER_ORIGIN_KEY = 'launchOpenerOrigin';

export function markExternalLaunch(openerOrigin = '*'): void {
  localStorage.setItem(EXTERNAL_LAUNCH_KEY, 'true');
  localStorage.setItem(OPENER_ORIGIN_KEY, openerOrigin);
}

export function isExternalLaunch(): boolean {
  return localStorage.getItem(EXTERNAL_LAUNCH_KEY) === 'true';
}

/** Read before local storage is cleared: the flag and the opener's origin. */
export function launchOpenerOrigin(): string {
  return localStorage.getItem(OPENER_ORIGIN_KEY) ?? '*';
}

export function notifyOpenerOfLogout(launchedExternally: boolean, origin = '*'): void {
  if (!launchedExternally || !window.opener) return;
  try {
    // The message carries no data; a configured opener origin keeps it from any other page.
    (window.opener as Window).postMessage({ code: 'AUTOMATIC_LOGOUT' }, origin);
  } catch {
    // an opener that went away or was navigated elsewhere: nothing to tell
  }
}
