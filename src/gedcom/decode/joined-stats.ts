import { ByteStatsCollector } from './byte-stats.js';
import type { ByteStats } from './byte-stats.js';

const LF = Buffer.from([10]);
/** A piece that is the line feed between two buffers (see {@link ConcJoinedStats.end}). */
const LINE_FEED = -1;

/**
 * Byte statistics of a stream read buffer by buffer, with every CONC line joined to the line before
 * it (its terminator and `n CONC ` prefix left out, as decode/conc-joined.ts does for a whole file):
 * exporters split multi-byte UTF-8 sequences across CONC lines. The pieces of a buffer are noted as
 * its lines go by and counted when it ends, in one look at the buffer when that says the same as the
 * pieces would (the bytes left out are ASCII and the buffer is valid UTF-8 whole), piece by piece
 * otherwise.
 */
export class ConcJoinedStats {
  private readonly stats: ByteStatsCollector;
  private buf: Buffer = Buffer.alloc(0);
  /** The current buffer's pieces: start and end pairs, or LINE_FEED twice. */
  private pieces = new Int32Array(64);
  private used = 0;
  /** Start of the piece being extended, and the end of the last line seen in the buffer (-1: none). */
  private pieceStart = 0;
  private lastEnd = -1;
  private lastTerminated = false;
  /** The previous buffer's last line had a terminator, not yet known to be joined by a CONC line. */
  private pendingTerminator = false;

  constructor(histogram: boolean) {
    this.stats = new ByteStatsCollector(histogram);
  }

  /** Lines of `buf` follow. */
  begin(buf: Buffer): void {
    this.buf = buf;
    this.used = 0;
    this.pieceStart = 0;
    this.lastEnd = -1;
  }

  /** A line of the buffer ended at `lineEnd` (before its terminator). */
  line(lineEnd: number, terminated: boolean): void {
    this.lastEnd = lineEnd;
    this.lastTerminated = terminated;
  }

  /** The line that starts now is a CONC line below level 0 whose payload starts at `valueStart`: it joins the line before. Call before {@link line}. */
  conc(valueStart: number): void {
    if (this.lastEnd >= this.pieceStart) this.piece(this.pieceStart, this.lastEnd);
    this.pendingTerminator = false;
    this.pieceStart = valueStart;
  }

  /** The buffer ends: count its pieces. */
  end(): void {
    if (this.lastEnd < 0) return;
    if (this.lastEnd >= this.pieceStart) this.piece(this.pieceStart, this.lastEnd);
    this.pendingTerminator = this.lastTerminated;
    this.count();
  }

  finish(): ByteStats {
    return this.stats.finish();
  }

  private piece(start: number, end: number): void {
    if (this.pendingTerminator) this.note(LINE_FEED, LINE_FEED);
    this.pendingTerminator = false;
    if (end > start) this.note(start, end);
  }

  private note(start: number, end: number): void {
    if (this.used + 2 > this.pieces.length) {
      const grown = new Int32Array(2 * this.pieces.length);
      grown.set(this.pieces);
      this.pieces = grown;
    }
    this.pieces[this.used++] = start;
    this.pieces[this.used++] = end;
  }

  private count(): void {
    const pieces = this.pieces;
    const buf = this.buf;
    // the span from the first piece's start to the last piece's end, and whether the bytes between pieces are ASCII
    let first = -1;
    let last = -1;
    let gapsAscii = true;
    for (let k = 0; k < this.used; k += 2) {
      // cast: k + 1 < used <= pieces.length
      const start = pieces[k] as number;
      if (start === LINE_FEED) continue;
      if (first < 0) first = start;
      // cast: last <= i < start, between two pieces of buf
      else for (let i = last; i < start && gapsAscii; i++) if ((buf[i] as number) >= 0x80) gapsAscii = false;
      last = pieces[k + 1] as number; // cast: as above
    }
    if (first >= 0 && gapsAscii && this.stats.pushUnlessInvalid(buf.subarray(first, last))) return;
    for (let k = 0; k < this.used; k += 2) {
      // cast: k + 1 < used <= pieces.length
      const start = pieces[k] as number;
      // cast: as above
      this.stats.push(start === LINE_FEED ? LF : buf.subarray(start, pieces[k + 1] as number));
    }
  }
}
