import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ChunkWriter } from './chunks';

/** The zip format without ZIP64 (fflate writes none) ends at 4 GiB; stop well before it. */
export const ARCHIVE_MAX_BYTES = 4_000_000_000;

/** Text is deflated in pieces this big: few calls, little held. */
const TEXT_PIECE = 64 * 1024;

/**
 * A zip written entry by entry into a ChunkWriter: each entry's bytes go to the writer as they are made,
 * and each `await` lets the writer store its full chunks, so the archive is never held whole. PDFs are
 * stored as they are (already compressed); text is deflated.
 */
export class ArchiveWriter {
  private readonly zip: Zip;
  private failure: Error | null = null;

  constructor(private readonly sink: ChunkWriter) {
    this.zip = new Zip((error, data) => {
      if (error) this.failure = error;
      else sink.push(data);
    });
  }

  async addFile(path: string, bytes: Uint8Array, modified: Date): Promise<void> {
    const entry = new ZipPassThrough(path);
    entry.mtime = modified;
    this.zip.add(entry);
    entry.push(bytes, true);
    await this.settle();
  }

  /** A text entry written in parts (a page or a Bundle too large to hold as one string). */
  textFile(path: string, modified: Date): { write(text: string): Promise<void>; end(): Promise<void> } {
    const entry = new ZipDeflate(path, { level: 6 });
    entry.mtime = modified;
    this.zip.add(entry);
    const encoder = new TextEncoder();
    let held = '';
    return {
      write: async (text) => {
        held += text;
        if (held.length < TEXT_PIECE) return;
        entry.push(encoder.encode(held));
        held = '';
        await this.settle();
      },
      end: async () => {
        entry.push(encoder.encode(held), true);
        held = '';
        await this.settle();
      },
    };
  }

  async end(): Promise<number> {
    this.zip.end();
    await this.settle(true);
    return this.sink.bytes;
  }

  private async settle(all = false): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.sink.bytes > ARCHIVE_MAX_BYTES) throw new Error('ARCHIVE_TOO_LARGE');
    await this.sink.flush(all);
  }
}
