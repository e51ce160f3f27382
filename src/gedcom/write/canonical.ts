import type { GedcomNode } from '../model.js';
import { escapePayload } from './escape.js';
import { splitForConc } from './split.js';

export interface CanonicalOptions {
  /** 7.x rules: no CONC, only a leading `@` escaped. */
  readonly isV7: boolean;
  /** Terminator text ("\n", "\r\n", ...). */
  readonly eol: string;
  /** 5.x: longest payload per physical line before CONC splitting (UTF-16 units; over 255: no line limit). */
  readonly maxPayload: number;
}

/** 5.x: the longest line, level, xref, tag, delimiters, payload and terminator included (5.5.1, chapter 1). */
const LINE_LIMIT_5X = 255;
/** The shortest payload budget of a line, whatever its prefix (a line whose tag alone is too long still moves on). */
const MIN_PAYLOAD = 16;

/**
 * Payload budget of a 5.x line starting with `prefix` (`level [xref] tag`): `maxPayload`, within
 * the line limit. A `maxPayload` over the limit asks for no limit (texts that are never a file,
 * such as the record keys of merge-record-key.ts).
 */
export function payloadBudget(prefix: number, opts: CanonicalOptions): number {
  if (opts.maxPayload > LINE_LIMIT_5X) return opts.maxPayload;
  return Math.max(MIN_PAYLOAD, Math.min(opts.maxPayload, LINE_LIMIT_5X - prefix - 1 - opts.eol.length));
}

function writeLine(out: string[], level: number, xref: string | null, tag: string, payload: string, eol: string): void {
  let line = String(level);
  if (xref !== null) line += ' ' + xref;
  line += ' ' + tag;
  if (payload !== '') line += ' ' + payload;
  out.push(line, eol);
}

function writePayloadLines(out: string[], level: number, node: GedcomNode, opts: CanonicalOptions): void {
  if (node.pointer !== null) {
    writeLine(out, level, node.xref, node.tag, node.pointer, opts.eol);
    return;
  }
  const value = node.value;
  const parts = value.includes('\n') || value.includes('\r') ? value.split(/\r\n|\r|\n/) : [value];
  const firstPrefix = String(level).length + (node.xref === null ? 0 : node.xref.length + 1) + 1 + node.tag.length;
  const firstBudget = payloadBudget(firstPrefix, opts);
  // CONT and CONC are both four letters
  const nextBudget = payloadBudget(String(level + 1).length + 5, opts);
  for (const [p, part] of parts.entries()) {
    const escaped = escapePayload(part, opts.isV7);
    const chunks = opts.isV7 ? [escaped] : splitForConc(escaped, nextBudget, p === 0 ? firstBudget : nextBudget);
    for (const [c, chunk] of chunks.entries()) {
      if (p === 0 && c === 0) writeLine(out, level, node.xref, node.tag, chunk, opts.eol);
      else writeLine(out, level + 1, null, c === 0 ? 'CONT' : 'CONC', chunk, opts.eol);
    }
  }
}

/** Append the canonical lines of `node` (at `level`) and its subtree to `out`, depth first without recursion. */
function writeCanonical(out: string[], node: GedcomNode, level: number, opts: CanonicalOptions): void {
  const nodes: GedcomNode[] = [node];
  const levels: number[] = [level];
  for (let n = nodes.pop(); n !== undefined; n = nodes.pop()) {
    // cast: levels is pushed and popped with nodes, so it holds an entry for every node popped
    const l = levels.pop() as number;
    if (n.raw !== undefined) out.push(n.raw, opts.eol);
    else writePayloadLines(out, l, n, opts);
    for (let i = n.children.length - 1; i >= 0; i--) {
      // cast: 0 <= i < n.children.length
      nodes.push(n.children[i] as GedcomNode);
      levels.push(l + 1);
    }
  }
}

/** Canonical text of a whole record. */
export function canonicalRecordText(root: GedcomNode, opts: CanonicalOptions): string {
  const out: string[] = [];
  writeCanonical(out, root, 0, opts);
  return out.join('');
}
