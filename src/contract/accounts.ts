import * as v from 'valibot';
import { AuthenticationResponse } from './security-webauthn';
import { UserType } from './user';

/**
 * One account of the signed-in person: `u<user id>` for a user of their own (a physician's, the same
 * person's patient account), `g<grant id>` for a guest acting for the patient who granted it.
 */
export const AccountId = v.pipe(v.string(), v.regex(/^[ug][1-9][0-9]{0,9}$/));
export type AccountId = v.InferOutput<typeof AccountId>;

/**
 * A proof of a fresh second factor (a step-up): the authenticator's code (staff, and the switch into a
 * staff account), a code sent by SMS to the phone on record (patients and guests, on the account
 * security page), or an assertion of one of the user's passkeys (docs/decisions.md "Step-up to a staff
 * account", "Passkeys (security)").
 */
export const StepUpMethod = v.picklist(['totp', 'sms', 'passkey']);
export type StepUpMethod = v.InferOutput<typeof StepUpMethod>;

export const Account = v.object({
  id: AccountId,
  userType: UserType,
  displayName: v.string(),
  /** A guest account's patient ("Mario Rossi"); null for the others. */
  patientName: v.nullable(v.string()),
  /** The account the token in use acts as. */
  current: v.boolean(),
  /** What switching to this account asks first, any one of them; empty: nothing more than a confirmation. */
  stepUp: v.array(StepUpMethod),
});
export type Account = v.InferOutput<typeof Account>;

/** `GET /account/accounts`: the caller's accounts, the current one among them. */
export const AccountList = v.object({ accounts: v.array(Account) });
export type AccountList = v.InferOutput<typeof AccountList>;

/** The authenticator's current 6-digit code (TOTP). */
export const TotpStepUp = v.object({
  method: v.literal('totp'),
  code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
});

/** The 6-digit code just sent by SMS (`POST /security/stepUpCode`), single use. */
export const SmsStepUp = v.object({
  method: v.literal('sms'),
  code: v.pipe(v.string(), v.regex(/^\d{6}$/)),
});

/** A passkey's answer to the challenge of `POST /security/passkeys/stepUpOptions`. */
export const PasskeyStepUp = v.object({ method: v.literal('passkey'), response: AuthenticationResponse });

/** One proof of the step-up. */
export const StepUpProof = v.variant('method', [TotpStepUp, SmsStepUp, PasskeyStepUp]);
export type StepUpProof = v.InferOutput<typeof StepUpProof>;

/** `POST /account/switch`: `stepUp` when the account lists a step-up method. */
export const AccountSwitchBody = v.object({ accountId: AccountId, stepUp: v.optional(StepUpProof) });
export type AccountSwitchBody = v.InferOutput<typeof AccountSwitchBody>;

/** The new tokens, as the token endpoint answers them (the refresh token carries no `openid`). */
export const AccountSwitchReply = v.object({
  access_token: v.pipe(v.string(), v.minLength(1)),
  refresh_token: v.pipe(v.string(), v.minLength(1)),
  token_type: v.string(),
  expires_in: v.pipe(v.number(), v.integer()),
  scope: v.string(),
});
export type AccountSwitchReply = v.InferOutput<typeof AccountSwitchReply>;
