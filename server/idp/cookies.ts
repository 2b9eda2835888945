import type { Configuration } from 'oidc-provider';

/**
 * The IdP's cookies. On https the names carry the `__Host-` prefix (the browser then insists on Secure,
 * Path=/ and no Domain, so no other host or plain-http page can plant or shadow them); on plain http
 * (localhost) the prefix cannot be used and the plain names stay, limited to the IdP's path.
 * oidc-provider pins the resume cookie's path to the authorization URL, so it can only be `__Secure-`.
 */
export function providerCookies(
  publicUrl: string,
  basePath: string,
  keys: string[],
): NonNullable<Configuration['cookies']> {
  if (!isHttps(publicUrl)) {
    return {
      keys,
      // Only the IdP's own paths need the session cookie; the portal's requests do not carry it.
      long: { httpOnly: true, sameSite: 'lax', path: basePath },
      short: { httpOnly: true, sameSite: 'lax' },
    };
  }
  const options = { httpOnly: true, sameSite: 'lax', secure: true, path: '/' } as const;
  return {
    keys,
    names: {
      session: '__Host-session',
      interaction: '__Host-interaction',
      resume: '__Secure-interaction_resume',
    },
    long: options,
    short: options,
  };
}

export function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}
