import type { GedcomNode } from '../model.js';
import { LineScanner } from '../lines/scanner.js';
import { LINE_BLANK, LINE_MALFORMED } from '../lines/line-flags.js';
import { isPointer } from '../lines/pointer.js';
import type { MaterializeContext } from './materialize.js';
import { checkSegmentsLimit, decodeSegments, decodeSingle, isAsciiRange } from './materialize.js';
import type { NodeRows } from './source-node.js';
import { SourceNode } from './source-node.js';
import { GEDCOM_INPUT_LIMITS } from '../limits.js';
import { GedcomError } from '../errors.js';

/**
 * A record's tree read from its bytes, the one reader of a record's lines into a tree (see model.ts
 * for how CONC/CONT, escapes and malformed lines fold): one row of integers per logical line, in
 * file order, with the byte ranges of its tag, xref and value (from the record's first byte, so a
 * record of a source past 2^31 bytes still fits) and the row just past its subtree, so the children
 * of row `i` are `i + 1`, then each next sibling at its predecessor's subtree end. From the rows,
 * a kept tree (issue 31 item 4) has its nodes made as a reader reaches them ({@link RecordTable.node}),
 * and a tree for one use is built at once as plain nodes ({@link RecordTable.plainTree}).
 */
const STRIDE = 8;
const LINE = 0;
/** -1 for a line that could not be tokenized (its value range is then the raw line text). */
const TAG_START = 1;
const TAG_END = 2;
const XREF_START = 3;
/** 0 when the line has no xref. */
const XREF_END = 4;
const VALUE_START = 5;
const VALUE_END = 6;
/** The row just past the line's subtree. */
const SUBTREE_END = 7;

/** Rows of many records, appended record after record in chunks (one typed array per chunk, not per record). */
export class RowArena {
  private chunk = new Int32Array(0);
  private used = 0;

  /** Space for `ints` integers: the chunk holding them and where they begin. */
  take(ints: number): { rows: Int32Array; base: number } {
    if (this.used + ints > this.chunk.length) {
      // chunks double from 16 KB to 1 MB: a small document does not hold a large chunk
      this.chunk = new Int32Array(Math.max(ints, Math.min(Math.max(this.chunk.length * 2, 1 << 12), 1 << 18)));
      this.used = 0;
    }
    const base = this.used;
    this.used += ints;
    return { rows: this.chunk, base };
  }
}

/** One record's rows and what is needed to read them. */
class RecordTable implements NodeRows {
  constructor(
    private readonly rows: Int32Array,
    private readonly base: number,
    /** Rows of the record. */
    private readonly count: number,
    /** The offset in `bytes` the rows' byte ranges count from (the record's first byte). */
    private readonly origin: number,
    private readonly bytes: Buffer,
    private readonly ctx: MaterializeContext,
    /** Value pieces of the rows continued by CONC/CONT lines (see materialize.ts), by row. */
    private readonly segments: Map<number, number[]> | null,
  ) {}

  /**
   * The node of row `row`. A line with children is a {@link SourceNode}: its value and children
   * are read from the rows when first asked for. A line without children is a plain node made at
   * once (most lines are leaves, and a plain object is the cheapest node to make and to read).
   */
  node(row: number): GedcomNode {
    return this.make(row, true);
  }

  /** The node of row `row`: a {@link SourceNode} when `lazy` and the line has children, else a plain node (a line with children: its children filled by the caller). */
  private make(row: number, lazy: boolean): GedcomNode {
    const r = this.rows;
    const at = this.base + row * STRIDE;
    const bytes = this.bytes;
    const ctx = this.ctx;
    const o = this.origin;
    const line = r[at + LINE] as number; // cast: at + LINE lies in this record's rows
    const ts = r[at + TAG_START] as number; // cast: as above
    const vs = (r[at + VALUE_START] as number) + o; // cast: as above
    const ve = (r[at + VALUE_END] as number) + o; // cast: as above
    const leaf = (r[at + SUBTREE_END] as number) === row + 1; // cast: as above
    const plain = leaf || !lazy;
    if (ts < 0) {
      const raw = ctx.codec.decode(bytes, vs, ve);
      if (plain) return { tag: '', xref: null, pointer: null, value: '', children: leaf ? [] : this.childSlots(row), line, raw };
      const node = new SourceNode(this, row, '', null, null, line, '');
      node.raw = raw;
      return node;
    }
    const xe = r[at + XREF_END] as number; // cast: as above
    const tag = ctx.interner.intern(bytes, ts + o, (r[at + TAG_END] as number) + o); // cast: as above
    const xref = xe > 0 ? bytes.toString('latin1', (r[at + XREF_START] as number) + o, xe + o) : null; // cast: as above
    if (isPointer(bytes, vs, ve)) {
      const pointer = isAsciiRange(bytes, vs, ve) ? bytes.toString('latin1', vs, ve) : ctx.codec.decode(bytes, vs, ve);
      if (plain) return { tag, xref, pointer, value: '', children: leaf ? [] : this.childSlots(row), line };
      return new SourceNode(this, row, tag, xref, pointer, line, '');
    }
    if (plain) return { tag, xref, pointer: null, value: this.value(row), children: leaf ? [] : this.childSlots(row), line };
    const segs = this.segments;
    return new SourceNode(this, row, tag, xref, null, line, vs === ve && (segs === null || !segs.has(row)) ? '' : undefined);
  }

