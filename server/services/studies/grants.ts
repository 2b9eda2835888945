import { randomBytes } from 'node:crypto';

/** How long a viewer URL works. */
export const GRANT_TTL_MS = 5 * 60_000;

export interface StudyGrant {
  userId: number;
  patientId: number;
  studyId: string;
  expiresAt: Date;
}

/**
 * Grants behind the viewer URLs, kept in memory. The `view_grants` table references documents, not
 * studies, and a study grant lives five minutes: a server restart only means asking `show` again. With
 * several server instances behind a load balancer this must move to the database (or sticky sessions).
 */
const grants = new Map<string, StudyGrant>();

export function issueGrant(
  grant: Omit<StudyGrant, 'expiresAt'>,
  now: Date,
): { token: string; expiresAt: Date } {
  for (const [token, existing] of grants) if (existing.expiresAt <= now) grants.delete(token);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + GRANT_TTL_MS);
  grants.set(token, { ...grant, expiresAt });
  return { token, expiresAt };
}

/** The live grant of this token for this study, or null (unknown, expired, or for another study). */
export function findGrant(token: string, studyId: string, now: Date): StudyGrant | null {
  const grant = grants.get(token);
  if (!grant || grant.studyId !== studyId) return null;
  if (grant.expiresAt <= now) {
    grants.delete(token);
    return null;
  }
  return grant;
}
