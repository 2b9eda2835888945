import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { AccountSwitcher } from '../auth/principal';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { rememberSwitchSource } from './account-switch-source';
import { moveSessionToAccount } from './adapter';
import { ACCESS_TOKEN_TTL_SEC, apiResourceServer, untilAbsoluteLimit } from './provider-config';

/**
 * The refresh tokens of a switched account carry no `openid`: a refresh then answers no ID token, whose
 * new `sub` the portal's OIDC library would refuse as "another user". The portal reads who is signed in
 * from `GET /me`, never from the ID token.
 */
const withoutOpenid = (scope: string | undefined): string =>
  (scope ?? '')
    .split(' ')
    .filter((item) => item && item !== 'openid')
    .join(' ');

/** The live, unused refresh token of a grant (rotation leaves one), or undefined. */
async function currentRefreshTokenId(db: Database, grantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, 'RefreshToken'),
        eq(oidcPayloads.grantId, grantId),
        isNull(oidcPayloads.consumedAt),
        gt(oidcPayloads.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oidcPayloads.expiresAt))
    .limit(1);
  return row?.id;
}

/**
 * The account switch with the provider's own models: a new grant for the chosen account, the login
 * session moved to it (one switch wins a race), then a refresh token and a JWT access token built as the
 * refresh grant builds them (same session, `amr`, auth time and DPoP key), and the old grant revoked with
 * every token it issued.
 */
export function createAccountSwitcher(
  provider: Provider,
  db: Database,
  config: ServerConfig,
): AccountSwitcher {
  return async (from, toSubject) => {
    const oldId = await currentRefreshTokenId(db, from.grantId);
    const old = oldId ? await provider.RefreshToken.find(oldId) : undefined;
    if (!old?.isValid || old.accountId !== from.subject || (old.jkt ?? null) !== from.jkt) return null;
    const { sessionUid, clientId } = old;
    const session = sessionUid ? await provider.Session.findByUid(sessionUid) : undefined;
    const client = clientId ? await provider.Client.find(clientId) : undefined;
    const oldGrant = await provider.Grant.find(from.grantId);
    if (!session || !sessionUid || !client || !oldGrant) return null;

    const grant = new provider.Grant({ accountId: toSubject, clientId: client.clientId });
    grant.addOIDCScope(oldGrant.getOIDCScope());
    grant.addOIDCClaims(oldGrant.getOIDCClaims());
    for (const [resource, scope] of Object.entries(oldGrant.resources ?? {}))
      grant.addResourceScope(resource, scope);
    // Without a request the provider's TTL cannot see the login time: the 12 h limit is set here.
    Object.assign(grant, { expiresIn: untilAbsoluteLimit(session.loginTs) });
    const grantId = await grant.save();

    const moved = await moveSessionToAccount(db, {
      uid: sessionUid,
      clientId: client.clientId,
      from: { accountId: from.subject, grantId: from.grantId },
      to: { accountId: toSubject, grantId },
    });
    if (!moved) {
      await grant.destroy();
      return null;
    }
    await Promise.all([
      provider.RefreshToken.revokeByGrantId(from.grantId),
      provider.AccessToken.revokeByGrantId(from.grantId),
      oldGrant.destroy(),
    ]);

    const scope = withoutOpenid(old.scope);
    const common = {
      accountId: toSubject,
      client,
      expiresWithSession: old.expiresWithSession,
      grantId,
      gty: old.gty ?? 'refresh_token',
      sessionUid,
      sid: old.sid,
      ...(old.jkt ? { jkt: old.jkt } : {}),
    };
    const refresh = new provider.RefreshToken({
      ...common,
      acr: old.acr,
      amr: old.amr,
      authTime: old.authTime,
      iiat: old.iiat,
      resource: old.resource,
      scope,
    });
    const refreshToken = await refresh.save();

    const server = apiResourceServer(config);
    const access = new provider.AccessToken({ ...common, scope, aud: server.audience });
    access.resourceServer = new provider.ResourceServer(config.apiAudience, server);
    rememberSwitchSource(access, { amr: old.amr });
    const accessToken = await access.save();
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: access.tokenType,
      expires_in: ACCESS_TOKEN_TTL_SEC,
      scope,
    };
  };
}
