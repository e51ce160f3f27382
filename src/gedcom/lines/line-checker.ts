import type { DiagnosticLog } from '../diagnostics.js';
import { GEDCOM_INPUT_LIMITS } from '../limits.js';
import type { LineScanner } from './scanner.js';
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
  TERM_LFCR,
  TERM_NONE,
  TERMINATOR_NAMES,
} from './line-flags.js';
import { tagFoldsToUpper } from './tag-case.js';

/** Counts characters of [start, end) for line length limits. */
export type CharCounter = (buf: Buffer, start: number, end: number) => number;

export const countBytes: CharCounter = (_buf, start, end) => end - start;

export const countUtf8Chars: CharCounter = (buf, start, end) => {
  let n = 0;
  // cast: start <= i < end, and callers pass a range of buf
  for (let i = start; i < end; i++) if (((buf[i] as number) & 0xc0) !== 0x80) n++;
  return n;
};

export const countAnselChars: CharCounter = (buf, start, end) => {
  let n = 0;
  for (let i = start; i < end; i++) {
    // cast: start <= i < end, and callers pass a range of buf
    const b = buf[i] as number;
    if (b < 0xe0 || b === 0xfc || b === 0xfd || b === 0xff) n++;
  }
  return n;
};

/**
 * Turns the scanner's per-line flags into diagnostics and keeps line statistics. Shared by
 * parse and inspect so both report the same codes on the same lines.
 */
export class LineChecker {
  readonly terminatorCounts = [0, 0, 0, 0, 0];
  firstTerminator = TERM_NONE;
  maxLevel = 0;
  maxLineLength = 0;
  lineCount = 0;
  blankLines = 0;
  /**
   * A line ending with this terminator, at most this many bytes long and without flags has no finding
   * but a level jump or a long 5.x xref (the first terminator unless it is LF CR, reported on every line;
   * the longest line so far, within the engine's and 5.x's limits).
   */
  private quietTerminator = -1;
  private quietLength = 0;
  /** Level of the previous line with structure, -1 before the first one. */
  private prevLevel = -1;

  constructor(
    private readonly log: DiagnosticLog,
    private readonly isV7: boolean,
    private readonly countChars: CharCounter,
  ) {}

  /**
   * The terminator and the longest length of a line {@link quiet} may count: a line with this
   * terminator, at most this long, without flags and without an xref has no finding but a level jump
   * (-1 while no terminator was seen).
   */
  get quietTerminatorKind(): number {
    return this.quietTerminator;
  }

  get quietLineLength(): number {
    return this.quietLength;
  }

  /**
   * Count line `line` at `level` as {@link check} would, for a caller that scanned it itself and
   * found it quiet (see {@link quietTerminatorKind}); false, counting nothing, when its level jumps
   * (then the line goes through the scanner and check).
   */
  quiet(line: number, level: number): boolean {
    const prev = this.prevLevel;
    if (prev < 0 || level > prev + 1) return false;
    this.lineCount = line;
    const term = this.quietTerminator;
    // cast: the quiet terminator is one of TERM_LF .. TERM_CR (1..3), within the five counters
    this.terminatorCounts[term] = (this.terminatorCounts[term] as number) + 1;
    this.prevLevel = level;
    if (level > this.maxLevel) this.maxLevel = level;
    return true;
  }

  /** Check the scanner's current line. Returns false for blank and malformed lines. */
  check(s: LineScanner): boolean {
    const line = s.lineNo;
    this.lineCount = line;
    const term = s.terminator;
    const byteLen = s.lineEnd - s.lineStart;
    // the common line: no flag, the first terminator (LF, CRLF or CR), no longer than a line already measured and within the limits
    if (s.flags === 0 && term === this.quietTerminator && byteLen <= this.quietLength) {
      // cast: the scanner's terminator is one of TERM_NONE .. TERM_LFCR (0..4), the five counters
      this.terminatorCounts[term] = (this.terminatorCounts[term] as number) + 1;
      return this.structure(s, line);
    }
    return this.checkAll(s, line, term, byteLen);
  }

