import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { Language } from '../../../src/contract/language';
import { boundTokens } from '../../auth/bound-token';
import type { Database } from '../../db/client';
import { recordExports } from '../../db/schema';
import { chunkStream } from './chunks';
import { archiveFileName } from './contents';
import { isDownloadable } from './requests';

/** A download link lives a minute: enough for the browser to start it, too short to be passed around. */
const DOWNLOAD_LIFETIME_MS = 60 * 1000;

const tokens = boundTokens('meview/record-export-download/v1', DOWNLOAD_LIFETIME_MS);

export const downloadToken = (exportId: number, now: Date): string => tokens.tokenFor(exportId, now);

/**
 * The archive behind a valid download token, as a stream of its stored chunks with its size and file
 * name; null when the token is wrong or old, or the archive is no longer ready (deleted, expired).
 */
export async function archiveOfToken(
  db: Database,
  token: string,
  now: Date,
): Promise<{ stream: ReadableStream<Uint8Array>; bytes: number; filename: string } | null> {
  const id = tokens.idOf(token, now);
  if (id === null) return null;
  const [row] = await db.select().from(recordExports).where(eq(recordExports.id, id)).limit(1);
  if (!row || !isDownloadable(row, now) || row.bytes === null) return null;
  const day = (row.finishedAt ?? now).toISOString().slice(0, 10);
  const language = v.parse(Language, row.language);
  return {
    stream: chunkStream(db, id),
    bytes: row.bytes,
    filename: `${archiveFileName[language]}-${day}.zip`,
  };
}
