import * as v from 'valibot';
import { UserType } from './user';

/**
 * One account of the signed-in person: `u<user id>` for a user of their own (a physician's, the same
 * person's patient account), `g<grant id>` for a guest acting for the patient who granted it.
 */
export const AccountId = v.pipe(v.string(), v.regex(/^[ug][1-9][0-9]{0,9}$/));
export type AccountId = v.InferOutput<typeof AccountId>;

export const Account = v.object({
  id: AccountId,
  userType: UserType,
  displayName: v.string(),
  /** A guest account's patient ("Mario Rossi"); null for the others. */
  patientName: v.nullable(v.string()),
  /** The account the token in use acts as. */
  current: v.boolean(),
});
export type Account = v.InferOutput<typeof Account>;

/** `GET /account/accounts`: the caller's accounts, the current one among them. */
export const AccountList = v.object({ accounts: v.array(Account) });
export type AccountList = v.InferOutput<typeof AccountList>;

/** `POST /account/switch`. */
export const AccountSwitchBody = v.object({ accountId: AccountId });
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
