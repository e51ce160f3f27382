import type { GedcomDocumentLike, GedcomEncoding, GedcomNode } from '../model.js';
import { createNode, GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { OutputDocument } from './output-document.js';
import type { CanonicalSource } from './output-document.js';
import { convertDocument } from '../convert/index.js';
import type { ConversionTarget } from '../convert/index.js';
import { SILENT_MONITOR } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export { OutputDocument } from './output-document.js';
export type { OutputEncoding } from './output-document.js';
export { writeOutputBytes, writeOutputChunks } from './output-write.js';

/**
 * An output over the origin's version, encoding and terminator, framed as every GEDCOM file is:
 * an origin without HEAD (read with an assumed version) gets one that says its version and
 * character set, first, and one without TRLR gets one, last. A HEAD after other records (some
 * programs write a NOTE before it) moves first, its bytes unchanged.
 */
export function outputLike(origin: GedcomDocumentLike, records: GedcomRecord[], canonical: CanonicalSource | null = null): OutputDocument {
  const at = records.findIndex((r) => r.tag === 'HEAD');
  // cast: 0 < at < records.length, so the record exists
  const ordered = at > 0 ? [records[at] as GedcomRecord, ...records.slice(0, at), ...records.slice(at + 1)] : records;
  const head = at >= 0 ? [] : [createdRecord(headOf(origin))];
  const trailer = records.some((r) => r.tag === 'TRLR') ? [] : [createdRecord(createNode('TRLR'))];
  const framed = head.length + trailer.length === 0 ? ordered : [...head, ...ordered, ...trailer];
  return new OutputDocument(origin.version, origin.encoding, origin.terminator, framed, origin instanceof GedcomDocument ? origin : null, [], null, canonical);
}

/** HEAD.CHAR of each encoding (5.5.1 names where it has one, the names readers know for the code pages). */
const CHAR_NAMES: Record<GedcomEncoding, string> = {
  'UTF-8': 'UTF-8',
  'UTF-16LE': 'UNICODE',
  'UTF-16BE': 'UNICODE',
  ANSEL: 'ANSEL',
  ASCII: 'ASCII',
  CP1252: 'ANSI',
  LATIN1: 'ISO-8859-1',
  LATIN9: 'ISO-8859-15',
  CP437: 'IBMPC',
  CP850: 'CP850',
  MACINTOSH: 'MACINTOSH',
};

/** The HEAD of an output whose origin has none: its version, and for 5.x its character set. */
function headOf(origin: GedcomDocumentLike): GedcomNode {
  if (origin.version.isV7) return createNode('HEAD', '', { children: [createNode('GEDC', '', { children: [createNode('VERS', '7.0')] })] });
  const gedc = createNode('GEDC', '', { children: [createNode('VERS', origin.version.family ?? '5.5.1'), createNode('FORM', 'LINEAGE-LINKED')] });
  return createNode('HEAD', '', { children: [gedc, createNode('CHAR', CHAR_NAMES[origin.encoding.used])] });
}

export function cloneNode(node: GedcomNode): GedcomNode {
  const copy: GedcomNode = {
    tag: node.tag,
    xref: node.xref,
    pointer: node.pointer,
    value: node.value,
    children: node.children.map(cloneNode),
    line: node.line,
  };
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
