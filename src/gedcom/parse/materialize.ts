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

function isAsciiRange(buf: Buffer, s: number, e: number): boolean {
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

export function decodeSingle(ctx: MaterializeContext, buf: Buffer, s: number, e: number): string {
  if (s === e) return '';
  let v = ctx.utf8 || !isAsciiRange(buf, s, e) ? ctx.codec.decode(buf, s, e) : buf.toString('latin1', s, e);
  if (ctx.isV7) {
    if (v.charCodeAt(0) === AT && v.charCodeAt(1) === AT) v = v.slice(1);
  } else if (v.includes('@@')) {
    v = v.replaceAll('@@', '@');
  }
  return v;
}

function decodeSegments(ctx: MaterializeContext, buf: Buffer, segs: Segments, line: number): string {
  let total = 0;
  // cast: segs holds triples, so k + 1 < segs.length for k < segs.length
  for (let k = 0; k < segs.length; k += 3) total += (segs[k + 1] as number) - (segs[k] as number) + (segs[k + 2] === 1 ? 1 : 0);
  if (total > GEDCOM_INPUT_LIMITS.maxValueBytes) {
    throw new GedcomError(
      'GEDCOM_INPUT_LIMIT',
      `a continued value exceeds ${GEDCOM_INPUT_LIMITS.maxValueBytes} bytes`,
      line,
      'shorten the text continued with CONC/CONT',
    );
  }
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

/**
 * Build the tree of one record from its bytes. `firstLine` is the line number of the record's
 * first line. Never throws; see model.ts for how CONC/CONT, escapes and malformed lines fold.
 */
export function materializeRecord(bytes: Buffer, start: number, end: number, firstLine: number, ctx: MaterializeContext): GedcomNode {
  const s = shared;
  s.reset(bytes, firstLine, ctx.lfcr, start, end);
  const interner = ctx.interner;
  const stack: GedcomNode[] = [];
  const levels: number[] = [];
  const valueStart: number[] = [];
  const valueEnd: number[] = [];
  let root: GedcomNode | null = null;
  let segments: Map<GedcomNode, Segments> | null = null;

  while (s.next()) {
    const flags = s.flags;
    if (flags & LINE_BLANK) continue;
    if (flags & LINE_MALFORMED) {
      const raw = ctx.codec.decode(bytes, s.contentStart, s.lineEnd);
      const node: GedcomNode = { tag: '', xref: null, pointer: null, value: '', children: [], line: s.lineNo, raw };
      if (root === null) {
        root = node;
        stack.push(node);
        levels.push(-1);
        valueStart.push(0);
        valueEnd.push(0);
      } else {
        // cast: root is set here, and the stack keeps it at its bottom (pops stop at length 1)
        (stack[stack.length - 1] as GedcomNode).children.push(node);
      }
      continue;
    }
    const level = s.level;
    // a continuation continues the line right above it (the top of the stack: the record's last
    // structure) when it is deeper; one after a substructure of that line, or shallower, is misplaced
    // and becomes a node of its own, in file order (parse reports CONTINUATION_MISPLACED)
    const top = stack[stack.length - 1];
    const isCont = s.xrefEnd === 0 && (s.tagIs('CONT') || s.tagIs('CONC'));
    // cast: top !== undefined means the stack is not empty, and levels is pushed and popped with it
    if (isCont && top !== undefined && top.pointer === null && top.raw === undefined && level > (levels[levels.length - 1] as number)) {
      const parent = top;
      if (segments === null) segments = new Map();
      let segs = segments.get(parent);
      if (segs === undefined) {
        // cast: valueStart and valueEnd are pushed and popped with the stack, which holds parent
        segs = [valueStart[valueStart.length - 1] as number, valueEnd[valueEnd.length - 1] as number, 0];
        segments.set(parent, segs);
      }
      segs.push(s.valueStart, s.valueEnd, s.tagIs('CONT') ? 1 : 0);
      continue;
    }
    // pop to the parent of this line
    // cast: stack.length > 1, and levels is pushed and popped with the stack
    while (stack.length > 1 && (levels[levels.length - 1] as number) >= level) {
      stack.pop();
      levels.pop();
      valueStart.pop();
      valueEnd.pop();
    }
    const parent = stack[stack.length - 1];
    const tag = interner.intern(bytes, s.tagStart, s.tagEnd);
    const xref = s.xrefEnd > 0 ? bytes.toString('latin1', s.xrefStart, s.xrefEnd) : null;
    let pointer: string | null = null;
    let value = '';
    const vs = s.valueStart;
    const ve = s.valueEnd;
    if (isPointer(bytes, vs, ve)) pointer = isAsciiRange(bytes, vs, ve) ? bytes.toString('latin1', vs, ve) : ctx.codec.decode(bytes, vs, ve);
    else value = decodeSingle(ctx, bytes, vs, ve);
    const node: GedcomNode = { tag, xref, pointer, value, children: [], line: s.lineNo };
    if (root === null || parent === undefined) {
      if (root === null) root = node;
      else root.children.push(node);
    } else {
      parent.children.push(node);
    }
    stack.push(node);
    levels.push(level);
    valueStart.push(vs);
    valueEnd.push(ve);
  }
  if (segments !== null) {
    for (const [node, segs] of segments) node.value = decodeSegments(ctx, bytes, segs, node.line);
  }
  s.reset(EMPTY);
  return root ?? { tag: '', xref: null, pointer: null, value: '', children: [], line: firstLine, raw: '' };
}
