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
const TAB = 9;
const AT = 64;

/** Bytes allowed in a tag: 1 for A-Z 0-9 _, 2 for a-z (LINE_TAG_LOWER), 0 for any other. */
const TAG_CHAR = new Uint8Array(256);
for (let c = 48; c <= 57; c++) TAG_CHAR[c] = 1;
for (let c = 65; c <= 90; c++) TAG_CHAR[c] = 1;
for (let c = 97; c <= 122; c++) TAG_CHAR[c] = 2;
TAG_CHAR[95] = 1;

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
  }

  /**
   * Continue with a new buffer (the unconsumed rest of the previous one plus the next chunk),
   * keeping the line count and terminator mode.
   */
  continueWith(buf: Buffer): void {
    this.buf = buf;
    this.pos = 0;
    this.end = buf.length;
  }

  /** True when the buffer uses LF+CR as one terminator. */
  get lfcrMode(): boolean {
    return this.lfcr;
  }

  /**
   * Advance to the next line. With `final === false` a line whose terminator may continue in
   * a later chunk is not consumed (returns false; `pos` stays at its start).
   */
  next(final = true): boolean {
    const buf = this.buf;
    const len = this.end;
    const p = this.pos;
    if (p >= len) return false;

    // find the end of the line: a JS byte loop beats a native indexOf call per line
    let eol = p;
    while (eol < len) {
      // cast: eol < len = this.end = buf.length
      const c = buf[eol] as number;
      if (c === 10 || c === 13) break;
      eol++;
    }
    const cr = eol < len && buf[eol] === 13 ? eol : -1;
    let next: number;
    let term: number;
    if (eol >= len) {
      if (!final) return false;
      next = len;
      term = TERM_NONE;
    } else {
      if (!final && eol + 1 >= len) return false;
      const after = eol + 1 < len ? buf[eol + 1] : -1;
      if (eol === cr) {
        if (after === 10) {
          term = TERM_CRLF;
          next = eol + 2;
        } else {
          term = TERM_CR;
          next = eol + 1;
        }
      } else {
        if (!this.sawTerminator && after === 13) this.lfcr = true;
        if (this.lfcr && after === 13) {
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
    this.tokenize(p, eol);
    return true;
  }

  private tokenize(p: number, eol: number): void {
    const buf = this.buf;
    let flags = 0;
    let i = p;
    while (i < eol) {
      const c = buf[i];
      if (c !== SPACE && c !== TAB) break;
      i++;
    }
    if (i > p) flags |= LINE_LEADING_WHITESPACE;
    this.contentStart = i;
    this.xrefStart = this.xrefEnd = 0;
    if (i === eol) {
      this.level = -1;
      this.tagStart = this.tagEnd = this.valueStart = this.valueEnd = eol;
      this.flags = flags | LINE_BLANK;
      return;
    }
    // level
    const ls = i;
    let level = 0;
    while (i < eol) {
      // cast: i < eol <= len = buf.length
      const c = buf[i] as number;
      if (c < 48 || c > 57) break;
      level = level * 10 + (c - 48);
      i++;
    }
    const digits = i - ls;
    if (digits === 0 || digits > 9 || i === eol || (buf[i] !== SPACE && buf[i] !== TAB)) {
      this.malformed(eol, flags);
      return;
    }
    if (digits > 1 && buf[ls] === 48) flags |= LINE_LEVEL_LEADING_ZERO;
    if (level > 99) flags |= LINE_LEVEL_OVER_99;
    // delimiter
    i = this.skipDelimiter(i, eol);
    if (i < 0) {
      flags |= LINE_DELIMITER;
      i = -i;
    }
    if (i === eol) {
      this.malformed(eol, flags);
      return;
    }
    // xref
    if (buf[i] === AT) {
      const xs = i;
      i++;
      while (i < eol) {
        const c = buf[i];
        if (c === AT || c === SPACE || c === TAB) break;
        i++;
      }
      if (i === eol || buf[i] !== AT) {
        this.malformed(eol, flags);
        return;
      }
      i++;
      this.xrefStart = xs;
      this.xrefEnd = i;
      if (i - xs <= 2) flags |= LINE_XREF_INVALID;
      if (i === eol || (buf[i] !== SPACE && buf[i] !== TAB)) {
        this.malformed(eol, flags);
        return;
      }
      i = this.skipDelimiter(i, eol);
      if (i < 0) {
        flags |= LINE_DELIMITER;
        i = -i;
      }
      if (i === eol) {
        this.malformed(eol, flags);
        return;
      }
    }
    // tag
    const ts = i;
    while (i < eol) {
      // cast: i < eol <= len = buf.length
      const c = buf[i] as number;
      if (c === SPACE || c === TAB) break;
      const kind = TAG_CHAR[c];
      if (kind !== 1) flags |= kind === 2 ? LINE_TAG_LOWER : LINE_TAG_INVALID;
      i++;
    }
    this.tagStart = ts;
    this.tagEnd = i;
    if (i === eol) {
      this.valueStart = this.valueEnd = eol;
    } else {
      if (buf[i] === TAB) flags |= LINE_DELIMITER;
      this.valueStart = i + 1;
      this.valueEnd = eol;
    }
    this.level = level;
    this.flags = flags;
  }

  /** Skip the delimiter at i; returns the new offset, negated when it was not one space. */
  private skipDelimiter(i: number, eol: number): number {
    const buf = this.buf;
    if (buf[i] === SPACE && i + 1 < eol && buf[i + 1] !== SPACE && buf[i + 1] !== TAB) return i + 1;
    let j = i;
    while (j < eol && (buf[j] === SPACE || buf[j] === TAB)) j++;
    if (j === i + 1 && buf[i] === SPACE) return j;
    return -j;
  }

  private malformed(eol: number, flags: number): void {
    this.level = -1;
    this.xrefStart = this.xrefEnd = 0;
    this.tagStart = this.tagEnd = this.valueStart = this.valueEnd = eol;
    this.flags = flags | LINE_MALFORMED;
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

  /** Code of the current tag's bytes as a latin1 string (ASCII for valid tags). */
  tagText(): string {
    return this.buf.toString('latin1', this.tagStart, this.tagEnd);
  }
}
