import type { GedcomDocumentLike, GedcomRecord } from '../model.js';
import { nodesEqual } from '../model.js';
import { cloneNode, createdRecord } from './output.js';
import { transientTree } from './tree-index.js';

/** The left HEAD, plus the right file's SCHMA TAG declarations it lacks (7.0 extension tags). */
export function withSchemas(head: GedcomRecord, right: GedcomDocumentLike): GedcomRecord {
  const rightHead = right.records.find((r) => r.tag === 'HEAD');
  if (rightHead === undefined) return head;
  const theirs = transientTree(rightHead).children.find((c) => c.tag === 'SCHMA');
  if (theirs === undefined || theirs.children.length === 0) return head;
  const tree = cloneNode(transientTree(head));
  let mine = tree.children.find((c) => c.tag === 'SCHMA');
  let changed = false;
  if (mine === undefined) {
    mine = { tag: 'SCHMA', xref: null, pointer: null, value: '', children: [], line: 0 };
    tree.children.push(mine);
  }
  for (const tag of theirs.children) {
    if (mine.children.some((c) => nodesEqual(c, tag))) continue;
    mine.children.push(cloneNode(tag));
    changed = true;
  }
  return changed ? createdRecord(tree) : head;
}
