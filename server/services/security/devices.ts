import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { SecurityDevice, SecurityDevices } from '../../../src/contract';
import type { Database } from '../../db/client';
import {
  oidcPayloads,
  pushSubscriptions,
  securityPushAgents,
  securitySessions,
  trustedDevices,
} from '../../db/schema';
import { describeAgent } from './devices-agent';
import { deviceIdOf } from './devices-ids';

/** The user's sessions whose grant still lives, newest use first (grant ids included, for revoking). */
export async function liveSessions(db: Database, userId: number, now: Date) {
  return db
    .select({
      grantId: securitySessions.grantId,
      browser: securitySessions.browser,
      system: securitySessions.system,
      trustedDeviceHash: securitySessions.trustedDeviceHash,
      firstUsedAt: securitySessions.firstUsedAt,
      lastUsedAt: securitySessions.lastUsedAt,
    })
    .from(securitySessions)
    .innerJoin(
      oidcPayloads,
      and(
        eq(oidcPayloads.type, 'Grant'),
        eq(oidcPayloads.id, securitySessions.grantId),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now)),
      ),
    )
    .where(eq(securitySessions.userId, userId))
    .orderBy(desc(securitySessions.lastUsedAt));
}

export async function liveRememberedDevices(db: Database, userId: number, now: Date) {
  return db
    .select()
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.revoked, false),
        gt(trustedDevices.expiresAt, now),
      ),
    )
    .orderBy(desc(trustedDevices.createdAt));
}

export async function pushDevices(db: Database, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
      lastShownAt: pushSubscriptions.lastShownAt,
      browser: securityPushAgents.browser,
      system: securityPushAgents.system,
    })
    .from(pushSubscriptions)
    .leftJoin(securityPushAgents, eq(securityPushAgents.subscriptionId, pushSubscriptions.id))
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
}

const latest = (...dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((best, date) => (date && (!best || date > best) ? date : best), null);

/**
 * `GET /security/devices`. "This device": the session of the token asking; the remembered device that
 * session signed in with or saved (its browser held the token at login); push devices are marked by the
 * page itself, which alone knows its endpoint.
 */
export async function listDevices(
  db: Database,
  input: { userId: number; grantId: string | undefined; now: Date },
): Promise<SecurityDevices> {
  const [sessions, remembered, push] = await Promise.all([
    liveSessions(db, input.userId, input.now),
    liveRememberedDevices(db, input.userId, input.now),
    pushDevices(db, input.userId),
  ]);
  const current = sessions.find((session) => session.grantId === input.grantId);
  return {
    sessions: sessions.map(
      (session): SecurityDevice => ({
        id: deviceIdOf('session', session.grantId),
        kind: 'session',
        browser: session.browser,
        system: session.system,
        firstUsedAt: session.firstUsedAt.toISOString(),
        lastUsedAt: session.lastUsedAt.toISOString(),
        current: session === current,
      }),
    ),
    remembered: remembered.map((device): SecurityDevice => {
      const agent = describeAgent(device.label);
      return {
        id: deviceIdOf('remembered', device.tokenHash),
        kind: 'remembered',
        browser: agent.browser,
        system: agent.system,
        firstUsedAt: device.createdAt.toISOString(),
        lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
        current: current?.trustedDeviceHash === device.tokenHash,
      };
    }),
    push: push.map(
      (device): SecurityDevice => ({
        id: deviceIdOf('push', device.endpoint),
        kind: 'push',
        browser: device.browser ?? '',
        system: device.system ?? '',
        firstUsedAt: device.createdAt.toISOString(),
        lastUsedAt: latest(device.lastSentAt, device.lastShownAt)?.toISOString() ?? null,
        current: false,
      }),
    ),
  };
}
