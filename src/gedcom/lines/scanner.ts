import {
  LINE_BLANK,
  LINE_DELIMITER,
  LINE_LEADING_WHITESPACE,
  LINE_LEVEL_LEADING_ZERO,
  LINE_LEVEL_OVER_99,
  LINE_MALFORMED,
  LINE_TAG_INVALID,
  LINE_TAG_LOWER,
  LINE_XREF_INVALID,
  TERM_CR,
  TERM_CRLF,
  TERM_LF,
  TERM_LFCR,
  TERM_NONE,
} from './line-flags.js';
import { sameTagByte } from './tag-case.js';

const SPACE = 32;
const LF = 10;
const CR = 13;
const TAB = 9;
const AT = 64;

/** What {@link LineScanner.continuation} answers for a CONC and a CONT line. */
export const CONC_LINE = 1;
const CONT_LINE = 2;

/** Bytes of a tag: 1 for A-Z 0-9 _, 2 for a-z (LINE_TAG_LOWER), 3 for any other (LINE_TAG_INVALID), 0 for those that end it (space, tab, LF, CR). */
export const TAG_BYTE = new Uint8Array(256).fill(3);
for (let c = 48; c <= 57; c++) TAG_BYTE[c] = 1;
for (let c = 65; c <= 90; c++) TAG_BYTE[c] = 1;
for (let c = 97; c <= 122; c++) TAG_BYTE[c] = 2;
TAG_BYTE[95] = 1;
TAG_BYTE[SPACE] = TAG_BYTE[TAB] = TAG_BYTE[LF] = TAG_BYTE[CR] = 0;

/**
 * Splits a byte buffer into GEDCOM lines and tokenizes each one, without allocating: the
 * fields of the current line are offsets into `buf`. Terminators CR, LF, CRLF and LFCR (LFCR
 * only when the first terminator of the buffer is LF followed by CR). Never throws.
 *
 * Usage: `while (s.next()) { ...read s.level, s.tagStart ... }`.
 */
export class LineScanner {
  buf: Buffer = Buffer.alloc(0);
  /** Offset where the next line starts. */
  pos = 0;
  /** 1-based number of the current line (after next() returned true). */
  lineNo = 0;

  // fields of the current line
  lineStart = 0;
  contentStart = 0;
  lineEnd = 0;
  level = -1;
  xrefStart = 0;
  xrefEnd = 0;
  tagStart = 0;
  tagEnd = 0;
  valueStart = 0;
  valueEnd = 0;
  flags = 0;
  terminator = TERM_NONE;

  private lfcr = false;
  private sawTerminator = false;
  /** The first LF at or after the line last scanned (the end when none), and the first CR (or, in a range of a larger buffer, that LF when none is before it); -1 when not searched in this buffer. */
  private lfAt = -1;
  private crAt = -1;

  /** Offset where scanning stops (exclusive). */
  end = 0;

  /**
   * Scan `buf` from `start` to `end` (default: all of it); `firstLine` is the number given to
   * the first line; `lfcr` fixes the terminator mode (null: decide from the first terminator).
   */
  reset(buf: Buffer, firstLine = 1, lfcr: boolean | null = null, start = 0, end = buf.length): void {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.lineNo = firstLine - 1;
    this.lfcr = lfcr ?? false;
    this.sawTerminator = lfcr !== null;
    this.lfAt = this.crAt = -1;
  }

  /**
   * Continue with a new buffer (the unconsumed rest of the previous one plus the next chunk),
   * keeping the line count and terminator mode.
   */
  continueWith(buf: Buffer): void {
    this.buf = buf;
    this.pos = 0;
    this.end = buf.length;
    this.lfAt = this.crAt = -1;
  }

  /** True when the buffer uses LF+CR as one terminator. */
  get lfcrMode(): boolean {
    return this.lfcr;
  }

