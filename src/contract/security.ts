import * as v from 'valibot';

/** NIST SP 800-63B: at least 12 characters, no composition rules (docs/decisions.md "Passwords"). */
export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase; a ceiling keeps the key derivation's cost bounded. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Why a new password is refused, as the field code of a `PASSWORD_REFUSED` reply: too short, too long,
 * one of the most common passwords, or containing the user's own identifiers.
 */
export const PasswordProblem = v.picklist(['tooShort', 'tooLong', 'common', 'personal']);
export type PasswordProblem = v.InferOutput<typeof PasswordProblem>;

/**
 * A new password as the contract takes it: only the ceiling here (a body's size limit); the floor, the
 * common list and the identifiers are the server's `passwordProblem`, answered as `PASSWORD_REFUSED`.
 */
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(1, 'required'),
  v.maxLength(PASSWORD_MAX_LENGTH * 4, 'tooLong'),
);
