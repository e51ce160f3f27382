import type { GedcomRecord } from '../model.js';
import type { RecordLineReader } from '../parse/record-lines.js';
import { payloadBudget } from '../write/canonical.js';
import type { CanonicalOptions } from '../write/canonical.js';

const AT = 64;
const LF = 10;
const CR = 13;
const LETTER_A = 65;
const LETTER_Z = 90;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
/** Largest number of an `@X123@` pointer whose output xref the dense cache holds. */
const DENSE_MAX = 1 << 22;

/**
 * Records written canonically (write/canonical.ts canonicalRecordText) with every xref and pointer
 * passed through `map`, read from their source lines without building their trees. `map` must
 * answer an xref the same way every time: the output xref of an `@X123@` pointer is kept in a
 * dense table by its letter and number, found from the pointer's bytes (most pointers name a
 * record another line names too).
 */
export class RemappedLines {
  /** Source levels of the lines open above the current one (the tree's path). */
  private open = new Int32Array(64);
  private readonly dense: (string | undefined)[][] = [];
  /** Tag texts by tag code (lines/tag-code.ts): a code is the tag's bytes, so its text is made once. */
  private readonly tags = new Map<number, string>();

  constructor(private readonly map: (x: string) => string) {}

  /**
   * The canonical text of the record's tree remapped; null when a line needs the tree to be
   * written canonically. The lines written this way are those the tree holds as they are: no
   * CONC or CONT line (a continued value is folded and split again), no malformed line, no `@`
   * in a value (escapes), no value longer than a canonical line holds, a tag of at most four
   * ASCII letters, and an xref on the first line only. Each line is written at the depth the
   * tree gives it, as the canonical writer does.
   */
  text(lines: RecordLineReader, rec: GedcomRecord, opts: CanonicalOptions): string | null {
    const span = rec.span;
    if (span === null || rec.materialized) return null;
    const eol = opts.eol;
    let text = '';
    let depth = 0;
    lines.open(span);
    while (lines.next()) {
      if (lines.malformed || lines.continuation) return null;
      const code = lines.tagCode();
      if (code === 0) return null;
      const at = this.depthOf(depth, lines.level);
      depth = at + 1;
      let line = String(at);
      if (lines.hasXref) {
        if (at !== 0 || rec.xref === null) return null;
        line += ' ' + this.map(rec.xref);
      }
      line += ' ' + this.tagText(code);
      if (lines.isPointer) line += ' ' + this.pointer(lines);
      else {
        const value = plainValue(lines);
        if (value === null) return null;
        if (!opts.isV7 && value.length > payloadBudget(line.length, opts)) return null;
        if (value !== '') line += ' ' + value;
      }
      text += line + eol;
    }
    return text;
  }

  /** The depth in the tree of a line of `level` after lines whose path is `open[0, depth)` (the root stays open; a line closes the open lines not above it); opens it. */
  private depthOf(depth: number, level: number): number {
    let open = this.open;
    // cast: 0 < depth - 1 < depth <= open.length
    while (depth > 1 && (open[depth - 1] as number) >= level) depth--;
    if (depth === open.length) {
      const wider = new Int32Array(2 * open.length);
      wider.set(open);
      this.open = open = wider;
    }
    open[depth] = level;
    return depth;
  }

  /** The output xref of the current line's pointer (`@VOID@` stays). */
  private pointer(lines: RecordLineReader): string {
    const b = lines.source;
    const s = lines.valueStart;
    const e = lines.valueEnd;
    // cast: s + 1 < e <= b.length (a pointer has at least three bytes)
    const letter = b[s + 1] as number;
    let number = -1;
    // `@`, a letter, 1 to 7 digits without a leading zero, `@`
    if (e - s >= 4 && e - s <= 10 && letter >= LETTER_A && letter <= LETTER_Z && (e - s === 4 || b[s + 2] !== DIGIT_0)) {
      number = 0;
      for (let i = s + 2; i < e - 1 && number >= 0; i++) {
        // cast: s + 2 <= i < e - 1, the pointer's digits
        const c = b[i] as number;
        number = c >= DIGIT_0 && c <= DIGIT_9 ? number * 10 + c - DIGIT_0 : -1;
      }
    }
    if (number < 0 || number > DENSE_MAX) return this.remapped(lines.pointer());
    const table = (this.dense[letter] ??= []);
    let hit = table[number];
    if (hit === undefined) table[number] = hit = this.remapped(lines.pointer());
    return hit;
  }

  private tagText(code: number): string {
    let text = this.tags.get(code);
    if (text === undefined) {
      text = '';
      for (let c = code; c > 0; c = Math.floor(c / 256)) text = String.fromCharCode(c % 256) + text;
      this.tags.set(code, text);
    }
    return text;
  }

  private remapped(pointer: string): string {
    return pointer === '@VOID@' ? pointer : this.map(pointer);
  }
}

/** The current line's value as the tree holds it, when it is written as it is (no `@` to escape, no line break); null otherwise. */
function plainValue(lines: RecordLineReader): string | null {
  const b = lines.source;
  const s = lines.valueStart;
  const e = lines.valueEnd;
  let ascii = true;
  for (let i = s; i < e; i++) {
    // cast: s <= i < e, the line's value range
    const c = b[i] as number;
    if (c === AT || c === LF || c === CR) return null;
    if (c >= 0x80) ascii = false;
  }
  // ASCII bytes are the same text in UTF-8 and every single-byte decoding (as materialize.ts decodes them)
  if (ascii) return b.toString('latin1', s, e);
  const value = lines.plainValue ? lines.value() : null;
  return value === null || value.includes('\n') || value.includes('\r') ? null : value;
}
