import type { KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { noteBrowser, sendNewDeviceNotice } from '../services/security/new-device';
import { recordGrant, touchGrant } from '../services/security/sessions-seen';
import type { SmsSender } from '../services/sms/outbox';
import { pickLocale } from './locale';
import { presentedHashes } from './trusted-device';

export interface SessionSeenDeps {
  db: Database;
  config: ServerConfig;
  logger: Logger;
  smsSender: SmsSender;
  clock?: () => Date;
}

/**
 * A new grant (a login): records the browser behind it for the device list and, when the user had not
 * logged in from this browser for 90 days, tells them. Never fails the login: a failure is logged.
 */
export async function seeNewGrant(
  ctx: KoaContextWithOIDC,
  deps: SessionSeenDeps,
  grant: { grantId: string; subject: string },
): Promise<void> {
  const now = deps.clock?.() ?? new Date();
  try {
    const recorded = await recordGrant(deps.db, {
      ...grant,
      userAgent: ctx.req.headers['user-agent'],
      trustedHashes: presentedHashes(ctx.req),
      now,
    });
    if (!recorded) return;
    const novelty = await noteBrowser(deps.db, { userId: recorded.userId, agent: recorded.agent, now });
    if (novelty !== 'new') return;
    const how = await sendNewDeviceNotice(deps.db, deps.smsSender, {
      userId: recorded.userId,
      agent: recorded.agent,
      language: pickLocale(ctx.req, { uiLocales: ctx.oidc?.params?.ui_locales }),
      publicUrl: deps.config.publicUrl,
      now,
    });
    deps.logger.info('idp.new_device_notice', { user: recorded.userId, channel: how });
  } catch (error) {
    deps.logger.warn('idp.session_record_failed', { error: (error as Error).message });
  }
}

/** A token request (code exchange or refresh): the session's last use. */
export function touchGrantOf(ctx: KoaContextWithOIDC, deps: SessionSeenDeps): void {
  const { RefreshToken, AuthorizationCode } = ctx.oidc.entities;
  const grantId = (RefreshToken ?? AuthorizationCode)?.grantId;
  if (!grantId) return;
  touchGrant(deps.db, grantId, deps.clock?.() ?? new Date()).catch((error: Error) =>
    deps.logger.warn('idp.grant_touch_failed', { error: error.message }),
  );
}
