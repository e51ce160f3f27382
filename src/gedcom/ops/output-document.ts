import type { GedcomDiagnostic, GedcomDocumentLike, GedcomEncoding, GedcomEncodingInfo, GedcomVersionInfo, LineTerminator } from '../model.js';
import type { GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { needsCanonical } from '../write/writer.js';
import { canonicalRecordText } from '../write/canonical.js';
import type { CanonicalOptions } from '../write/canonical.js';

/** The encoding an operation's output is written in, and why when it is not its origin's. */
export interface OutputEncoding {
  readonly encoding: GedcomEncoding;
  /**
   * The origin's encoding when it could not hold every character of the records written
   * canonically, so the output is UTF-8 instead (HEAD.CHAR says so); null when kept.
   */
  readonly replaced: GedcomEncoding | null;
  /** Characters `replaced` cannot represent (each would have been written as `?`); 0 when kept. */
  readonly unrepresentable: number;
}

/** Writes the canonical text of some records of an output without building their trees. */
export interface CanonicalSource {
  /** The text canonicalRecordText would write of `rec`'s tree; null when it does not know `rec` or needs the tree. */
  text(rec: GedcomRecord, opts: CanonicalOptions): string | null;
}

/**
 * The document an operation produces: records taken untouched from one origin document (written
 * back as their source bytes) mixed with records created or changed by the operation (written
 * canonically in the origin's version, encoding and terminator). The origin is never modified:
 * changed records are always new record objects over cloned trees. When the output is in
 * another encoding than its origin (see output-encoding.ts), untouched records are re-encoded.
 */
export class OutputDocument implements GedcomDocumentLike {
  /** Built on the first lookup: most outputs are only written. */
  private index: Map<string, GedcomRecord> | null = null;
  /** The origin's records as a set, only when their spans are not in file order (see {@link fromOrigin}). */
  private readonly originRecords: ReadonlySet<GedcomRecord> | null;
  readonly outputEncoding: OutputEncoding;

  constructor(
    readonly version: GedcomVersionInfo,
    readonly encoding: GedcomEncodingInfo,
    readonly terminator: LineTerminator,
    readonly records: GedcomRecord[],
    /** The document whose untouched records may be written as their source bytes. */
    readonly origin: GedcomDocument | null,
    readonly diagnostics: readonly GedcomDiagnostic[] = [],
    replaced: { readonly encoding: GedcomEncoding; readonly unrepresentable: number } | null = null,
    /** Writes records whose canonical text is known without their trees (merge's new right records). */
    readonly canonical: CanonicalSource | null = null,
  ) {
    this.originRecords = origin === null || inFileOrder(origin.records) ? null : new Set(origin.records);
    this.outputEncoding = { encoding: encoding.used, replaced: replaced?.encoding ?? null, unrepresentable: replaced?.unrepresentable ?? 0 };
  }

  byXref(xref: string): GedcomRecord | undefined {
    let index = this.index;
    if (index === null) {
      index = new Map();
      for (const r of this.records) {
        const x = r.xref;
        if (x !== null && !index.has(x)) index.set(x, r);
      }
      this.index = index;
    }
    return index.get(xref);
  }

  /** True when `rec` is a record of the origin (written raw when untouched). */
  fromOrigin(rec: GedcomRecord): boolean {
    if (this.originRecords !== null) return this.originRecords.has(rec);
    const records = this.origin?.records;
    const start = rec.span?.start;
    if (records === undefined || start === undefined) return false;
    // the origin's records by the start of their spans (in file order: checked when the output was made)
    let lo = 0;
    let hi = records.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      // cast: lo <= mid <= hi < records.length, and every record of an origin in file order has a span
      const at = (records[mid] as GedcomRecord).span?.start as number;
      if (at === start) return records[mid] === rec;
      if (at < start) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** The canonical text of a record of `doc` (from `doc`'s {@link CanonicalSource} when it has one that knows the record, else from its tree). */
export function canonicalTextOf(doc: GedcomDocumentLike, rec: GedcomRecord, opts: CanonicalOptions): string {
  return (doc instanceof OutputDocument ? doc.canonical?.text(rec, opts) : null) ?? canonicalRecordText(rec.transientRoot(), opts);
}

/** Whether every record has a span, each starting after the one before (a parsed file's records: no set is needed to know them). */
function inFileOrder(records: readonly GedcomRecord[]): boolean {
  let last = -1;
  for (const r of records) {
    const start = r.span?.start;
    if (start === undefined || start <= last) return false;
    last = start;
  }
  return true;
}

/** The document whose source bytes the untouched records of `doc` are (null: every record is canonical). */
export function originOf(doc: GedcomDocumentLike): GedcomDocument | null {
  return doc instanceof OutputDocument ? doc.origin : doc instanceof GedcomDocument ? doc : null;
}

/** True when `rec` is written from its origin's source bytes (copied, or re-encoded when the output's encoding differs). */
export function writtenFromSource(doc: GedcomDocumentLike, rec: GedcomRecord): boolean {
  return rec.span !== null && originOf(doc) !== null && (doc instanceof OutputDocument ? doc.fromOrigin(rec) : true) && !needsCanonical(rec);
}