  /**
   * Advance to the next line. With `final === false` a line whose terminator may continue in
   * a later chunk is not consumed (returns false; `pos` stays at its start).
   *
   * One pass over the line's bytes: the tokens are read from its start, and the rest of the
   * payload is scanned for the terminator (no byte is read twice).
   */
  next(final = true): boolean {
    const buf = this.buf;
    const len = this.end;
    const p = this.pos;
    if (p >= len) return false;
    // the line ends at the first LF or CR from p, found by the native byte search (which cannot stop at
    // this.end: the first CR is searched so only when the buffer ends there, and then kept while it lies
    // ahead, once per buffer in a file without CR; in a range of a larger buffer, a record's lines, the
    // line's bytes are read for it)
    let lf = this.lfAt;
    if (lf < p) {
      lf = buf.indexOf(LF, p);
      if (lf < 0 || lf > len) lf = len;
      this.lfAt = lf;
    }
    let cr = this.crAt;
    if (cr < p) {
      if (len === buf.length) {
        cr = buf.indexOf(CR, p);
        if (cr < 0) cr = len;
      } else {
        // none before lf is all this line needs (the next line searches again)
        cr = p;
        while (cr < lf && buf[cr] !== CR) cr++;
      }
      this.crAt = cr;
    }
    const eol = cr < lf ? cr : lf;
    // a line whose terminator may continue in a later chunk is left for it
    if (!final && eol + 1 >= len) return false;
    let flags = 0;
    let i = p;
    while (i < eol) {
      // cast: i < eol <= this.end <= buf.length
      const c = buf[i] as number;
      if (c !== SPACE && c !== TAB) break;
      i++;
    }
    if (i > p) flags |= LINE_LEADING_WHITESPACE;
    const contentStart = i;
    let level = -1;
    let xrefStart = 0;
    let xrefEnd = 0;
    // tagStart stays -1 for a blank or malformed line (its tag and payload are empty, at the terminator)
    let tagStart = -1;
    let tagEnd = 0;
    let valueStart = 0;
    // the byte at i, read as LF at the line's end (the terminator or the end of the buffer)
    if (i >= eol) flags |= LINE_BLANK;
    else {
      // cast: i < eol <= buf.length
      let c = buf[i] as number;
      tokens: {
        const ls = i;
        let n = 0;
        while (c >= 48 && c <= 57) {
          n = n * 10 + (c - 48);
          // cast: i < eol <= buf.length
          c = ++i < eol ? (buf[i] as number) : LF;
        }
        const digits = i - ls;
        if (digits === 0 || digits > 9 || (c !== SPACE && c !== TAB)) break tokens;
        if (digits > 1 && buf[ls] === 48) flags |= LINE_LEVEL_LEADING_ZERO;
        if (n > 99) flags |= LINE_LEVEL_OVER_99;
        i = this.delimiterEnd(i, eol);
        if (i < 0) {
          flags |= LINE_DELIMITER;
          i = -i;
        }
        if (i >= eol) break tokens;
        // cast: i < eol <= buf.length
        c = buf[i] as number;
        if (c === AT) {
          const xs = i;
          do {
            // cast: i < eol <= buf.length
            c = ++i < eol ? (buf[i] as number) : LF;
          } while (c !== AT && c !== SPACE && c !== TAB && c !== LF);
          if (c !== AT) break tokens;
          i++;
          if (i - xs <= 2) flags |= LINE_XREF_INVALID;
          // cast: i < eol <= buf.length
          c = i < eol ? (buf[i] as number) : LF;
          if (c !== SPACE && c !== TAB) break tokens;
          xrefStart = xs;
          xrefEnd = i;
          i = this.delimiterEnd(i, eol);
          if (i < 0) {
            flags |= LINE_DELIMITER;
            i = -i;
          }
          if (i >= eol) break tokens;
          // cast: i < eol <= buf.length
          c = buf[i] as number;
        }
        tagStart = i;
        // cast: c is a byte, within the 256 entries
        for (let kind = TAG_BYTE[c] as number; kind !== 0; kind = TAG_BYTE[c] as number) {
          if (kind !== 1) flags |= kind === 2 ? LINE_TAG_LOWER : LINE_TAG_INVALID;
          // cast: i < eol <= buf.length
          c = ++i < eol ? (buf[i] as number) : LF;
        }
        tagEnd = i;
        level = n;
        if (c === SPACE || c === TAB) {
          if (c === TAB) flags |= LINE_DELIMITER;
          i++;
        }
        valueStart = i;
      }
    }
    let next: number;
    let term: number;
    if (eol >= len) {
      next = len;
      term = TERM_NONE;
    } else {
      const after = eol + 1 < len ? buf[eol + 1] : -1;
      if (buf[eol] === CR) {
        if (after === LF) {
          term = TERM_CRLF;
          next = eol + 2;
        } else {
          term = TERM_CR;
          next = eol + 1;
        }
      } else {
        if (!this.sawTerminator && after === CR) this.lfcr = true;
        if (this.lfcr && after === CR) {
          term = TERM_LFCR;
          next = eol + 2;
        } else {
          term = TERM_LF;
          next = eol + 1;
        }
      }
      this.sawTerminator = true;
    }
    this.pos = next;
    this.lineNo++;
    this.lineStart = p;
    this.lineEnd = eol;
    this.terminator = term;
    this.contentStart = contentStart;
    if (tagStart < 0) {
      if ((flags & LINE_BLANK) === 0) flags |= LINE_MALFORMED;
      this.level = -1;
      this.xrefStart = this.xrefEnd = 0;
      this.tagStart = this.tagEnd = this.valueStart = this.valueEnd = eol;
    } else {
      this.level = level;
      this.xrefStart = xrefStart;
      this.xrefEnd = xrefEnd;
      this.tagStart = tagStart;
      this.tagEnd = tagEnd;
      this.valueStart = valueStart;
      this.valueEnd = eol;
    }
    this.flags = flags;
    return true;
  }

