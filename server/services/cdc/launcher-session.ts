import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import { demoLauncherKey, LAUNCH_ALG } from './keys';

/** The demo launcher page's own session: set with the page, presented with each launch it asks for. */
export const LAUNCHER_SESSION_COOKIE = 'demo_launcher_session';
export const LAUNCHER_SESSION_LIFETIME_S = 60 * 60;
const TYPE = 'demo-launcher-session+jwt';

/**
 * Signed with the demo launcher's key (kept in the database), so any process checks what another issued.
 * Its audience and type are its own: it is never a launch token, whose audience is the portal.
 */
const audienceOf = (publicUrl: string): string => `${publicUrl}/demo/launcher`;

export async function issueLauncherSession(db: Database, publicUrl: string): Promise<string> {
  const key = await demoLauncherKey(db);
  return new SignJWT({})
    .setProtectedHeader({ alg: LAUNCH_ALG, kid: key.kid, typ: TYPE })
    .setAudience(audienceOf(publicUrl))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + LAUNCHER_SESSION_LIFETIME_S)
    .sign(key.privateKey);
}

export async function launcherSessionValid(
  db: Database,
  publicUrl: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token) return false;
  const { publicJwk } = await demoLauncherKey(db);
  try {
    await jwtVerify(token, publicJwk, {
      audience: audienceOf(publicUrl),
      algorithms: [LAUNCH_ALG],
      typ: TYPE,
      requiredClaims: ['exp', 'iat'],
    });
    return true;
  } catch {
    return false;
  }
}
