import type { ByteCodec } from '../decode/codec.js';
import type { TagInterner } from '../lines/tag-interner.js';
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
