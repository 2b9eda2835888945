import { and, asc, eq, gte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordExportChunks } from '../../db/schema';

/** Bytes per stored row: big enough for few round trips, small enough that a row is never a burden. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Where the zip's bytes go as they are made: kept until a chunk is full, then written as one row. `flush`
 * is awaited between entries, so at most one chunk (plus the entry being added) is ever held.
 */
export class ChunkWriter {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private seq = 0;
  /** Everything written so far, stored or pending. */
  bytes = 0;
  /** The most bytes this writer ever held at once: what the memory bound is tested on. */
  peakPendingBytes = 0;

  constructor(
    private readonly db: Database,
    private readonly exportId: number,
  ) {}

  /** The zip's output callback: takes the bytes, writes nothing yet. */
  push(data: Uint8Array): void {
    if (data.byteLength === 0) return;
    this.pending.push(data);
    this.pendingBytes += data.byteLength;
    this.bytes += data.byteLength;
    this.peakPendingBytes = Math.max(this.peakPendingBytes, this.pendingBytes);
  }

  /** Writes every full chunk held; with `all`, the last partial one too. */
  async flush(all = false): Promise<void> {
    while (this.pendingBytes >= CHUNK_BYTES || (all && this.pendingBytes > 0)) {
      const joined = join(this.pending, this.pendingBytes);
      const size = Math.min(CHUNK_BYTES, joined.byteLength);
      await this.db
        .insert(recordExportChunks)
        .values({ exportId: this.exportId, seq: this.seq++, data: joined.subarray(0, size) });
      const rest = joined.subarray(size);
      this.pending = rest.byteLength > 0 ? [rest] : [];
      this.pendingBytes = rest.byteLength;
    }
  }
}

function join(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/** Drops what an interrupted or expired build stored. */
export async function deleteChunks(db: Database, exportId: number): Promise<void> {
  await db.delete(recordExportChunks).where(eq(recordExportChunks.exportId, exportId));
}

/** The stored archive as a stream that reads one chunk per pull: the reply never holds the whole file. */
export function chunkStream(db: Database, exportId: number): ReadableStream<Uint8Array> {
  let seq = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [row] = await db
        .select({ seq: recordExportChunks.seq, data: recordExportChunks.data })
        .from(recordExportChunks)
        .where(and(eq(recordExportChunks.exportId, exportId), gte(recordExportChunks.seq, seq)))
        .orderBy(asc(recordExportChunks.seq))
        .limit(1);
      if (!row) {
        controller.close();
        return;
      }
      seq = row.seq + 1;
      controller.enqueue(new Uint8Array(row.data));
    },
  });
}
