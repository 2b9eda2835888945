import * as v from 'valibot';
import { StepUpMethod, StepUpProof } from './accounts';
import { NewPassword } from './security';

/**
 * The account security page: what the fresh second factor of the signed-in account is, the
 * SMS code that proves it, and the password change.
 */
export const SecurityOverview = v.object({
  /** The account's username: password managers file the new password under it. */
  username: v.string(),
  /** The proofs a change on this page accepts, any one of them (patients and guests: sms; staff: totp). */
  stepUp: v.array(StepUpMethod),
  /** The phone on record, masked ("•••• 4567"); null: none, so no SMS code can be sent. */
  phone: v.nullable(v.string()),
  /** False for an account signed in elsewhere (an external identity provider): no password here. */
  hasPassword: v.boolean(),
});
export type SecurityOverview = v.InferOutput<typeof SecurityOverview>;

/** `POST /security/stepUpCode`: where the code went (masked) and when another may be asked for. */
export const StepUpCodeSent = v.object({
  sentTo: v.string(),
  expiresAt: v.string(),
  resendAvailableAt: v.string(),
});
export type StepUpCodeSent = v.InferOutput<typeof StepUpCodeSent>;

/** The password as typed: never trimmed (spaces are characters), bounded so a body cannot be huge. */
const TypedPassword = v.pipe(v.string(), v.nonEmpty('required'), v.maxLength(1024, 'tooLong'));

/** `POST /security/password`: the policy of the new one is the server's (`PASSWORD_REFUSED`). */
export const PasswordChangeBody = v.object({
  currentPassword: TypedPassword,
  newPassword: NewPassword,
  stepUp: StepUpProof,
});
export type PasswordChangeBody = v.InferOutput<typeof PasswordChangeBody>;

/** Done: the other sessions ended (grants), and the notice went by SMS when a phone is on record. */
export const PasswordChanged = v.object({
  otherSessionsEnded: v.pipe(v.number(), v.integer()),
  notified: v.boolean(),
});
export type PasswordChanged = v.InferOutput<typeof PasswordChanged>;
