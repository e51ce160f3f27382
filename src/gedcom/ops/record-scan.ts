import type { RecordSpan } from '../model.js';
import type { PointerTable, RecordLineReader } from '../parse/record-lines.js';
import { dateScratch } from './date-value.js';
import type { DateReader, DateScratch } from './date-value.js';
import type { IndexBuilder, LineValue } from './index-builder.js';
import type { XrefTable } from './xref-table.js';
import { tagCode } from '../lines/tag-code.js';

const TAG_DATE = tagCode('DATE');

/** What a scanned record is indexed as. */
export const SCAN_PERSON = 1;
export const SCAN_FAMILY = 2;
export const SCAN_OTHER = 0;
export type ScanKind = typeof SCAN_PERSON | typeof SCAN_FAMILY | typeof SCAN_OTHER;

/** The line a record scan reads: a {@link RecordLineReader}'s (src/gedcom/parse/record-lines.ts), over a record or over the parse's scanner. */
export interface ScanLine {
  readonly malformed: boolean;
  readonly level: number;
  readonly hasXref: boolean;
  /** A CONC or CONT line. */
  readonly continuation: boolean;
  readonly isPointer: boolean;
  /** Whether the value was read on this line ({@link value}, or its bytes by a reader that sets this): a continuation line then needs the tree. */
  valueRead: boolean;
  /** The payload as written: source[valueStart, valueEnd). */
  readonly source: Buffer;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** Whether the payload's bytes decode part by part (RecordLineReader.plainValue). */
  readonly plainValue: boolean;
  /** The text of a piece of a {@link plainValue} payload. */
  text(start: number, end: number): string;
  /** The tag's code (lines/tag-code.ts), case folded as the parse reads tags. */
  tagCode(): number;
  pointer(): string;
  pointerIn(table: PointerTable): number;
  value(): string;
}

/** The current line as the builder sees it, decoding its value and resolving its pointer at most once. */
class CachedLine implements LineValue {
  private cached: string | null = null;
  private id = -2;
  /** The line's value read as a date (valid when `dated`): the integrity check and the builder read an event's DATE once. */
  private readonly date = dateScratch();
  private dated = false;
  reader: ScanLine | null = null;
  next(reader: ScanLine): void {
    this.reader = reader;
    this.cached = null;
    this.id = -2;
    this.dated = false;
  }
  dateInto(dates: DateReader, out: DateScratch): void {
    const d = this.date;
    if (!this.dated) {
      // every DateReader of a scan reads the same version's dates; the common form from the bytes, without a string
      const r = this.r;
      r.valueRead = true;
      dates.intoBytes(r.source, r.valueStart, r.valueEnd, this, d);
      this.dated = true;
    }
    out.valid = d.valid;
    out.earliest = d.earliest;
    out.latest = d.latest;
    out.approximate = d.approximate;
    out.ranged = d.ranged;
  }
  private get r(): ScanLine {
    // cast: next() sets the reader before the builder reads a line
    return this.reader as ScanLine;
  }
  pointerId(xrefs: XrefTable): number {
    if (this.id === -2) this.id = this.r.isPointer ? this.r.pointerIn(xrefs) : -1;
    return this.id;
  }
  get isPointer(): boolean {
    return this.r.isPointer;
  }
  pointer(): string {
    return this.r.pointer();
  }
  value(): string {
    return (this.cached ??= this.r.value());
  }
  plain(): Uint8Array | null {
    const r = this.r;
    if (!r.plainValue) return null;
    r.valueRead = true;
    return r.source;
  }
  get valueStart(): number {
    return this.r.valueStart;
  }
  get valueEnd(): number {
    return this.r.valueEnd;
  }
  text(start: number, end: number): string {
    return this.r.text(start, end);
  }
}

