import type { GedcomDiagnostic, GedcomDocumentLike, GedcomEncodingInfo, GedcomNode, GedcomVersionInfo, LineTerminator } from '../model.js';
import { GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { SourceText } from '../source-text.js';
import { bomBytes } from '../decode/bom.js';
import { canonicalRecordText } from '../write/canonical.js';
import { needsCanonical, TERMINATOR_TEXT } from '../write/writer.js';
import { convertDocument } from '../convert/index.js';
import type { ConversionTarget } from '../convert/index.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * The document an operation produces: records taken untouched from one origin document (written
 * back as their source bytes) mixed with records created or changed by the operation (written
 * canonically in the origin's version, encoding and terminator). The origin is never modified:
 * changed records are always new record objects over cloned trees.
 */
export class OutputDocument implements GedcomDocumentLike {
  readonly diagnostics: readonly GedcomDiagnostic[] = [];
  private readonly index = new Map<string, GedcomRecord>();
  private readonly originRecords: ReadonlySet<GedcomRecord>;

  constructor(
    readonly version: GedcomVersionInfo,
    readonly encoding: GedcomEncodingInfo,
    readonly terminator: LineTerminator,
    readonly records: GedcomRecord[],
    /** The document whose untouched records may be written as their source bytes. */
    readonly origin: GedcomDocument | null,
  ) {
    for (const r of records) {
      const x = r.xref;
      if (x !== null && !this.index.has(x)) this.index.set(x, r);
    }
    this.originRecords = new Set(origin?.records ?? []);
  }

  byXref(xref: string): GedcomRecord | undefined {
    return this.index.get(xref);
  }

  /** True when `rec` is a record of the origin (written raw when untouched). */
  fromOrigin(rec: GedcomRecord): boolean {
    return this.originRecords.has(rec);
  }
}

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

/**
 * Writes any document; untouched origin records of an {@link OutputDocument} are copied byte for
 * byte. The monitor is told the records written (stage 'write') and may throw WorkCancelled
 * from inside the generator.
 */
export function* writeOutputChunks(doc: GedcomDocumentLike, monitor: WorkMonitor = SILENT_MONITOR): Generator<Buffer> {
  const origin = doc instanceof OutputDocument ? doc.origin : doc instanceof GedcomDocument ? doc : null;
  const source = origin !== null && origin.encoding.used === doc.encoding.used ? origin.source : new SourceText(Buffer.alloc(0), doc.encoding.used, doc.encoding.bom);
  const opts = { isV7: doc.version.isV7, eol: TERMINATOR_TEXT[doc.terminator], maxPayload: 200 };
  const bom = bomBytes(doc.encoding.bom);
  if (bom.length > 0) yield bom;
  let lastByte = -1;
  const rawAllowed = (rec: GedcomRecord): boolean =>
    origin !== null && source === origin.source && rec.span !== null && (doc instanceof OutputDocument ? doc.fromOrigin(rec) : true) && !needsCanonical(rec);
  const total = doc.records.length;
  monitor.step('write', 0, total);
  let written = 0;
  for (const rec of doc.records) {
    if ((++written & STEP_MASK) === 0) monitor.step('write', written, total);
    let bytes: Buffer;
    if (rawAllowed(rec) && rec.span !== null) {
      bytes = source.fileBytes(rec.span.start, rec.span.end);
      if (lastByte >= 0 && lastByte !== 10 && lastByte !== 13) yield source.encode(opts.eol).bytes;
    } else {
      // derived records are built here and dropped after writing (model.ts, GedcomRecord.derived)
      let text = canonicalRecordText(rec.transientRoot(), opts);
      if (lastByte >= 0 && lastByte !== 10 && lastByte !== 13) text = opts.eol + text;
      bytes = source.encode(text).bytes;
    }
    if (bytes.length > 0) {
      // cast: bytes.length > 0, checked above
      lastByte = bytes[bytes.length - 1] as number;
      yield bytes;
    }
  }
  monitor.step('write', total, total);
}

export function writeOutputBytes(doc: GedcomDocumentLike): Buffer {
  return Buffer.concat([...writeOutputChunks(doc)]);
}

/** The version group a target names: 5.x files are written as 5.5.1 rules, 7.x as 7.0. */
function sameVersionGroup(doc: GedcomDocumentLike, target: ConversionTarget): boolean {
  return doc.version.isV7 === (target === '7.0');
}

/** The document in the requested version: itself when already in that group, else converted. */
export function inVersion(doc: GedcomDocumentLike, target: ConversionTarget | null, monitor: WorkMonitor = SILENT_MONITOR): GedcomDocumentLike {
  if (target === null || sameVersionGroup(doc, target)) return doc;
  return convertDocument(doc, target, { monitor }).document;
}
