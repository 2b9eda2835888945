/**
 * The `amr` of a login made by a context-sharing launch (server/idp/cdc-session.ts): the API reads it as
 * the principal's `authenticationMethod`, and the PIN-only signature (`/sign/cdc`) requires it.
 */
export const LAUNCH_AMR = 'cdc';
