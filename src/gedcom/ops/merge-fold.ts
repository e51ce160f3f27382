import type { GedcomNode } from '../model.js';
import { nodesEqual } from '../model.js';
import type { GedcomRecord } from '../model.js';
import { cloneNode } from './output.js';
import { recordKey } from './merge-record-key.js';

/** Lines a record may hold once: a differing right value is kept under `_MERGED`. */
const SINGLETON_TAGS: ReadonlySet<string> = new Set(['SEX', 'CHAN', 'RESN', 'CREA', 'RIN', 'HUSB', 'WIFE']);

/** Calls `visit` on every xref and pointer of a tree, in the order {@link remappedTree} remaps them. */
export function forEachReference(node: GedcomNode, visit: (x: string) => void): void {
  const stack = [node];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.xref !== null) visit(n.xref);
    if (n.pointer !== null && n.pointer !== '@VOID@') visit(n.pointer);
    for (const c of n.children) stack.push(c);
  }
}

/** A tree of the record we may change: a fresh one from the source, or a copy of a built one. */
function ownTree(rec: GedcomRecord): GedcomNode {
  return rec.materialized ? cloneNode(rec.root) : rec.transientRoot();
}

/** The record's tree with every xref and pointer remapped (a new tree; the record is untouched). */
export function remappedTree(rec: GedcomRecord, map: (x: string) => string): GedcomNode {
  const tree = ownTree(rec);
  const stack = [tree];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.xref !== null) n.xref = map(n.xref);
    if (n.pointer !== null && n.pointer !== '@VOID@') n.pointer = map(n.pointer);
    for (const c of n.children) stack.push(c);
  }
  return tree;
}

/** A left record with the lines of the right records merged into it folded in. */
export function foldedTree(rec: GedcomRecord, extra: readonly GedcomRecord[], map: (x: string) => string): { tree: GedcomNode; alternates: number } {
  const target = new FoldTarget(ownTree(rec));
  let alternates = 0;
  for (const e of extra) alternates += foldInto(target, remappedTree(e, map));
  return { tree: target.tree, alternates };
}

/** A left tree's level-1 lines, looked up by their text: the lines folded in so far. */
class FoldTarget {
  private readonly lines = new Map<string, GedcomNode[]>();
  private readonly tags = new Set<string>();

  constructor(readonly tree: GedcomNode) {
    this.note(0);
  }

  /** True when the tree holds a line equal to `line` (same text, then compared node by node). */
  has(line: GedcomNode): boolean {
    return this.lines.get(recordKey(line, true))?.some((c) => nodesEqual(c, line)) ?? false;
  }

  hasTag(tag: string): boolean {
    return this.tags.has(tag);
  }

  /** Look up the tree's lines from `from` on too (the lines one fold appended, once it is done). */
  note(from: number): void {
    const children = this.tree.children;
    for (let i = from; i < children.length; i++) {
      // cast: i < children.length
      const line = children[i] as GedcomNode;
      const key = recordKey(line, true);
      const same = this.lines.get(key);
      if (same === undefined) this.lines.set(key, [line]);
      else same.push(line);
      this.tags.add(line.tag);
    }
  }
}

/**
 * Append the right tree's level-1 lines the left one lacks (a differing NAME, BIRT, ... is an
 * alternate; a differing line that may occur once goes under `_MERGED`); returns how many were
 * alternates. The right lines are compared with the lines the tree held before this fold (two
 * equal right lines are both kept), looked up by their text, so folding many records into one is
 * linear.
 */
function foldInto(target: FoldTarget, extra: GedcomNode): number {
  let alternates = 0;
  let merged: GedcomNode | null = null;
  const children = target.tree.children;
  const before = children.length;
  for (const line of extra.children) {
    if (target.has(line)) continue;
    const sameTag = target.hasTag(line.tag);
    if (sameTag && SINGLETON_TAGS.has(line.tag)) {
      if (merged === null) {
        merged = { tag: '_MERGED', xref: null, pointer: null, value: '', children: [], line: 0 };
        children.push(merged);
      }
      merged.children.push(line);
      alternates++;
      continue;
    }
    if (sameTag) alternates++;
    children.push(line);
  }
  target.note(before);
  return alternates;
}
