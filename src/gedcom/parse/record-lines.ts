import type { RecordSpan } from '../model.js';
import { LineScanner } from '../lines/scanner.js';
import { LINE_BLANK, LINE_MALFORMED } from '../lines/line-flags.js';
import { isPointer } from '../lines/pointer.js';
import { tagCodeOfBytes } from '../lines/tag-code.js';
import type { MaterializeContext } from './materialize.js';
import { decodeSingle } from './materialize.js';

const EMPTY = Buffer.alloc(0);
const AT = 64;

/** Decodes the pointer of the current line. */
export interface PointerText {
  pointer(): string;
}

/** Ids of pointers, found from the bytes of a pointer as written. */
export interface PointerTable {
  idOfBytes(buf: Buffer, start: number, end: number, text: PointerText): number;
}

/**
 * Reads the lines of one record straight from the source bytes, decoding only the tags, values
 * and pointers asked for. Lets an index visit millions of records without building their trees.
 * It reports lines as written: CONC / CONT are not folded, so a caller that needs a value a
 * continuation line extends must fall back to the record's tree (see model.ts for the folding).
 */
export class RecordLineReader {
  /** Whether {@link value} was called since the last {@link next} (a caller that moves `scanner` itself clears it). */
  valueRead = false;

  /** `s`: the scanner over `bytes` whose line the reader reads; a caller may pass one it moves itself (the parse's, to read each line as it is tokenized). */
  constructor(
    private readonly bytes: Buffer,
    private readonly ctx: MaterializeContext,
    private readonly s = new LineScanner(),
  ) {}

  /** Start at the first line of a record. */
  open(span: RecordSpan): void {
    this.s.reset(this.bytes, span.line, this.ctx.lfcr, span.start, span.end);
  }

  /** Drop the reference to the bytes (the reader stays usable after the next `open`). */
  close(): void {
    this.s.reset(EMPTY);
  }

  /** Advance to the next non-blank line; false after the last one. */
  next(): boolean {
    const s = this.s;
    this.valueRead = false;
    while (s.next()) if ((s.flags & LINE_BLANK) === 0) return true;
    return false;
  }

  /** True when the line could not be tokenized (its tree node is a `raw` one). */
  get malformed(): boolean {
    return (this.s.flags & LINE_MALFORMED) !== 0;
  }

  get level(): number {
    return this.s.level;
  }

  get hasXref(): boolean {
    return this.s.xrefEnd > 0;
  }

  /** The tag's code (lines/tag-code.ts): the tag as the parse's interner answers it, packed in one integer, without making a string. */
  tagCode(): number {
    const s = this.s;
    return tagCodeOfBytes(this.bytes, s.tagStart, s.tagEnd);
  }

  /** The bytes the lines are read from (the payload of the current line is source[valueStart, valueEnd)). */
  get source(): Buffer {
    return this.bytes;
  }

  /** Where the current line's payload starts in {@link source}, as written (escapes not removed). */
  get valueStart(): number {
    return this.s.valueStart;
  }

  get valueEnd(): number {
    return this.s.valueEnd;
  }

  /**
   * Whether the payload's bytes decode part by part: any piece of them cut at ASCII bytes is, as
   * {@link text}, the same piece of {@link value}. True when the payload is no pointer, has no `@`
   * (no escape) and is ASCII or of a UTF-8 source (a single-byte or ANSEL decoding may join a
   * byte with the next).
   */
  get plainValue(): boolean {
    const s = this.s;
    const b = this.bytes;
    const utf8 = this.ctx.utf8;
    for (let i = s.valueStart; i < s.valueEnd; i++) {
      // cast: valueStart <= i < valueEnd, the line's value range of these bytes
      const c = b[i] as number;
      if (c === AT || (c >= 0x80 && !utf8)) return false;
    }
    return true;
  }

  /** The text of source[start, end), a range of a {@link plainValue} payload, as the value holds it. */
  text(start: number, end: number): string {
    return decodeSingle(this.ctx, this.bytes, start, end);
  }

  /** A CONC or CONT line (whatever its place). */
  get continuation(): boolean {
    return this.s.continuation() !== 0;
  }

  /** True when the payload is a pointer (`@X1@`): the node's `pointer`, with `value` ''. */
  get isPointer(): boolean {
    const s = this.s;
    return isPointer(this.bytes, s.valueStart, s.valueEnd);
  }

  /** The pointer of a pointer line, as the tree holds it. */
  pointer(): string {
    const s = this.s;
    const b = this.bytes;
    // cast: valueStart <= i < valueEnd, the line's value range of these bytes
    for (let i = s.valueStart; i < s.valueEnd; i++) if ((b[i] as number) >= 0x80) return this.ctx.codec.decode(b, s.valueStart, s.valueEnd);
    return b.toString('latin1', s.valueStart, s.valueEnd);
  }

  /** The id in `table` of the pointer of a pointer line, looked up from its bytes. */
  pointerIn(table: PointerTable): number {
    const s = this.s;
    return table.idOfBytes(this.bytes, s.valueStart, s.valueEnd, this);
  }

  /** The node's `value` when no continuation line follows: '' for a pointer line. */
  value(): string {
    this.valueRead = true;
    if (this.isPointer) return '';
    return decodeSingle(this.ctx, this.bytes, this.s.valueStart, this.s.valueEnd);
  }
}
