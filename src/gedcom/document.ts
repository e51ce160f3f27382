import type {
  GedcomDiagnostic,
  GedcomDocumentLike,
  GedcomEncoding,
  GedcomEncodingInfo,
  GedcomNode,
  GedcomVersionFamily,
  GedcomVersionInfo,
  LineTerminator,
  RecordMaterializer,
  RecordSpan,
} from './model.js';
import { GedcomRecord } from './model.js';
import type { DiagnosticSummary } from './diagnostics.js';
import { DiagnosticLog } from './diagnostics.js';
import { SourceText } from './source-text.js';
import type { MaterializeContext } from './parse/materialize.js';
import { RowArena, readRecordTable } from './parse/record-table.js';
import { RecordLineReader } from './parse/record-lines.js';
import { classifyVersion } from './version.js';
import { TagInterner } from './lines/tag-interner.js';
import { payloadCodec } from './decode/codecs.js';

/** Line statistics kept from parsing. */
export interface LineStats {
  readonly lineCount: number;
  readonly maxLevel: number;
  readonly maxLineLength: number;
  /** Lines per terminator kind. */
  readonly terminators: Readonly<Record<'LF' | 'CRLF' | 'CR' | 'LFCR', number>>;
}

export interface DocumentInit {
  readonly source: SourceText;
  readonly version: GedcomVersionInfo;
  readonly encoding: GedcomEncodingInfo;
  readonly terminator: LineTerminator;
  readonly log: DiagnosticLog;
  readonly preambleEnd: number;
  readonly lfcr: boolean;
  readonly lineStats: LineStats;
  readonly interner: TagInterner;
}

/** The tree of a record with no line (a span holding only blank lines): a placeholder node. */
const emptyRecord = (line: number): GedcomNode => ({ tag: '', xref: null, pointer: null, value: '', children: [], line, raw: '' });

/**
 * A parsed (or created) GEDCOM file: records over the source bytes. See model.ts for the model
 * rules. Records are created by the parser through {@link GedcomDocument.addParsedRecord}.
 */
export class GedcomDocument implements GedcomDocumentLike, RecordMaterializer {
  readonly source: SourceText;
  readonly version: GedcomVersionInfo;
  readonly encoding: GedcomEncodingInfo;
  /** Terminator for canonical writing; may be changed before writing. */
  terminator: LineTerminator;
  readonly records: GedcomRecord[] = [];
  /** Bytes of `source.text` before the first record (blank lines), written as they were. */
  readonly preambleEnd: number;
  readonly lineStats: LineStats;
  private readonly log: DiagnosticLog;
  private readonly ctx: MaterializeContext;
  private xrefIndex: Map<string, GedcomRecord> | null = null;
  private readonly arena = new RowArena();

  constructor(init: DocumentInit) {
    this.source = init.source;
    this.version = init.version;
    this.encoding = init.encoding;
    this.terminator = init.terminator;
    this.log = init.log;
    this.preambleEnd = init.preambleEnd;
    this.lineStats = init.lineStats;
    this.ctx = { codec: init.source.codec, isV7: init.version.isV7, interner: init.interner, lfcr: init.lfcr, utf8: init.source.codec.encoding === 'UTF-8' };
  }

  /** An empty document to fill in memory (converters, generators, tests). */
  static create(options: { version: GedcomVersionFamily | string; encoding?: GedcomEncoding; terminator?: LineTerminator; bom?: boolean }): GedcomDocument {
    const encoding = options.encoding ?? 'UTF-8';
    const bom = options.bom === true && (encoding === 'UTF-8' || encoding === 'UTF-16LE' || encoding === 'UTF-16BE') ? encoding : null;
    const codec = payloadCodec(encoding);
    return new GedcomDocument({
      source: new SourceText(Buffer.alloc(0), encoding, bom),
      version: classifyVersion(options.version),
      encoding: { declared: null, used: encoding, bom, asciiOnly: true },
      terminator: options.terminator ?? 'LF',
      log: new DiagnosticLog(),
      preambleEnd: 0,
      lfcr: false,
      lineStats: { lineCount: 0, maxLevel: 0, maxLineLength: 0, terminators: { LF: 0, CRLF: 0, CR: 0, LFCR: 0 } },
      interner: new TagInterner((b, s, e) => codec.decode(b, s, e)),
    });
  }

