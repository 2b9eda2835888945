/**
 * Logout of a launched session (spec 4 and 7): `POST /v1/cdc/logout` ends the login at the server and
 * says where the window goes next. Loaded lazily by `sign-out.ts`, only for a launched session.
 */
import { sendJson } from '../api/request';
import { CdcLogoutReply } from '../contract/cdc';

export async function endLaunchedSession(accessToken: string): Promise<string | null> {
  const reply = await sendJson('post', 'v1/cdc/logout', { access_token: accessToken }, CdcLogoutReply, {
    context: { quiet: true },
  });
  const target = URL.parse(reply.redirectUrl, window.location.origin);
  // Only a web page: a javascript: or data: address from a misconfigured server is not followed.
  return target && (target.protocol === 'https:' || target.protocol === 'http:') ? target.href : null;
}
