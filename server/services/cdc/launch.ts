import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import { LaunchPage } from '../../../src/contract';
import type { Database } from '../../db/client';
import { cdcContexts, cdcUsedLaunches, patients, users } from '../../db/schema';
import { isStaff } from '../users';
import { type DemoLauncherKey, LAUNCH_ALG } from './keys';

/** A launch token lives at most two minutes: long enough to open a window, too short to share. */
export const MAX_LAUNCH_LIFETIME_S = 120;
/** A context session made by the launcher is as short-lived. */
export const CONTEXT_TTL_MS = MAX_LAUNCH_LIFETIME_S * 1000;
const CLOCK_TOLERANCE_S = 5;

/** Who is launched, on which patient, to which page. */
export interface LaunchContext {
  subject: string;
  /** The staff user's name, for the portal's "continue as …?" when the browser has another login. */
  displayName: string;
  patientId: number;
  page: LaunchPage;
}

/** The claims the hospital application signs: the staff user's username, the patient's fiscal code, a page. */
const LaunchClaims = v.object({
  sub: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)),
  jti: v.pipe(v.string(), v.minLength(16), v.maxLength(128)),
  iat: v.number(),
  exp: v.number(),
  patient: v.pipe(v.string(), v.nonEmpty(), v.maxLength(32)),
  page: LaunchPage,
});

/** Staff user and patient of a launch, or null when either is unknown or the user may not be launched. */
async function resolve(
  db: Database,
  user: { username?: string; subject?: string },
  patient: { fiscalCode?: string; id?: number },
  page: LaunchPage,
): Promise<LaunchContext | null> {
  const [staff] = await db
    .select()
    .from(users)
    .where(user.subject ? eq(users.subject, user.subject) : eq(users.username, user.username ?? ''))
    .limit(1);
  if (!staff?.enabled || !isStaff(staff)) return null;
  const [row] = await db
    .select({ id: patients.mepiId })
    .from(patients)
    .where(patient.id ? eq(patients.mepiId, patient.id) : eq(patients.fiscalCode, patient.fiscalCode ?? ''))
    .limit(1);
  return row ? { subject: staff.subject, displayName: staff.displayName, patientId: row.id, page } : null;
}

/**
 * Redeems a launch token: signature by the launcher's keys, audience the portal, at most two minutes of
 * life, and its `jti` recorded so it works once, in every process (the primary key decides between
 * parallel redemptions). Null for any refusal: the caller answers the one catalogue error.
 */
export async function redeemLaunchToken(
  db: Database,
  keys: JWTVerifyGetKey,
  audience: string,
  token: string,
): Promise<LaunchContext | null> {
  const claims = await verifiedLaunchClaims(keys, audience, token);
  if (!claims) return null;
  const { sub, jti, exp, patient, page } = claims;
  const recorded = await db
    .insert(cdcUsedLaunches)
    .values({ jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: cdcUsedLaunches.jti });
  if (recorded.length === 0) return null;
  return resolve(db, { username: sub }, { fiscalCode: patient }, page);
}

/** The claims of a launch token with a valid signature, audience and lifetime, or null. */
async function verifiedLaunchClaims(
  keys: JWTVerifyGetKey,
  audience: string,
  token: string,
): Promise<v.InferOutput<typeof LaunchClaims> | null> {
  const verified = await jwtVerify(token, keys, {
    audience,
    algorithms: [LAUNCH_ALG, 'RS256', 'PS256', 'EdDSA'],
    requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    clockTolerance: CLOCK_TOLERANCE_S,
  }).catch(() => null);
  const claims = v.safeParse(LaunchClaims, verified?.payload);
  if (!claims.success || claims.output.exp - claims.output.iat > MAX_LAUNCH_LIFETIME_S) return null;
  return claims.output;
}

/**
 * Who a launch token would log in, without redeeming it (the browser asks first when it holds another
 * login): the same checks as the redemption, and the `jti` must not be used yet, but nothing is recorded.
 */
export async function previewLaunchToken(
  db: Database,
  keys: JWTVerifyGetKey,
  audience: string,
  token: string,
): Promise<LaunchContext | null> {
  const claims = await verifiedLaunchClaims(keys, audience, token);
  if (!claims) return null;
  const [used] = await db
    .select({ jti: cdcUsedLaunches.jti })
    .from(cdcUsedLaunches)
    .where(eq(cdcUsedLaunches.jti, claims.jti))
    .limit(1);
  if (used) return null;
  return resolve(db, { username: claims.sub }, { fiscalCode: claims.patient }, claims.page);
}

/** The same for a context session id: open and not expired, left as it is. */
export async function previewContext(
  db: Database,
  id: string,
  now = new Date(),
): Promise<LaunchContext | null> {
  const [row] = await db
    .select()
    .from(cdcContexts)
    .where(and(eq(cdcContexts.id, id), isNull(cdcContexts.usedAt), gt(cdcContexts.expiresAt, now)))
    .limit(1);
  const page = v.safeParse(LaunchPage, row?.page);
  if (!row || !page.success) return null;
  return resolve(db, { subject: row.subject }, { id: Number(row.patientId) }, page.output);
}

/** Redeems a context session id once, before it expires; the update's row lock decides between parallel calls. */
export async function redeemContext(
  db: Database,
  id: string,
  now = new Date(),
): Promise<LaunchContext | null> {
  const [row] = await db
    .update(cdcContexts)
    .set({ usedAt: now })
    .where(and(eq(cdcContexts.id, id), isNull(cdcContexts.usedAt), gt(cdcContexts.expiresAt, now)))
    .returning();
  const page = v.safeParse(LaunchPage, row?.page);
  if (!row || !page.success) return null;
  return resolve(db, { subject: row.subject }, { id: Number(row.patientId) }, page.output);
}

/** What a launcher asks to open: the staff user's username, the patient's fiscal code, a page. */
export interface LaunchRequest {
  username: string;
  fiscalCode: string;
  page: LaunchPage;
}

/** Signs a launch token as the hospital application would (the demo launcher). */
export function signLaunchToken(
  key: DemoLauncherKey,
  audience: string,
  request: LaunchRequest,
  lifetimeS = 60,
): Promise<string> {
  return new SignJWT({ patient: request.fiscalCode, page: request.page })
    .setProtectedHeader({ alg: LAUNCH_ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(request.username)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeS)
    .sign(key.privateKey);
}

/** Makes a context session for `/mecdc?id=`: a 128-bit random id, one use, two minutes. Null: unknown people. */
export async function createContext(db: Database, request: LaunchRequest): Promise<string | null> {
  const context = await resolve(
    db,
    { username: request.username },
    { fiscalCode: request.fiscalCode },
    request.page,
  );
  if (!context) return null;
  const id = randomBytes(16).toString('base64url');
  await db.insert(cdcContexts).values({
    id,
    subject: context.subject,
    patientId: String(context.patientId),
    page: context.page,
    expiresAt: new Date(Date.now() + CONTEXT_TTL_MS),
  });
  return id;
}

/** Forgets redeemed tokens and context sessions that could no longer be used anyway. */
export async function sweepLaunches(db: Database, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - 60_000);
  await db.delete(cdcUsedLaunches).where(lt(cdcUsedLaunches.expiresAt, before));
  await db.delete(cdcContexts).where(lt(cdcContexts.expiresAt, before));
}
