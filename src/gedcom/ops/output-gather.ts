import type { SourceText } from '../source-text.js';

/** Bytes gathered before a chunk is handed out (about the size of a file system write that costs no more than a small one). */
const GATHER_BYTES = 64 * 1024;

/**
 * The output's chunks gathered into a few large ones: a chunk per record made the caller write
 * (and hash) each record on its own, one system call per record. Source bytes of adjacent
 * records are one slice, taken when the run ends; each method returns a chunk ready to write, or
 * null while it gathers. The bytes and their order are those added.
 */
export class ChunkGather {
  private runStart = -1;
  private runEnd = -1;
  private readonly pieces: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly source: SourceText) {}

  /** The source's bytes [start, end) come next. */
  span(start: number, end: number): Buffer | null {
    if (this.runStart >= 0 && this.runEnd === start && this.runEnd - this.runStart < GATHER_BYTES) {
      this.runEnd = end;
      return null;
    }
    const ready = this.closeRun();
    this.runStart = start;
    this.runEnd = end;
    return ready;
  }

  /** `bytes` come next. */
  add(bytes: Buffer): Buffer | null {
    const ready = this.closeRun();
    this.pieces.push(bytes);
    this.bytes += bytes.length;
    return ready ?? (this.bytes >= GATHER_BYTES ? this.flush() : null);
  }

  /** What is left, once everything was added (null when nothing is). */
  end(): Buffer | null {
    return this.closeRun() ?? (this.bytes > 0 ? this.flush() : null);
  }

  private closeRun(): Buffer | null {
    if (this.runStart < 0) return null;
    const bytes = this.source.fileBytes(this.runStart, this.runEnd);
    this.runStart = this.runEnd = -1;
    this.pieces.push(bytes);
    this.bytes += bytes.length;
    return this.bytes >= GATHER_BYTES ? this.flush() : null;
  }

  private flush(): Buffer {
    // cast: flush is called with at least one piece gathered
    const chunk = this.pieces.length === 1 ? (this.pieces[0] as Buffer) : Buffer.concat(this.pieces, this.bytes);
    this.pieces.length = 0;
    this.bytes = 0;
    return chunk;
  }
}
