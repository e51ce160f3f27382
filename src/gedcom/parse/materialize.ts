import type { GedcomNode } from '../model.js';
import type { ByteCodec } from '../decode/codec.js';
import { LineScanner } from '../lines/scanner.js';
import { LINE_BLANK, LINE_MALFORMED } from '../lines/line-flags.js';
import type { TagInterner } from '../lines/tag-interner.js';
import { isPointer } from '../lines/pointer.js';
import { GEDCOM_INPUT_LIMITS } from '../limits.js';
import { GedcomError } from '../errors.js';

const AT = 64;

/** Everything the tree builder needs besides the record's bytes. */
export interface MaterializeContext {
  readonly codec: ByteCodec;
  readonly isV7: boolean;
  readonly interner: TagInterner;
  /** Whether the source uses LF CR as one terminator. */
  readonly lfcr: boolean;
  /** True when the payload codec is UTF-8 (decode directly, it has its own ASCII fast path). */
  readonly utf8: boolean;
}

const shared = new LineScanner();
const EMPTY = Buffer.alloc(0);

/** Value pieces of a node that has CONC/CONT lines: [start, end, joinWithNewline, ...]. */
type Segments = number[];

export function isAsciiRange(buf: Buffer, s: number, e: number): boolean {
  // cast: s <= i < e, a payload range of buf
  for (let i = s; i < e; i++) if ((buf[i] as number) >= 0x80) return false;
  return true;
}

/** Copy one physical payload into `out` at `at` removing escapes (7.0 a leading `@@`; 5.x every `@@`); the new end. */
function copyUnescaped(out: Buffer, at: number, buf: Buffer, s: number, e: number, isV7: boolean): number {
  if (isV7) {
    if (e - s >= 2 && buf[s] === AT && buf[s + 1] === AT) s++;
    return at + buf.copy(out, at, s, e);
  }
  for (let i = s; i < e; i++) {
    // cast: s <= i < e, a payload range of buf
    const c = buf[i] as number;
    out[at++] = c;
    if (c === AT && buf[i + 1] === AT) i++;
  }
  return at;
}

/** A payload's text with its escapes removed (7.0: a leading `@@`; 5.x: every `@@`). */
function unescaped(v: string, isV7: boolean): string {
  if (isV7) return v.charCodeAt(0) === AT && v.charCodeAt(1) === AT ? v.slice(1) : v;
  return v.includes('@@') ? v.replaceAll('@@', '@') : v;
}

export function decodeSingle(ctx: MaterializeContext, buf: Buffer, s: number, e: number): string {
  if (s === e) return '';
  return unescaped(ctx.utf8 || !isAsciiRange(buf, s, e) ? ctx.codec.decode(buf, s, e) : buf.toString('latin1', s, e), ctx.isV7);
}

/** Bytes of the joined payloads of `segs` (escapes not yet removed). */
function segmentsBytes(segs: Segments): number {
  let total = 0;
  // cast: segs holds triples, so k + 1 < segs.length for k < segs.length
  for (let k = 0; k < segs.length; k += 3) total += (segs[k + 1] as number) - (segs[k] as number) + (segs[k + 2] === 1 ? 1 : 0);
  return total;
}

/** Throws GEDCOM_INPUT_LIMIT when the joined value of `segs` (the line at `line`) is over the limit. */
export function checkSegmentsLimit(segs: Segments, line: number): void {
  if (segmentsBytes(segs) > GEDCOM_INPUT_LIMITS.maxValueBytes) {
    throw new GedcomError(
      'GEDCOM_INPUT_LIMIT',
      `a continued value exceeds ${GEDCOM_INPUT_LIMITS.maxValueBytes} bytes`,
      line,
      'shorten the text continued with CONC/CONT',
    );
  }
}

/** The value of a line continued by CONC/CONT lines; `segs` within the limit ({@link checkSegmentsLimit}). */
export function decodeSegments(ctx: MaterializeContext, buf: Buffer, segs: Segments): string {
  const total = segmentsBytes(segs);
  // one buffer of the joined payloads (bytes joined before decoding: split characters survive)
  const joined = Buffer.allocUnsafe(total);
  let at = 0;
  for (let k = 0; k < segs.length; k += 3) {
    if (segs[k + 2] === 1) joined[at++] = 10;
    // cast: segs holds triples, so k + 1 < segs.length for k < segs.length
    at = copyUnescaped(joined, at, buf, segs[k] as number, segs[k + 1] as number, ctx.isV7);
  }
  return ctx.codec.decode(joined, 0, at);
}

/** Stands in for a node in the scratch arrays between records (so they hold no record's nodes). */
const VACANT: GedcomNode = { tag: '', xref: null, pointer: null, value: '', children: [], line: 0 };

/**
 * Scratch space of {@link materializeRecord}, reused by every record: the open lines (the path
 * from the root to the last line), and the children collected for them. A line's children are
 * gathered at the end of `kids` while it is open and copied into an array of their exact count
 * when it closes, so a tree holds no spare array capacity (pushing one by one left up to 16 spare
 * slots per line with children, which the garbage collector copied with the tree).
 */
class OpenLines {
  /** A node's children until the node is closed (replaced then; never handed out). */
  readonly pending: GedcomNode[] = [];
  nodes: GedcomNode[] = [];
  level: Int32Array = new Int32Array(64);
  valueStart: Int32Array = new Int32Array(64);
  valueEnd: Int32Array = new Int32Array(64);
  /** Where the line's children begin in `kids`. */
  kidsFrom: Int32Array = new Int32Array(64);
  depth = 0;
  kids: GedcomNode[] = [];
  kidCount = 0;
  /** Entries of `kids` written since the last {@link clear}. */
  kidsUsed = 0;

