import type { GedcomNode } from '../model.js';
import { nodesEqual } from '../model.js';
import type { GedcomRecord } from '../model.js';
import { cloneNode } from './output.js';

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
  const tree = ownTree(rec);
  let alternates = 0;
  for (const e of extra) alternates += foldInto(tree, remappedTree(e, map));
  return { tree, alternates };
}

/**
 * Append the right tree's level-1 lines the left one lacks (a differing NAME, BIRT, ... is an
 * alternate; a differing line that may occur once goes under `_MERGED`); returns how many were alternates.
 */
function foldInto(target: GedcomNode, extra: GedcomNode): number {
  let alternates = 0;
  let merged: GedcomNode | null = null;
  const present = target.children.slice();
  for (const line of extra.children) {
    if (present.some((c) => nodesEqual(c, line))) continue;
    const sameTag = present.some((c) => c.tag === line.tag);
    if (sameTag && SINGLETON_TAGS.has(line.tag)) {
      if (merged === null) {
        merged = { tag: '_MERGED', xref: null, pointer: null, value: '', children: [], line: 0 };
        target.children.push(merged);
      }
      merged.children.push(line);
      alternates++;
      continue;
    }
    if (sameTag) alternates++;
    target.children.push(line);
  }
  return alternates;
}