  /**
   * The end of the delimiter at i (a space or tab): the offset after it, negated when it was not
   * one space. Stops at the terminator and at `len`.
   */
  private delimiterEnd(i: number, len: number): number {
    const buf = this.buf;
    let j = i + 1;
    while (j < len && (buf[j] === SPACE || buf[j] === TAB)) j++;
    return j === i + 1 && buf[i] === SPACE ? j : -j;
  }

  /**
   * True when the current line's tag is the upper-case standard tag `tag` (`HEAD`, `CONT`), case
   * folded as the tag interner folds it (`cont` is `CONT`, see tag-case.ts).
   */
  tagIs(tag: string): boolean {
    const n = this.tagEnd - this.tagStart;
    if (n !== tag.length) return false;
    const buf = this.buf;
    // cast: tagStart + k < tagEnd <= buf.length
    for (let k = 0; k < n; k++) if (!sameTagByte(buf[this.tagStart + k] as number, tag.charCodeAt(k))) return false;
    return true;
  }

  /**
   * Whether the current line's tag is CONC or CONT, case folded as {@link tagIs} folds it: CONC_LINE,
   * CONT_LINE, or 0 (one test of four bytes for the question every line of a record asks).
   */
  continuation(): number {
    const t = this.tagStart;
    if (this.tagEnd - t !== 4) return 0;
    const buf = this.buf;
    // `| 0x20` folds exactly the upper-case letter onto its lower case here (C, O, N and T differ from c, o, n and t by that bit only)
    // cast: t + 3 < tagEnd <= buf.length
    if (((buf[t] as number) | 0x20) !== 0x63 || ((buf[t + 1] as number) | 0x20) !== 0x6f || ((buf[t + 2] as number) | 0x20) !== 0x6e) return 0;
    // cast: as above
    const last = (buf[t + 3] as number) | 0x20;
    return last === 0x63 ? CONC_LINE : last === 0x74 ? CONT_LINE : 0;
  }

  /** Code of the current tag's bytes as a latin1 string (ASCII for valid tags). */
  tagText(): string {
    return this.buf.toString('latin1', this.tagStart, this.tagEnd);
  }
}
