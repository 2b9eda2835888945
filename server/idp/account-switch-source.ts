/**
 * What an access token minted by an account switch takes its `amr` from: the refresh token it replaces
 * travels beside the new access token (the provider calls `extraTokenClaims` with no request context
 * there). A WeakMap: nothing outlives the token object.
 */
const sources = new WeakMap<object, { amr?: string[] | undefined }>();

export function rememberSwitchSource(token: object, source: { amr?: string[] | undefined }): void {
  sources.set(token, source);
}

export function switchedTokenSource(token: object): { amr?: string[] | undefined } | undefined {
  return sources.get(token);
}