/**
 * Indexes one record from its source lines, without building its tree. Covers the records whose
 * lines map one to one onto tree nodes by level: every line well formed, no level jump, and no
 * CONC / CONT extending a line whose value the index reads (or continuing a pointer line).
 * Anything else drops what the builder got of the record and answers false, and the caller reads
 * the record's tree instead, so both paths give the same rows and counts. Integrity findings
 * (pointers, invalid DATE lines) are held until the record is known to be readable this way.
 *
 * The lines are pushed: {@link begin}, {@link line} for each non-blank line, {@link end}; either
 * from a record's span ({@link scan}) or while the parse tokenizes the file.
 */
export class RecordScan {
  /** Xref ids (builder.xrefs) of the non-void pointers of the last record scanned, in line order. */
  readonly pointers: number[] = [];
  /** DATE lines of the last record scanned that do not parse. */
  invalidDates = 0;
  /** Of those, the ones of a day their calendar does not have. */
  impossibleDates = 0;
  private readonly pointerAt: boolean[] = [];
  private readonly readAt: boolean[] = [];
  private readonly line = new CachedLine();
  private readonly check = dateScratch();
  private kind: ScanKind = SCAN_OTHER;
  private integrity = true;
  private previous = -1;
  private failed = false;

  constructor(
    private readonly builder: IndexBuilder,
    private readonly dates: DateReader,
  ) {}

  /** Scan the record at `span` (record number `record` of its document) as `kind`, its lines read by `reader`. */
  scan(reader: RecordLineReader, span: RecordSpan, kind: ScanKind, xref: string, record: number, integrity: boolean): boolean {
    this.begin(kind, xref, record, integrity);
    reader.open(span);
    while (reader.next()) this.next(reader);
    return this.end();
  }

  /** A record starts. */
  begin(kind: ScanKind, xref: string, record: number, integrity: boolean): void {
    const b = this.builder;
    this.kind = kind;
    this.integrity = integrity;
    this.pointers.length = 0;
    this.invalidDates = 0;
    this.impossibleDates = 0;
    this.previous = -1;
    this.failed = false;
    if (kind === SCAN_PERSON) b.beginPerson(xref, record);
    else if (kind === SCAN_FAMILY) b.beginFamily(xref, record);
  }

  /** The record's next non-blank line (the first is its level-0 line). */
  next(r: ScanLine): void {
    if (this.failed) return;
    const b = this.builder;
    const line = this.line;
    const previous = this.previous;
    if (r.malformed) {
      this.failed = true;
      return;
    }
    const level = r.level;
    if (previous < 0 ? level !== 0 : level === 0 || level > previous + 1) {
      this.failed = true;
      return;
    }
    if (!r.hasXref && r.continuation) {
      // folded into the line above (see model.ts): fine unless that line's value was read
      if (this.pointerAt[level - 1] === true || this.readAt[level - 1] === true) this.failed = true;
      else this.previous = level - 1;
      return;
    }
    line.next(r);
    const kind = this.kind;
    // the tag as an integer from its bytes, never a string
    const tag = r.tagCode();
    const pointer = r.isPointer;
    if (this.integrity) {
      if (pointer) {
        const id = line.pointerId(b.xrefs);
        if (id >= 0) this.pointers.push(id);
      }
      if (tag === TAG_DATE && !this.validDate()) {
        this.invalidDates++;
        if (this.dates.isImpossible(line.value())) this.impossibleDates++;
      }
    }
    if (kind !== SCAN_OTHER) {
      if (level === 1) b.line1(tag, line);
      else if (level === 2 && b.readsChildren) b.line2(tag, line);
    }
    this.pointerAt[level] = pointer;
    this.readAt[level] = r.valueRead;
    this.previous = level;
  }

  /** Whether the current line's value is a valid date. */
  private validDate(): boolean {
    const check = this.check;
    this.line.dateInto(this.dates, check);
    return check.valid;
  }

  /** The record has ended: true when it was read this way (its rows are in the builder), false when the builder dropped it. */
  end(): boolean {
    const b = this.builder;
    const kind = this.kind;
    this.line.reader = null;
    if (this.failed || this.previous < 0) {
      if (kind !== SCAN_OTHER) b.discard();
      return false;
    }
    if (kind === SCAN_PERSON) b.endPerson();
    else if (kind === SCAN_FAMILY) b.endFamily();
    return true;
  }
}
