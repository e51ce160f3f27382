import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { OutputDocument } from './output-document.js';
import { convertDocument } from '../convert/index.js';
import type { ConversionTarget } from '../convert/index.js';
import { SILENT_MONITOR } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export { OutputDocument } from './output-document.js';
export type { OutputEncoding } from './output-document.js';
export { writeOutputBytes, writeOutputChunks } from './output-write.js';

/** An output over the origin's version, encoding and terminator. */
export function outputLike(origin: GedcomDocumentLike, records: GedcomRecord[]): OutputDocument {
  return new OutputDocument(origin.version, origin.encoding, origin.terminator, records, origin instanceof GedcomDocument ? origin : null);
}

export function cloneNode(node: GedcomNode): GedcomNode {
  const copy: GedcomNode = { tag: node.tag, xref: node.xref, pointer: node.pointer, value: node.value, children: node.children.map(cloneNode), line: node.line };
  if (node.raw !== undefined) copy.raw = node.raw;
  return copy;
}

/** A new record over a tree (the tree must not be shared with an input). */
export function createdRecord(root: GedcomNode): GedcomRecord {
  return GedcomRecord.create(root);
}

/** The version group a target names: 5.x files are written as 5.5.1 rules, 7.x as 7.0. */
function sameVersionGroup(doc: GedcomDocumentLike, target: ConversionTarget): boolean {
  return doc.version.isV7 === (target === '7.0');
}

/** True when `doc` in the `target` version is a conversion (a new document in UTF-8), not itself. */
export function convertsTo(doc: GedcomDocumentLike, target: ConversionTarget | null): boolean {
  return target !== null && !sameVersionGroup(doc, target);
}

/** The document in the requested version: itself when already in that group, else converted. */
export function inVersion(doc: GedcomDocumentLike, target: ConversionTarget | null, monitor: WorkMonitor = SILENT_MONITOR): GedcomDocumentLike {
  if (target === null || !convertsTo(doc, target)) return doc;
  return convertDocument(doc, target, { monitor }).document;
}