  open(node: GedcomNode, level: number, vs: number, ve: number): void {
    const d = this.depth;
    if (d === this.level.length) this.grow();
    if (d === this.nodes.length) this.nodes.push(node);
    else this.nodes[d] = node;
    this.level[d] = level;
    this.valueStart[d] = vs;
    this.valueEnd[d] = ve;
    this.kidsFrom[d] = this.kidCount;
    this.depth = d + 1;
  }

  /** Close the deepest open line: its children become an array of their exact count. */
  close(): void {
    const d = --this.depth;
    const from = this.kidsFrom[d] as number; // cast: d < depth <= kidsFrom.length
    // cast: d < nodes.length, every open depth has its node
    (this.nodes[d] as GedcomNode).children = this.kids.slice(from, this.kidCount);
    this.kidCount = from;
  }

  addKid(node: GedcomNode): void {
    const k = this.kidCount;
    if (k === this.kids.length) this.kids.push(node);
    else this.kids[k] = node;
    this.kidCount = k + 1;
    if (k + 1 > this.kidsUsed) this.kidsUsed = k + 1;
  }

  /** Forget every node (a record's tree must not be kept alive by the scratch space). */
  clear(): void {
    this.nodes.fill(VACANT, 0, this.nodes.length);
    this.kids.fill(VACANT, 0, this.kidsUsed);
    if (this.kids.length > 65_536) this.kids = [];
    if (this.nodes.length > 65_536) this.nodes = [];
    this.depth = 0;
    this.kidCount = 0;
    this.kidsUsed = 0;
  }

  private grow(): void {
    const n = this.level.length * 2;
    const widen = (a: Int32Array): Int32Array => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.level = widen(this.level);
    this.valueStart = widen(this.valueStart);
    this.valueEnd = widen(this.valueEnd);
    this.kidsFrom = widen(this.kidsFrom);
  }
}

const open = new OpenLines();

/**
 * Build the tree of one record from its bytes. `firstLine` is the line number of the record's
 * first line. Never throws; see model.ts for how CONC/CONT, escapes and malformed lines fold.
 */
export function materializeRecord(bytes: Buffer, start: number, end: number, firstLine: number, ctx: MaterializeContext): GedcomNode {
  const s = shared;
  s.reset(bytes, firstLine, ctx.lfcr, start, end);
  const interner = ctx.interner;
  const o = open;
  let root: GedcomNode | null = null;
  let segments: Map<GedcomNode, Segments> | null = null;
  try {
    while (s.next()) {
      const flags = s.flags;
      if (flags & LINE_BLANK) continue;
      if (flags & LINE_MALFORMED) {
        const raw = ctx.codec.decode(bytes, s.contentStart, s.lineEnd);
        if (root === null) {
          root = { tag: '', xref: null, pointer: null, value: '', children: o.pending, line: s.lineNo, raw };
          o.open(root, -1, 0, 0);
        } else {
          o.addKid({ tag: '', xref: null, pointer: null, value: '', children: [], line: s.lineNo, raw });
        }
        continue;
      }
      const level = s.level;
      const depth = o.depth;
      // a continuation continues the line right above it (the deepest open line: the record's last
      // structure) when it is deeper; one after a substructure of that line, or shallower, is misplaced
      // and becomes a node of its own, in file order (parse reports CONTINUATION_MISPLACED)
      // cast: depth - 1 < depth <= level.length
      if (depth > 0 && s.xrefEnd === 0 && level > (o.level[depth - 1] as number)) {
        // cast: depth - 1 < depth, an open line
        const top = o.nodes[depth - 1] as GedcomNode;
        const cont = s.tagIs('CONT');
        if ((cont || s.tagIs('CONC')) && top.pointer === null && top.raw === undefined) {
          if (segments === null) segments = new Map();
          let segs = segments.get(top);
          if (segs === undefined) {
            // cast: depth - 1 < depth <= valueStart.length
            segs = [o.valueStart[depth - 1] as number, o.valueEnd[depth - 1] as number, 0];
            segments.set(top, segs);
          }
          segs.push(s.valueStart, s.valueEnd, cont ? 1 : 0);
          continue;
        }
      }
      // close the lines this one is not under (the root stays open)
      // cast: o.depth - 1 < depth <= level.length
      while (o.depth > 1 && (o.level[o.depth - 1] as number) >= level) o.close();
      const tag = interner.intern(bytes, s.tagStart, s.tagEnd);
      const xref = s.xrefEnd > 0 ? bytes.toString('latin1', s.xrefStart, s.xrefEnd) : null;
      let pointer: string | null = null;
      let value = '';
      const vs = s.valueStart;
      const ve = s.valueEnd;
      if (isPointer(bytes, vs, ve)) pointer = isAsciiRange(bytes, vs, ve) ? bytes.toString('latin1', vs, ve) : ctx.codec.decode(bytes, vs, ve);
      else value = decodeSingle(ctx, bytes, vs, ve);
      const node: GedcomNode = { tag, xref, pointer, value, children: o.pending, line: s.lineNo };
      if (root === null) root = node;
      else o.addKid(node);
      o.open(node, level, vs, ve);
    }
    while (o.depth > 0) o.close();
    if (segments !== null) {
      for (const [node, segs] of segments) {
        checkSegmentsLimit(segs, node.line);
        node.value = decodeSegments(ctx, bytes, segs);
      }
    }
  } finally {
    o.clear();
    s.reset(EMPTY);
  }
  return root ?? { tag: '', xref: null, pointer: null, value: '', children: [], line: firstLine, raw: '' };
}
