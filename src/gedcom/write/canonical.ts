import type { GedcomNode } from '../model.js';
import { escapePayload } from './escape.js';
import { splitForConc } from './split.js';

export interface CanonicalOptions {
  /** 7.x rules: no CONC, only a leading `@` escaped. */
  readonly isV7: boolean;
  /** Terminator text ("\n", "\r\n", ...). */
  readonly eol: string;
  /** 5.x: longest payload per physical line before CONC splitting (UTF-16 units). */
  readonly maxPayload: number;
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
  for (const [p, part] of parts.entries()) {
    const escaped = escapePayload(part, opts.isV7);
    const chunks = opts.isV7 ? [escaped] : splitForConc(escaped, opts.maxPayload);
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
