/** Bytes of the sidecar's stderr a launch keeps by default: the last ones, which a crash report needs. */
export const STDERR_KEPT_BYTES = 65_536;

/**
 * The last `limit` bytes a child wrote on stderr, and how many came before them and were dropped.
 * Text is cut at a UTF-8 character boundary, so the kept part always decodes whole.
 */
export class StderrWindow {
  private chunks: Buffer[] = [];
  private kept = 0;
  private droppedBytes = 0;

  constructor(private readonly limit: number = STDERR_KEPT_BYTES) {}

  /** Bytes written before the kept ones, and dropped. */
  get dropped(): number {
    return this.droppedBytes;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.kept += chunk.length;
    if (this.kept <= this.limit) return;
    const all = Buffer.concat(this.chunks);
    let start = all.length - this.limit;
    // Never start inside a character: skip its continuation bytes (10xxxxxx).
    while (start < all.length && ((all[start] ?? 0) & 0xc0) === 0x80) start++;
    this.droppedBytes += start;
    this.chunks = [all.subarray(start)];
    this.kept = all.length - start;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
