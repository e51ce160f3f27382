/**
 * GEDCOM 5.5.5 -> 5.5.1. 5.5.5 is a stricter profile of 5.5.1 (gedcom.org): every structure it
 * allows is 5.5.1, so the records are copied as they are and only HEAD changes: GEDC.VERS 5.5.1,
 * CHAR UTF-8 (the output encoding). Nothing is lost; the change is reported as a finding. HEAD and
 * TRLR follow the rules of every conversion (frame-records.ts): one HEAD first, a second one and a
 * TRLR with content kept as extension records, one empty TRLR last.
 */

import type { GedcomNode } from '../model.js';
import { FrameRecords, headFirst } from './frame-records.js';
import { Notes, child, cloneNode, node } from './tree.js';

export function convert555To551(records: readonly GedcomNode[]): { records: GedcomNode[]; notes: Notes } {
  const notes = new Notes();
  const frame = new FrameRecords(notes);
  const out: GedcomNode[] = [];
  for (const r of records) {
    const copy = cloneNode(r);
    if (frame.dropped(copy)) continue;
    out.push(copy);
    if (copy.tag !== 'HEAD') continue;
    const gedc = child(copy, 'GEDC');
    const vers = gedc ? child(gedc, 'VERS') : undefined;
    if (gedc === undefined) copy.children.unshift(node('GEDC', '', [node('VERS', '5.5.1'), node('FORM', 'LINEAGE-LINKED')]));
    else if (vers === undefined) gedc.children.unshift(node('VERS', '5.5.1'));
    else vers.value = '5.5.1';
    notes.add('VERSION_555_AS_551', ['HEAD', 'GEDC', 'VERS'], vers?.line ?? 0, '5.5.5');
    const charNode = child(copy, 'CHAR');
    if (charNode === undefined) copy.children.splice(1, 0, node('CHAR', 'UTF-8'));
    else charNode.value = 'UTF-8';
  }
  headFirst(out, notes);
  out.push(node('TRLR'));
  return { records: out, notes };
}