  private checkAll(s: LineScanner, line: number, term: number, byteLen: number): boolean {
    const log = this.log;
    // cast: the scanner's terminator is one of TERM_NONE .. TERM_LFCR (0..4), the five counters
    this.terminatorCounts[term] = (this.terminatorCounts[term] as number) + 1;
    if (term !== TERM_NONE) {
      if (this.firstTerminator === TERM_NONE) {
        this.firstTerminator = term;
        if (term !== TERM_LFCR) this.quietTerminator = term;
      } else if (term !== this.firstTerminator) {
        log.add('LINE_TERMINATORS_MIXED', line, `terminator ${TERMINATOR_NAMES[term]} differs from the first one (${TERMINATOR_NAMES[this.firstTerminator]})`);
      }
      if (term === TERM_LFCR) log.add('LINE_TERMINATOR_LFCR', line, 'LF CR terminator', this.isV7 ? 'error' : 'info');
    }
    if (byteLen > GEDCOM_INPUT_LIMITS.maxLineBytes)
      log.add('LINE_OVER_LIMIT', line, `line has ${byteLen} bytes (engine limit ${GEDCOM_INPUT_LIMITS.maxLineBytes})`);
    if (byteLen > this.maxLineLength || (!this.isV7 && byteLen > 255)) {
      const chars = this.countChars(s.buf, s.lineStart, s.lineEnd);
      if (chars > this.maxLineLength) {
        this.maxLineLength = chars;
        this.quietLength = Math.min(chars, this.isV7 ? GEDCOM_INPUT_LIMITS.maxLineBytes : 255);
      }
      if (!this.isV7 && chars > 255) log.add('LINE_TOO_LONG', line, `line has ${chars} characters (5.x limit 255)`);
    }
    const flags = s.flags;
    if (flags & LINE_BLANK) {
      this.blankLines++;
      if (term !== TERM_NONE || byteLen > 0) log.add('LINE_BLANK', line, 'blank line', this.isV7 ? 'error' : 'warning');
      return false;
    }
    if (term === TERM_NONE) log.add('LINE_NO_FINAL_TERMINATOR', line, 'last line has no terminator');
    if (flags & LINE_LEADING_WHITESPACE) log.add('LINE_LEADING_WHITESPACE', line, 'leading whitespace', this.isV7 ? 'error' : 'warning');
    if (flags & LINE_MALFORMED) {
      log.add('LINE_MALFORMED', line, 'line is not "level [xref] tag [value]"');
      return false;
    }
    if (flags & LINE_LEVEL_LEADING_ZERO) log.add('LINE_LEVEL_LEADING_ZERO', line, 'level has a leading zero');
    if (flags & LINE_LEVEL_OVER_99 && !this.isV7) log.add('LINE_LEVEL_OVER_99', line, `level ${s.level} exceeds 99`);
    if (flags & LINE_DELIMITER) log.add('LINE_DELIMITER', line, 'delimiter is not a single space');
    if (flags & LINE_TAG_LOWER && tagFoldsToUpper(s.buf, s.tagStart, s.tagEnd))
      log.add('TAG_CASE_NORMALIZED', line, 'standard tag not in upper case; read in upper case');
    if (flags & LINE_TAG_INVALID) log.add('LINE_TAG_INVALID', line, 'tag has characters other than A-Z a-z 0-9 _');
    else if (this.isV7 && flags & LINE_TAG_LOWER) log.add('LINE_TAG_INVALID', line, 'GEDCOM 7 tags are upper case');
    if (flags & LINE_XREF_INVALID) log.add('LINE_XREF_INVALID', line, 'empty xref');
    return this.structure(s, line);
  }

  /** The checks of a line with structure that its flags do not carry: xref length, level jump. */
  private structure(s: LineScanner, line: number): boolean {
    const level = s.level;
    if (s.xrefEnd - s.xrefStart > 22 && !this.isV7 && (s.flags & LINE_XREF_INVALID) === 0)
      this.log.add('LINE_XREF_TOO_LONG', line, 'xref longer than 22 characters (5.x limit)');
    const prev = this.prevLevel;
    if (prev >= 0 && level > prev + 1) this.log.add('LINE_LEVEL_JUMP', line, `level ${level} follows level ${prev}`);
    this.prevLevel = level;
    if (level > this.maxLevel) this.maxLevel = level;
    return true;
  }

  /** The dominant terminator (most lines), LF when there is none. */
  dominantTerminator(): 'LF' | 'CRLF' | 'CR' | 'LFCR' {
    let best = 1;
    // cast: t and best are in 1..4, within the five counters
    for (let t = 2; t <= 4; t++) if ((this.terminatorCounts[t] as number) > (this.terminatorCounts[best] as number)) best = t;
    // cast: best is in 1..4, whose names are these four (0 is 'none')
    return TERMINATOR_NAMES[best] as 'LF' | 'CRLF' | 'CR' | 'LFCR';
  }
}
