/**
 * A launch from another application (context sharing) is marked in local storage; on logout the
 * opener is told with `{ code: 'AUTOMATIC_LOGOUT' }` (spec section 4).
 */
export const EXTERNAL_LAUNCH_KEY = 'launchedFromExternalApp';

export function markExternalLaunch(): void {
  localStorage.setItem(EXTERNAL_LAUNCH_KEY, 'true');
}

export function isExternalLaunch(): boolean {
  return localStorage.getItem(EXTERNAL_LAUNCH_KEY) === 'true';
}

/** Read before local storage is cleared. */
export function notifyOpenerOfLogout(launchedExternally: boolean): void {
  if (!launchedExternally || !window.opener) return;
  try {
    // The opener's origin is not known to the portal; the message carries no data.
    (window.opener as Window).postMessage({ code: 'AUTOMATIC_LOGOUT' }, '*');
  } catch {
    // an opener that went away or was navigated elsewhere: nothing to tell
  }
}