  /** Diagnostics found while parsing (kept entries; see {@link diagnosticSummary}). */
  get diagnostics(): readonly GedcomDiagnostic[] {
    return this.log.entries;
  }

  /** Every diagnostic code with its count and first line. */
  diagnosticSummary(): DiagnosticSummary[] {
    return this.log.summary();
  }

  /** Used by the parser. */
  addParsedRecord(span: RecordSpan, tag: string, xref: string | null): GedcomRecord {
    const rec = GedcomRecord.fromSpan(span, this, tag, xref);
    this.records.push(rec);
    return rec;
  }

  materialize(span: RecordSpan): GedcomNode {
    const table = readRecordTable(this.source.text, span.start, span.end, span.line, this.ctx, null);
    return table === null ? emptyRecord(span.line) : table.plainTree();
  }

  retained(span: RecordSpan): GedcomNode {
    const table = readRecordTable(this.source.text, span.start, span.end, span.line, this.ctx, this.arena);
    return table === null ? emptyRecord(span.line) : table.node(0);
  }

  /**
   * Whether span `a` of this document and span `b` of `other` hold the same bytes read with the
   * same rules (encoding, version, terminators), so that their trees are equal: a comparison
   * that builds neither tree. False means only "not known equal".
   */
  sameSpanBytes(a: RecordSpan, other: GedcomDocument, b: RecordSpan): boolean {
    const c = this.ctx;
    const d = other.ctx;
    if (c.codec.encoding !== d.codec.encoding || c.isV7 !== d.isV7 || c.lfcr !== d.lfcr || a.end - a.start !== b.end - b.start) return false;
    return this.source.text.compare(other.source.text, b.start, b.end, a.start, a.end) === 0;
  }

  /** A reader of record lines over the source bytes (see parse/record-lines.ts); one per pass. */
  lineReader(): RecordLineReader {
    return new RecordLineReader(this.source.text, this.ctx);
  }

  /** Append a record created in memory. */
  addRecord(root: GedcomNode): GedcomRecord {
    const rec = GedcomRecord.create(root);
    const trailer = this.records.length > 0 && this.records[this.records.length - 1]?.tag === 'TRLR' ? this.records.length - 1 : this.records.length;
    this.records.splice(trailer, 0, rec);
    if (this.xrefIndex !== null && rec.xref !== null && !this.xrefIndex.has(rec.xref)) this.xrefIndex.set(rec.xref, rec);
    return rec;
  }

  /** First record with this xref (with `@`), or undefined. */
  byXref(xref: string): GedcomRecord | undefined {
    let index = this.xrefIndex;
    if (index === null) index = this.reindex();
    const hit = index.get(xref);
    if (hit !== undefined && hit.xref === xref) return hit;
    if (hit !== undefined) return this.reindex().get(xref);
    return undefined;
  }

  /** Rebuild the xref index; call after removing records or changing record xrefs. */
  reindex(): Map<string, GedcomRecord> {
    const index = new Map<string, GedcomRecord>();
    for (const r of this.records) {
      const x = r.xref;
      if (x !== null && !index.has(x)) index.set(x, r);
    }
    this.xrefIndex = index;
    return index;
  }

  /** The HEAD record, if the file has one. */
  get header(): GedcomRecord | undefined {
    return this.records.find((r) => r.tag === 'HEAD');
  }

  /** Records with this tag, in order. */
  recordsOf(tag: string): GedcomRecord[] {
    return this.records.filter((r) => r.tag === tag);
  }

  /** Build every record tree now, in its compact form (benchmarks, bulk operations; see parse/record-table.ts). */
  materializeAll(): void {
    for (const r of this.records) void r.root;
  }
}
