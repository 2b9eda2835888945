import { createHash, randomBytes } from 'node:crypto';
import type Provider from 'oidc-provider';
import * as v from 'valibot';
import { LaunchTokens, type LaunchTokens as LaunchTokensReply } from '../../src/contract';
import { LAUNCH_AMR } from '../auth/cdc-amr';
import type { LaunchSessions } from '../auth/cdc-sessions';
import type { ServerConfig } from '../config';
import { API_SCOPES, clientRedirects } from './provider-config';

/** The address this process listens on, as seen from itself. */
function internalOrigin(config: ServerConfig): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = wildcard ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

export function launchSessions(provider: Provider, config: ServerConfig, basePath: string): LaunchSessions {
  const issuer = `${config.publicUrl}${basePath}`;
  const publicUrl = new URL(config.publicUrl);
  const [redirectUri] = clientRedirects(config).redirectUris;

  async function issue(subject: string, dpopProof: string | undefined): Promise<LaunchTokensReply | null> {
    const client = await provider.Client.find(config.oidcClientId);
    if (!client || !redirectUri) return null;
    const grant = new provider.Grant({ accountId: subject, clientId: client.clientId });
    grant.addOIDCScope(API_SCOPES);
    grant.addOIDCClaims(['name', 'preferred_username', 'user_type', 'email', 'email_verified']);
    grant.addResourceScope(config.apiAudience, API_SCOPES);
    const grantId = await grant.save();
    // PKCE is required of every code; the verifier never leaves this function.
    const verifier = randomBytes(32).toString('base64url');
    const code = new provider.AuthorizationCode({
      accountId: subject,
      client,
      grantId,
      scope: API_SCOPES,
      redirectUri,
      resource: config.apiAudience,
      codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
      codeChallengeMethod: 'S256',
      authTime: Math.floor(Date.now() / 1000),
      amr: [LAUNCH_AMR],
      gty: 'authorization_code',
    });
    const value = await code.save();
    const response = await fetch(`${internalOrigin(config)}${basePath}/token`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        // The provider builds its own URL (a proof's `htu`) from these, as behind the reverse proxy.
        'X-Forwarded-Proto': publicUrl.protocol.replace(':', ''),
        'X-Forwarded-Host': publicUrl.host,
        ...(dpopProof ? { DPoP: dpopProof } : {}),
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        code: value,
        code_verifier: verifier,
        redirect_uri: redirectUri,
      }),
    });
    const tokens = v.safeParse(LaunchTokens, await response.json().catch(() => null));
    if (response.ok && tokens.success) return tokens.output;
    await grant.destroy();
    return null;
  }

  async function end(grantId: string): Promise<void> {
    const grant = await provider.Grant.find(grantId);
    await grant?.destroy();
  }

  return { issue, end, tokenEndpoint: `${issuer}/token` };
}