  /** The logical value of row `row` (CONC/CONT joined, escapes removed). */
  value(row: number): string {
    const segs = this.segments?.get(row);
    if (segs !== undefined) return decodeSegments(this.ctx, this.bytes, segs);
    const at = this.base + row * STRIDE;
    const o = this.origin;
    // cast: at + VALUE_START and at + VALUE_END lie in this record's rows
    return decodeSingle(this.ctx, this.bytes, (this.rows[at + VALUE_START] as number) + o, (this.rows[at + VALUE_END] as number) + o);
  }

  /**
   * The record's whole tree as plain nodes, built at once (a tree for one use: read through and
   * dropped); each node made from its row as {@link node} makes a leaf, and its children an array
   * of their exact count. Rows are visited in order, not by recursion, however deep the record.
   */
  plainTree(): GedcomNode {
    const r = this.rows;
    const base = this.base;
    const count = this.count;
    const nodes = new Array<GedcomNode>(count);
    for (let row = 0; row < count; row++) nodes[row] = this.make(row, false);
    for (let row = 0; row < count; row++) {
      const end = r[base + row * STRIDE + SUBTREE_END] as number; // cast: row < count, one of this record's rows
      const children = (nodes[row] as GedcomNode).children; // cast: row < count, made above
      let k = 0;
      // cast: every row below `end` is one of this record's rows, its node made above
      for (let c = row + 1; c < end; c = r[base + c * STRIDE + SUBTREE_END] as number) children[k++] = nodes[c] as GedcomNode;
    }
    return nodes[0] as GedcomNode; // cast: a table has at least one row
  }

  /** The nodes of the children of row `row`, in file order (a fresh array of their exact count). */
  children(row: number): GedcomNode[] {
    const r = this.rows;
    const base = this.base;
    const end = r[base + row * STRIDE + SUBTREE_END] as number; // cast: row is one of this record's rows
    const out = this.childSlots(row);
    let k = 0;
    // cast: every row below `end` is one of this record's rows
    for (let c = row + 1; c < end; c = r[base + c * STRIDE + SUBTREE_END] as number) out[k++] = this.node(c);
    return out;
  }

  /** An array of the exact count of row `row`'s children, to be filled in file order. */
  private childSlots(row: number): GedcomNode[] {
    const r = this.rows;
    const base = this.base;
    const end = r[base + row * STRIDE + SUBTREE_END] as number; // cast: row is one of this record's rows
    let n = 0;
    // cast: every row below `end` is one of this record's rows
    for (let c = row + 1; c < end; c = r[base + c * STRIDE + SUBTREE_END] as number) n++;
    return new Array<GedcomNode>(n);
  }
}

const EMPTY = Buffer.alloc(0);

