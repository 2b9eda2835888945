import * as v from 'valibot';

/**
 * PIN reset (spec sections 5 and 8): the user id (username) or fiscal code, then the 6-character code
 * sent by SMS; the new PIN arrives by SMS too. Both calls work without a token.
 */
const Identifier = v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'tooLong'));

export const PinResetRequest = v.object({ identifier: Identifier });
export type PinResetRequest = v.InferOutput<typeof PinResetRequest>;

export const PinResetConfirm = v.object({
  identifier: Identifier,
  code: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.regex(/^[A-Za-z0-9]{6}$/, 'invalid')),
});
export type PinResetConfirm = v.InferOutput<typeof PinResetConfirm>;

/** Where the code went (masked) and when another may be asked for. */
export const PinResetCodeSent = v.object({
  sentTo: v.string(),
  expiresAt: v.string(),
  resendAvailableAt: v.string(),
});
export type PinResetCodeSent = v.InferOutput<typeof PinResetCodeSent>;

/** The new PIN went to the same phone by SMS. */
export const PinResetDone = v.object({ sentTo: v.string() });
export type PinResetDone = v.InferOutput<typeof PinResetDone>;
