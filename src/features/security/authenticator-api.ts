import { getJson, sendJson } from '../../api/request';
import {
  AuthenticatorPending,
  AuthenticatorStatus,
  type AuthenticatorPending as Pending,
  type AuthenticatorStatus as Status,
} from '../../contract';

// Errors are shown inside the form, next to the code that caused them: no toast.
const quiet = { context: { quiet: true } };

export function fetchAuthenticatorStatus(): Promise<Status> {
  return getJson('security/authenticator', AuthenticatorStatus);
}

/** The current authenticator's code opens a new key (the old one keeps working). */
export function startReenrolment(code: string): Promise<Pending> {
  return sendJson(
    'post',
    'security/authenticator/start',
    { stepUp: { method: 'totp', code } },
    AuthenticatorPending,
    quiet,
  );
}

/** The new key's first code: from now on it is the key. */
export function confirmReenrolment(code: string): Promise<Status> {
  return sendJson('post', 'security/authenticator/confirm', { code }, AuthenticatorStatus, quiet);
}

/** The server's SVG as an image source: `img-src data:` is allowed, an inline SVG would need no more. */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The key in groups of four, easier to read out and to type. */
export const groupKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