function widen(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** Scratch rows and the open lines of the record being read, reused by every record. */
class TableReader {
  private readonly scanner = new LineScanner();
  private scratch = new Int32Array(STRIDE * 256);
  private openRow = new Int32Array(64);
  private openLevel = new Int32Array(64);

  read(bytes: Buffer, start: number, end: number, firstLine: number, ctx: MaterializeContext, arena: RowArena | null): RecordTable | null {
    if (end - start > GEDCOM_INPUT_LIMITS.maxRecordBytes) {
      throw new GedcomError('GEDCOM_INPUT_LIMIT', `a record exceeds ${GEDCOM_INPUT_LIMITS.maxRecordBytes} bytes`, firstLine, 'split the record');
    }
    const s = this.scanner;
    s.reset(bytes, firstLine, ctx.lfcr, start, end);
    let count = 0;
    let depth = 0;
    let segments: Map<number, number[]> | null = null;
    let openRow = this.openRow;
    let openLevel = this.openLevel;
    try {
      while (s.next()) {
        const flags = s.flags;
        if (flags & LINE_BLANK) continue;
        if ((count + 1) * STRIDE > this.scratch.length) this.scratch = widen(this.scratch, this.scratch.length * 2);
        const w = this.scratch;
        const at = count * STRIDE;
        if (flags & LINE_MALFORMED) {
          w[at + LINE] = s.lineNo;
          w[at + TAG_START] = -1;
          w[at + TAG_END] = -1;
          w[at + XREF_START] = 0;
          w[at + XREF_END] = 0;
          w[at + VALUE_START] = s.contentStart - start;
          w[at + VALUE_END] = s.lineEnd - start;
          w[at + SUBTREE_END] = count + 1;
          // the first line opens the record even when malformed (every later line is below it); a later malformed line is a leaf
          if (count === 0) {
            openRow[0] = 0;
            openLevel[0] = -1;
            depth = 1;
          }
          count++;
          continue;
        }
        const level = s.level;
        // a continuation continues the line right above it (the deepest open line: the record's last structure) when it is
        // deeper; one after a substructure of that line, or shallower, is misplaced and becomes a node of its own, in file
        // order (parse reports CONTINUATION_MISPLACED)
        // cast: depth - 1 < depth <= openLevel.length
        if (depth > 0 && s.xrefEnd === 0 && level > (openLevel[depth - 1] as number)) {
          const top = openRow[depth - 1] as number; // cast: as above
          const ta = top * STRIDE;
          const cont = s.tagIs('CONT');
          // cast: ta + k lies in the rows written so far
          if (
            (cont || s.tagIs('CONC')) &&
            (w[ta + TAG_START] as number) >= 0 &&
            !isPointer(bytes, (w[ta + VALUE_START] as number) + start, (w[ta + VALUE_END] as number) + start)
          ) {
            if (segments === null) segments = new Map();
            let segs = segments.get(top);
            if (segs === undefined) {
              // cast: ta + VALUE_START and ta + VALUE_END lie in the rows written so far
              segs = [(w[ta + VALUE_START] as number) + start, (w[ta + VALUE_END] as number) + start, 0];
              segments.set(top, segs);
            }
            segs.push(s.valueStart, s.valueEnd, cont ? 1 : 0);
            continue;
          }
        }
        // close the lines this one is not under (the root stays open)
        // cast: depth - 1 < depth <= openLevel.length
        while (depth > 1 && (openLevel[depth - 1] as number) >= level) w[(openRow[--depth] as number) * STRIDE + SUBTREE_END] = count;
        w[at + LINE] = s.lineNo;
        w[at + TAG_START] = s.tagStart - start;
        w[at + TAG_END] = s.tagEnd - start;
        w[at + XREF_START] = s.xrefEnd > 0 ? s.xrefStart - start : 0;
        w[at + XREF_END] = s.xrefEnd > 0 ? s.xrefEnd - start : 0;
        w[at + VALUE_START] = s.valueStart - start;
        w[at + VALUE_END] = s.valueEnd - start;
        if (depth === openRow.length) {
          openRow = this.openRow = widen(openRow, depth * 2);
          openLevel = this.openLevel = widen(openLevel, depth * 2);
        }
        openRow[depth] = count;
        openLevel[depth] = level;
        depth++;
        count++;
      }
    } finally {
      s.reset(EMPTY);
    }
    if (count === 0) return null;
    const w = this.scratch;
    // cast: d < depth <= openRow.length
    for (let d = depth - 1; d >= 0; d--) w[(openRow[d] as number) * STRIDE + SUBTREE_END] = count;
    // cast: row < count, a row written above
    if (segments !== null) for (const [row, segs] of segments) checkSegmentsLimit(segs, w[row * STRIDE + LINE] as number);
    // a record of a million lines does not leave its scratch rows behind for the rest of the process
    if (w.length > 1 << 20) this.scratch = new Int32Array(STRIDE * 256);
    // a tree for one use reads the scratch rows, built from before the next record is read
    if (arena === null) return new RecordTable(w, 0, count, start, bytes, ctx, segments);
    const { rows, base } = arena.take(count * STRIDE);
    rows.set(w.subarray(0, count * STRIDE), base);
    return new RecordTable(rows, base, count, start, bytes, ctx, segments);
  }
}

const reader = new TableReader();

/**
 * Read one record's lines into rows: kept in `arena` for a kept tree, or, with no arena, scratch
 * rows for one {@link RecordTable.plainTree} made before the next read. Null for a record with no
 * line at all (the caller builds its placeholder node). Throws GEDCOM_INPUT_LIMIT for a continued
 * value over the limit, and for a record of over 2^31 bytes.
 */
export function readRecordTable(
  bytes: Buffer,
  start: number,
  end: number,
  firstLine: number,
  ctx: MaterializeContext,
  arena: RowArena | null,
): RecordTable | null {
  return reader.read(bytes, start, end, firstLine, ctx, arena);
}
