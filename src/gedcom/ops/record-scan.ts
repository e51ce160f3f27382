import type { RecordSpan } from '../model.js';
import type { RecordLineReader } from '../parse/record-lines.js';
import type { DateReader } from './date-value.js';
import type { IndexBuilder, LineValue } from './index-builder.js';
import type { XrefTable } from './xref-table.js';

/** What a scanned record is indexed as. */
export const SCAN_PERSON = 1;
export const SCAN_FAMILY = 2;
export const SCAN_OTHER = 0;
export type ScanKind = typeof SCAN_PERSON | typeof SCAN_FAMILY | typeof SCAN_OTHER;

/** The reader's current line as the builder sees it, decoding its value and resolving its pointer at most once. */
class CachedLine implements LineValue {
  private cached: string | null = null;
  private id = -2;
  constructor(private readonly reader: RecordLineReader) {}
  next(): void {
    this.cached = null;
    this.id = -2;
  }
  pointerId(xrefs: XrefTable): number {
    if (this.id === -2) this.id = this.reader.isPointer ? this.reader.pointerIn(xrefs) : -1;
    return this.id;
  }
  get isPointer(): boolean {
    return this.reader.isPointer;
  }
  pointer(): string {
    return this.reader.pointer();
  }
  value(): string {
    return (this.cached ??= this.reader.value());
  }
}

/**
 * Indexes one record from its source lines, without building its tree. Covers the records whose
 * lines map one to one onto tree nodes by level: every line well formed, no level jump, and no
 * CONC / CONT extending a line whose value the index reads (or continuing a pointer line).
 * Anything else drops what the builder got of the record and returns false, and the caller reads
 * the record's tree instead, so both paths give the same rows and counts. Integrity findings
 * (pointers, invalid DATE lines) are held until the record is known to be readable this way.
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
  private readonly line: CachedLine;

  constructor(
    private readonly reader: RecordLineReader,
    private readonly builder: IndexBuilder,
    private readonly dates: DateReader,
  ) {
    this.line = new CachedLine(reader);
  }

  /** Scan the record at `span` (record number `record` of its document) as `kind`. */
  scan(span: RecordSpan, kind: ScanKind, xref: string, record: number, integrity: boolean): boolean {
    const b = this.builder;
    if (kind === SCAN_PERSON) b.beginPerson(xref, record);
    else if (kind === SCAN_FAMILY) b.beginFamily(xref, record);
    if (!this.lines(span, kind, integrity)) {
      if (kind !== SCAN_OTHER) b.discard();
      return false;
    }
    if (kind === SCAN_PERSON) b.endPerson();
    else if (kind === SCAN_FAMILY) b.endFamily();
    return true;
  }

  private lines(span: RecordSpan, kind: ScanKind, integrity: boolean): boolean {
    const r = this.reader;
    const b = this.builder;
    const line = this.line;
    this.pointers.length = 0;
    this.invalidDates = 0;
    this.impossibleDates = 0;
    r.open(span);
    let previous = -1;
    while (r.next()) {
      if (r.malformed) return false;
      const level = r.level;
      if (previous < 0 ? level !== 0 : level === 0 || level > previous + 1) return false;
      if (!r.hasXref && r.continuation) {
        // folded into the line above (see model.ts): fine unless that line's value was read
        if (this.pointerAt[level - 1] === true || this.readAt[level - 1] === true) return false;
        previous = level - 1;
        continue;
      }
      line.next();
      // the tag as a string only for the lines the builder reads; any other line is matched on its bytes
      const built = kind !== SCAN_OTHER && (level === 1 || (level === 2 && b.readsChildren));
      const tag = built ? r.tag() : '';
      const pointer = r.isPointer;
      if (integrity) {
        if (pointer) {
          const id = line.pointerId(b.xrefs);
          if (id >= 0) this.pointers.push(id);
        }
        if ((built ? tag === 'DATE' : r.tagIs('DATE')) && !this.dates.isValid(line.value())) {
          this.invalidDates++;
          if (this.dates.isImpossible(line.value())) this.impossibleDates++;
        }
      }
      if (built) {
        if (level === 1) b.line1(tag, line);
        else b.line2(tag, line);
      }
      this.pointerAt[level] = pointer;
      this.readAt[level] = r.valueRead;
      previous = level;
    }
    return previous >= 0;
  }
}
