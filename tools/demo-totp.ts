/**
 * The demo staff's authenticator code, as an authenticator app holding DEMO_TOTP_SECRET shows it, for
 * scripts and e2e tests that log in as staff the way a person would.
 */

import { base32Decode, hotp, TOTP_STEP_SECONDS, totpStep } from '../server/auth/totp';
import { DEMO_TOTP_SECRET } from '../server/db/seed/demo-accounts';

export { DEMO_TOTP_SECRET };

// The last step whose code each user typed from this process: the IdP takes every code once.
const usedSteps = new Map<string, number>();

/**
 * A code not used yet from this process. A second login within the same 30 s takes the next step's
 * code (the IdP accepts one step either side); a third waits for the next step.
 */
export async function demoTotpCode(username: string): Promise<string> {
  const key = base32Decode(DEMO_TOTP_SECRET) ?? Buffer.alloc(0);
  const step = Math.max(totpStep(new Date()), (usedSteps.get(username) ?? 0) + 1);
  // A step's code is accepted from the start of the step before it.
  const waitMs = (step - 1) * TOTP_STEP_SECONDS * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 200));
  usedSteps.set(username, step);
  return hotp(key, step);
}
