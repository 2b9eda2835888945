import * as v from 'valibot';
import { StepUpProof } from './accounts';

/** `GET /security/authenticator`: when the staff member's authenticator was set up (null: never). */
export const AuthenticatorStatus = v.object({ enrolledAt: v.nullable(v.string()) });
export type AuthenticatorStatus = v.InferOutput<typeof AuthenticatorStatus>;

/** `POST /security/authenticator/start`: a fresh second factor, the current authenticator's code. */
export const AuthenticatorStartBody = v.object({ stepUp: StepUpProof });
export type AuthenticatorStartBody = v.InferOutput<typeof AuthenticatorStartBody>;

/**
 * The new key, waiting for its first code: as text (base32), as the `otpauth://` URI, and as the URI's QR
 * code drawn on the server (an SVG document, shown as an image). The old key works until the new one is
 * confirmed, or until `expiresAt` passes and nothing changed.
 */
export const AuthenticatorPending = v.object({
  secret: v.pipe(v.string(), v.regex(/^[A-Z2-7]+$/)),
  uri: v.pipe(v.string(), v.startsWith('otpauth://totp/')),
  qrSvg: v.pipe(v.string(), v.startsWith('<svg')),
  expiresAt: v.string(),
});
export type AuthenticatorPending = v.InferOutput<typeof AuthenticatorPending>;

/** `POST /security/authenticator/confirm`: the new key's first code. */
export const AuthenticatorConfirmBody = v.object({ code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'code')) });
export type AuthenticatorConfirmBody = v.InferOutput<typeof AuthenticatorConfirmBody>;
