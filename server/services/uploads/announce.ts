import { eq } from 'drizzle-orm';
import type { LiveNotice } from '../../../src/contract';
import type { Database } from '../../db/client';
import { uploadApprovers } from '../../db/schema';
import { publishLive } from '../live/publish';

type Audience = Omit<LiveNotice, 'topics'>;

/** The physicians whose count an upload is in: those it is addressed to, or every physician when none. */
export async function reviewersOf(db: Database, uploadId: number): Promise<Audience> {
  const rows = await db
    .select({ id: uploadApprovers.physicianUserId })
    .from(uploadApprovers)
    .where(eq(uploadApprovers.uploadId, uploadId));
  return rows.length > 0 ? { userIds: rows.map((row) => row.id) } : { roles: ['PHY'] };
}

/** After an upload changed: its reviewers' counts, and (once reviewed) the owner's count and dossier. */
export async function announceUpload(
  db: Database,
  reviewers: Audience,
  reviewedForOwner: number | null = null,
): Promise<void> {
  await publishLive(db, { topics: ['uploadedDocuments'], ...reviewers });
  if (reviewedForOwner !== null)
    await publishLive(db, { topics: ['uploadedDocuments', 'documents'], userIds: [reviewedForOwner] });
}
