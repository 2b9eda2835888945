/**
 * Prints the current code of an authenticator key, as an authenticator app would show it:
 * `npx tsx tools/totp.ts DOSSIERDEMOSTAFFTOTPSECRETABCDEF` (the demo staff accounts' key).
 */
import { base32Decode, TOTP_STEP_SECONDS, totpCode } from '../server/auth/totp';

const secret = base32Decode(process.argv[2] ?? '');
if (!secret) {
  console.error('usage: npx tsx tools/totp.ts <base32 secret>');
  process.exit(2);
}
const now = new Date();
const left = TOTP_STEP_SECONDS - (Math.floor(now.getTime() / 1000) % TOTP_STEP_SECONDS);
console.log(totpCode(secret, now));
console.error(`valid for ${left} more seconds (and one step either side)`);
