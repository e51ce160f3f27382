import type { GedcomDocumentLike, GedcomNode, GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { DateReader } from './date-value.js';
import type { EventTable } from './event-table.js';
import { EV_DATED, TAG_BAPM, TAG_BIRT, TAG_BURI, TAG_CHR, TAG_CREM, TAG_DEAT } from './event-table.js';
import { IndexBuilder } from './index-builder.js';
import { RecordScan, SCAN_FAMILY, SCAN_OTHER, SCAN_PERSON } from './record-scan.js';
import { RecordLineReader } from '../parse/record-lines.js';
import type { ParseLineSink, ParseLineSource } from '../parse/line-sink.js';
import type { ScanKind } from './record-scan.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * A read-only index of the people and families of a document: typed arrays, one row per person,
 * family, name and event, built in one pass over the records. Untouched records are read line
 * by line from the source bytes (record-scan.ts) and never become trees; edited records are read
 * from their trees; the rules are in index-builder.ts. Memory follows the number of rows, not of
 * JavaScript objects: a person costs a few dozen bytes plus its names and vital events.
 *
 * People are numbered 0..personCount-1 in file order (the first INDI record of each xref),
 * families 0..familyCount-1 likewise. A link whose target is not a person (HUSB, WIFE, CHIL) or
 * not a family (FAMC, FAMS) still has an identity: a "phantom" number at or above personCount
 * (familyCount) whose xref is in personXref (familyXref) and which has no row. Person and family
 * views (index-views.ts) are built only on request.
 */

/** What the builder hands to the index: every field but those the index derives itself (birth, death). */
export type TreeIndexInit = Omit<
  { readonly [K in keyof TreeIndex as TreeIndex[K] extends (...args: never[]) => unknown ? never : K]: TreeIndex[K] },
  'birth' | 'death'
>;

export class TreeIndex {
  readonly personCount!: number;
  readonly familyCount!: number;
  /** Xrefs of the people, then of the phantom people. */
  readonly personXref!: readonly string[];
  /** Xrefs of the families, then of the phantom families. */
  readonly familyXref!: readonly string[];
  /** SEX_U / SEX_M / SEX_F (index-builder.ts) per person. */
  readonly sex!: Uint8Array;
  /** PERSON_SOURCED | VITAL_UNSOURCED per person. */
  readonly personFlags!: Uint8Array;
  /** Names of person p: rows nameStart[p] .. nameStart[p + 1] - 1, string ids. */
  readonly nameStart!: Int32Array;
  readonly nameGiven!: Int32Array;
  readonly nameSurname!: Int32Array;
  readonly nameSuffix!: Int32Array;
  /** NAME.TYPE upper-cased. */
  readonly nameType!: Int32Array;
  /** Births, baptisms, deaths and burials of person p (every event in a view's index), in file order. */
  readonly personEventStart!: Int32Array;
  readonly personEvents!: EventTable;
  /** Parent families (FAMC, not @VOID@) of person p: family numbers, with "birth relation" flags. */
  readonly famcStart!: Int32Array;
  readonly famcFamily!: Int32Array;
  readonly famcBirth!: Uint8Array;
  /** Own families (FAMS) of person p. */
  readonly famsStart!: Int32Array;
  readonly famsFamily!: Int32Array;
  /** VITAL_UNSOURCED per family. */
  readonly familyFlags!: Uint8Array;
  /** First HUSB / WIFE pointer of family f as a person number; -1 when none. */
  readonly husband!: Int32Array;
  readonly wife!: Int32Array;
  readonly childStart!: Int32Array;
  readonly child!: Int32Array;
  /** Every event of family f, in file order. */
  readonly familyEventStart!: Int32Array;
  readonly familyEvents!: EventTable;
  /** Name parts, places and types by string id (0 is ''). */
  readonly strings!: readonly string[];
  /** Record xrefs defined by more than one record, with their number of definitions (first definition order). */
  readonly duplicates!: ReadonlyMap<string, number>;
  /** Pointer values (not `@VOID@`) whose target is not defined, with how often each occurs (first use order). */
  readonly dangling!: ReadonlyMap<string, number>;
  /** Every DATE line that did not parse to a valid date: the xref of its record (or its tag). */
  readonly invalidDates!: readonly string[];
  readonly invalidDateCount!: number;
  /** Of those, every DATE line of a day its calendar does not have (31 APR, 29 FEB 1900): the xref of its record (or its tag). */
  readonly impossibleDates!: readonly string[];
  readonly impossibleDateCount!: number;
  readonly records!: readonly GedcomRecord[];
  readonly personRecord!: Int32Array;
  readonly familyRecord!: Int32Array;
  readonly version!: string;
  /** Living's birth of person p: first dated BIRT, else first dated CHR or BAPM; event row or -1. */
  readonly birth: Int32Array;
  /** First dated DEAT, else first dated BURI or CREM; event row or -1. */
  readonly death: Int32Array;
  private lookup: Map<string, number> | null = null;
  private lookups = 0;

  constructor(init: TreeIndexInit) {
    // Every field of the index as the builder made it, in one place (the declarations above).
    Object.assign(this, init);
    this.birth = new Int32Array(this.personCount);
    this.death = new Int32Array(this.personCount);
    for (let p = 0; p < this.personCount; p++) {
      this.birth[p] = this.firstDated(p, TAG_BIRT, TAG_CHR, TAG_BAPM);
      this.death[p] = this.firstDated(p, TAG_DEAT, TAG_BURI, TAG_CREM);
    }
  }

  isPerson(p: number): boolean {
    return p >= 0 && p < this.personCount;
  }

  isFamily(f: number): boolean {
    return f >= 0 && f < this.familyCount;
  }

  /** The person number of an xref, -1 when it is not a person of the index. */
  findPerson(xref: string): number {
    // one lookup (a subtree's or a quality's root) is a scan; a map of every person pays only from the second
    if (this.lookup === null && this.lookups++ === 0) {
      // cast: p < personCount, and personXref lists the people first
      for (let p = 0; p < this.personCount; p++) if ((this.personXref[p] as string) === xref) return p;
      return -1;
    }
    if (this.lookup === null) {
      const lookup = new Map<string, number>();
      // cast: p < personCount, and personXref lists the people first
      for (let p = 0; p < this.personCount; p++) lookup.set(this.personXref[p] as string, p);
      this.lookup = lookup;
    }
    return this.lookup.get(xref) ?? -1;
  }

  /** First event row of person p with tag `tag` (dated or not), -1 when none. */
  firstEvent(p: number, tag: number): number {
    const t = this.personEvents.tag;
    // cast: personEventStart has an entry per person plus one, and callers pass a person number
    for (let e = this.personEventStart[p] as number, end = this.personEventStart[p + 1] as number; e < end; e++) if (t[e] === tag) return e;
    return -1;
  }

  /** First event row of person p with one of the tags (dated or not), -1 when none. */
  firstEventOf(p: number, a: number, b: number): number {
    const t = this.personEvents.tag;
    // cast: personEventStart has an entry per person plus one, and callers pass a person number
    for (let e = this.personEventStart[p] as number, end = this.personEventStart[p + 1] as number; e < end; e++) if (t[e] === a || t[e] === b) return e;
    return -1;
  }

  /** First dated event tagged `first`, else the first dated one tagged `a` or `b`; -1 when none. */
  private firstDated(p: number, first: number, a: number, b: number): number {
    const t = this.personEvents.tag;
    const f = this.personEvents.flags;
    // cast: personEventStart has an entry per person plus one, and callers pass a person number
    const start = this.personEventStart[p] as number;
    // cast: personEventStart has an entry per person plus one, and callers pass a person number
    const end = this.personEventStart[p + 1] as number;
    // cast: start <= e < end = personEventStart[p + 1] <= the flags' length
    for (let e = start; e < end; e++) if (t[e] === first && ((f[e] as number) & EV_DATED) !== 0) return e;
    // cast: start <= e < end = personEventStart[p + 1] <= the flags' length
    for (let e = start; e < end; e++) if ((t[e] === a || t[e] === b) && ((f[e] as number) & EV_DATED) !== 0) return e;
    return -1;
  }

  /** The family of the person's first birth FAMC link (else the first link) when it is a family; -1 otherwise. */
  parentFamily(p: number): number {
    // cast: famcStart has an entry per person plus one, and callers pass a person number
    const start = this.famcStart[p] as number;
    // cast: famcStart has an entry per person plus one, and callers pass a person number
    const end = this.famcStart[p + 1] as number;
    if (start === end) return -1;
    let link = start;
    for (let l = start; l < end; l++) {
      if (this.famcBirth[l] === 1) {
        link = l;
        break;
      }
    }
    // cast: start <= link < end = famcStart[p + 1] <= famcFamily.length (start === end returned above)
    const f = this.famcFamily[link] as number;
    return f < this.familyCount ? f : -1;
  }

  /** The other spouse of family f seen from person p (a person number or phantom), -1 when none. */
  spouseIn(f: number, p: number): number {
    // cast: callers pass a family number, and wife has an entry per family
    if (this.husband[f] === p) return this.wife[f] as number;
    // cast: callers pass a family number, and husband has an entry per family
    if (this.wife[f] === p) return this.husband[f] as number;
    return -1;
  }
}

function dateVersionOf(doc: GedcomDocumentLike): string {
  return doc.version.family ?? (doc.version.isV7 ? '7.0' : '5.5.1');
}

/** The tree of a record without keeping a materialized copy on an untouched record. */
export function transientTree(rec: GedcomRecord): GedcomNode {
  return rec.transientRoot();
}

/** Calls `visit` for every pointer line (not `@VOID@`) of a tree. */
export function forEachPointer(node: GedcomNode, visit: (pointer: string, node: GedcomNode) => void): void {
  const stack: GedcomNode[] = [node];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    if (n.pointer !== null && n.pointer !== '@VOID@') visit(n.pointer, n);
    // cast: 0 <= i < n.children.length
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as GedcomNode);
  }
}

/** Invalid DATE lines of a tree, and of those the impossible ones. */
function countInvalidDates(node: GedcomNode, dates: DateReader): { invalid: number; impossible: number } {
  const n = { invalid: 0, impossible: 0 };
  const stack: GedcomNode[] = [node];
  for (let x = stack.pop(); x !== undefined; x = stack.pop()) {
    if (x.tag === 'DATE' && !dates.isValid(x.value)) {
      n.invalid++;
      if (dates.isImpossible(x.value)) n.impossible++;
    }
    for (const c of x.children) stack.push(c);
  }
  return n;
}

export interface IndexOptions {
  /** Also check every DATE line (not only event dates) and collect dangling pointers. Default true. */
  readonly integrity?: boolean;
  /** Record xrefs listed in `invalidDates` at most. */
  readonly maxListed?: number;
  /** Read the places of events (merge compares them). Default false. */
  readonly places?: boolean;
  /**
   * Read the links only (parent and own families, spouses, children, birth relations): the index
   * has no names, sex, flags or events (walks such as a subtree's need nothing else). Default false.
   */
  readonly linksOnly?: boolean;
  /** Called every few thousand records. */
  readonly onRecord?: (done: number) => void;
  /** Told the records indexed (stage 'index') every STEP_MASK + 1 records; may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
}

/** Build the index of a document. */
export function indexTree(doc: GedcomDocumentLike, options: IndexOptions = {}): TreeIndex {
  const monitor = options.monitor ?? SILENT_MONITOR;
  const records = doc.records;
  const total = records.length;
  monitor.step('index', 0, total);
  let expectedPeople = 0;
  let expectedFamilies = 0;
  for (const rec of records) {
    const tag = rec.tag;
    if (tag === 'INDI') expectedPeople++;
    else if (tag === 'FAM') expectedFamilies++;
  }
  const pass = new IndexPass(dateVersionOf(doc), options, expectedPeople, expectedFamilies, total);
  const reader = doc instanceof GedcomDocument ? doc.lineReader() : null;
  const scan = pass.scan;
  for (let r = 0; r < total; r++) {
    if (((r + 1) & STEP_MASK) === 0) monitor.step('index', r + 1, total);
    // cast: r < total = records.length
    const rec = records[r] as GedcomRecord;
    const xref = rec.xref;
    if (!pass.open(r, rec.tag, xref)) continue;
    // untouched records are read from their source lines; edited ones (and the rare record the
    // line reader cannot cover) from their tree
    if (reader !== null && rec.span !== null && !rec.materialized && scan.scan(reader, rec.span, pass.kind, xref ?? '', r, pass.integrity)) pass.scanned();
    else pass.tree(rec, r);
    pass.close(r);
  }
  reader?.close();
  const index = pass.finish(records);
  monitor.step('index', total, total);
  return index;
}

/**
 * The index built in the parse's own pass (a {@link ParseLineSink} of parseGedcomBytes): each
 * record's lines are read as the parse tokenizes them, not tokenized a second time. Same rows
 * as {@link indexTree} of the parsed document with the same options: when a record cannot be read
 * from its lines (a malformed line, a level jump, a continued value the index reads), the fold
 * stops and {@link index} builds the index with indexTree instead.
 */
export class IndexFold implements ParseLineSink {
  private pass: IndexPass | null = null;
  private reader: RecordLineReader | null = null;
  private active = false;
  private current = -1;
  private records = 0;
  private abandoned = false;
  /** Whether {@link index} answered from the parse's pass (false: it ran indexTree). */
  folded = false;

  constructor(private readonly options: IndexOptions = {}) {}

  begin(source: ParseLineSource): void {
    const v = source.version;
    const version = v.family ?? (v.isV7 ? '7.0' : '5.5.1');
    // the records are not counted yet: tables sized from the bytes (they grow past it)
    const expectedRecords = Math.ceil(source.text.length / BYTES_PER_RECORD);
    this.pass = new IndexPass(version, this.options, Math.ceil(expectedRecords * PEOPLE_SHARE), Math.ceil(expectedRecords * FAMILY_SHARE), expectedRecords);
    this.reader = new RecordLineReader(source.text, source.ctx, source.scanner);
  }

  record(record: number, tag: string, xref: string | null): void {
    this.endRecord();
    const pass = this.pass;
    if (this.abandoned || pass === null) return;
    this.current = record;
    this.records = record + 1;
    this.active = pass.open(record, tag, xref);
    if (this.active) pass.scan.begin(pass.kind, xref ?? '', record, pass.integrity);
  }

  line(): void {
    if (!this.active) return;
    // cast: active only after begin, which made the pass and the reader
    const reader = this.reader as RecordLineReader;
    reader.valueRead = false;
    // cast: active only after begin, which made the pass and the reader
    (this.pass as IndexPass).scan.next(reader);
  }

  /**
   * The index of `doc`, the document the parse made while telling this fold its lines; `monitor`
   * (default: the options') is told the records indexed (stage 'index').
   */
  index(doc: GedcomDocumentLike, monitor: WorkMonitor = this.options.monitor ?? SILENT_MONITOR): TreeIndex {
    this.endRecord();
    const pass = this.pass;
    this.pass = null;
    this.reader = null;
    if (pass === null || this.abandoned || this.records !== doc.records.length) return indexTree(doc, { ...this.options, monitor });
    const total = doc.records.length;
    monitor.step('index', 0, total);
    const index = pass.finish(doc.records);
    monitor.step('index', total, total);
    this.folded = true;
    return index;
  }

  private endRecord(): void {
    if (!this.active) return;
    this.active = false;
    // cast: active only after begin, which made the pass
    const pass = this.pass as IndexPass;
    if (!pass.scan.end()) {
      // the record needs its tree, which the parse has not made: indexTree builds the whole index instead
      this.abandoned = true;
      return;
    }
    pass.scanned();
    pass.close(this.current);
  }
}

/** Bytes per record assumed to size the fold's tables before the records are counted. */
const BYTES_PER_RECORD = 256;
/** Shares of people and families among the records assumed likewise (an over-sized table costs a copy when the index is finished). */
const PEOPLE_SHARE = 0.7;
const FAMILY_SHARE = 0.35;

/** The index being built, one record after the other in file order (from its lines or from its tree). */
class IndexPass {
  readonly builder: IndexBuilder;
  readonly scan: RecordScan;
  readonly integrity: boolean;
  /** What the record opened last is indexed as, and its xref id (-1: none). */
  kind: ScanKind = SCAN_OTHER;
  private id = -1;
  private xref: string | null = null;
  private tag = '';
  private readonly dates: DateReader;
  private readonly maxListed: number;
  private readonly invalidDates: string[] = [];
  private invalidDateCount = 0;
  private readonly impossibleDates: string[] = [];
  private impossibleDateCount = 0;

  constructor(
    private readonly version: string,
    private readonly options: IndexOptions,
    expectedPeople: number,
    expectedFamilies: number,
    expectedRecords: number,
  ) {
    this.integrity = options.integrity ?? true;
    this.maxListed = options.maxListed ?? 100;
    this.builder = new IndexBuilder({
      version,
      allEvents: false,
      places: options.places === true,
      linksOnly: options.linksOnly === true,
      expectedPeople,
      expectedFamilies,
      expectedRecords,
    });
    this.dates = new DateReader(version);
    this.scan = new RecordScan(this.builder, this.dates);
  }

  /** Record number `r` starts: counts its definition; false when the index skips it. */
  open(r: number, tag: string, xref: string | null): boolean {
    const xrefs = this.builder.xrefs;
    let kind: ScanKind = SCAN_OTHER;
    let id = -1;
    if (xref !== null) {
      id = xrefs.define(xref, r);
      if (tag === 'INDI' && xrefs.person.get(id) < 0) kind = SCAN_PERSON;
      else if (tag === 'FAM' && xrefs.family.get(id) < 0) kind = SCAN_FAMILY;
    }
    this.kind = kind;
    this.id = id;
    this.xref = xref;
    this.tag = tag;
    return this.integrity || kind !== SCAN_OTHER;
  }

  /** The open record was read from its lines by {@link scan}. */
  scanned(): void {
    const scan = this.scan;
    const xrefs = this.builder.xrefs;
    for (const id of scan.pointers) xrefs.pointAt(id);
    if (scan.invalidDates > 0) this.invalidDate(scan.invalidDates, scan.impossibleDates);
  }

  /** The open record, read from its tree. */
  tree(rec: GedcomRecord, r: number): void {
    const root = transientTree(rec);
    const builder = this.builder;
    if (this.kind === SCAN_PERSON) builder.person(root, r);
    else if (this.kind === SCAN_FAMILY) builder.family(root, r);
    if (this.integrity) {
      const xrefs = builder.xrefs;
      forEachPointer(root, (p) => xrefs.point(p));
      const n = countInvalidDates(root, this.dates);
      if (n.invalid > 0) this.invalidDate(n.invalid, n.impossible);
    }
  }

  /** The open record (number `r`) is indexed. */
  close(r: number): void {
    const builder = this.builder;
    if (this.kind === SCAN_PERSON) builder.xrefs.person.set(this.id, builder.personCount - 1);
    else if (this.kind === SCAN_FAMILY) builder.xrefs.family.set(this.id, builder.familyCount - 1);
    if ((r + 1) % 5000 === 0) this.options.onRecord?.(r + 1);
  }

  finish(records: readonly GedcomRecord[]): TreeIndex {
    const dates = {
      invalidDates: this.invalidDates,
      invalidDateCount: this.invalidDateCount,
      impossibleDates: this.impossibleDates,
      impossibleDateCount: this.impossibleDateCount,
    };
    return finishIndex(this.builder, records, this.version, this.integrity, dates);
  }

  private invalidDate(n: number, impossible: number): void {
    const at = this.xref ?? this.tag;
    this.invalidDateCount += n;
    for (let i = 0; i < n && this.invalidDates.length < this.maxListed; i++) this.invalidDates.push(at);
    this.impossibleDateCount += impossible;
    for (let i = 0; i < impossible && this.impossibleDates.length < this.maxListed; i++) this.impossibleDates.push(at);
  }
}

/** Resolve the builder's xref ids into person and family numbers (phantoms for other targets). */
function finishIndex(
  builder: IndexBuilder,
  records: readonly GedcomRecord[],
  version: string,
  integrity: boolean,
  dates: Pick<TreeIndex, 'invalidDates' | 'invalidDateCount' | 'impossibleDates' | 'impossibleDateCount'>,
): TreeIndex {
  builder.finish();
  const xrefs = builder.xrefs;
  const personCount = builder.personCount;
  const familyCount = builder.familyCount;
  const personXref = builder.personXref;
  const familyXref = builder.familyXref;
  const personPhantom = new Map<number, number>();
  const familyPhantom = new Map<number, number>();
  const asPerson = (id: number): number => {
    if (id < 0) return -1;
    const p = xrefs.person.get(id);
    if (p >= 0) return p;
    let ph = personPhantom.get(id);
    if (ph === undefined) {
      personPhantom.set(id, (ph = personXref.length));
      // cast: id is an xref id of the table, which has a string for every id
      personXref.push(xrefs.xrefs[id] as string);
    }
    return ph;
  };
  const asFamily = (id: number): number => {
    const f = xrefs.family.get(id);
    if (f >= 0) return f;
    let ph = familyPhantom.get(id);
    if (ph === undefined) {
      familyPhantom.set(id, (ph = familyXref.length));
      // cast: id is an xref id of the table, which has a string for every id
      familyXref.push(xrefs.xrefs[id] as string);
    }
    return ph;
  };
  const resolve = (ids: Int32Array, as: (id: number) => number): Int32Array => {
    // cast: i < ids.length
    for (let i = 0; i < ids.length; i++) ids[i] = as(ids[i] as number);
    return ids;
  };
  const duplicates = new Map<string, number>();
  const dangling = new Map<string, number>();
  if (integrity) {
    const dup: number[] = [];
    const dang: number[] = [];
    for (let id = 0; id < xrefs.size; id++) {
      if (xrefs.definitions.get(id) > 1) dup.push(id);
      if (xrefs.definitions.get(id) === 0 && xrefs.pointers.get(id) > 0) dang.push(id);
    }
    dup.sort((a, b) => xrefs.firstDefined.get(a) - xrefs.firstDefined.get(b));
    dang.sort((a, b) => xrefs.firstPointed.get(a) - xrefs.firstPointed.get(b));
    // cast: dup holds xref ids < xrefs.size, each with its string
    for (const id of dup) duplicates.set(xrefs.xrefs[id] as string, xrefs.definitions.get(id));
    // cast: dang holds xref ids < xrefs.size, each with its string
    for (const id of dang) dangling.set(xrefs.xrefs[id] as string, xrefs.pointers.get(id));
  }
  return new TreeIndex({
    personCount,
    familyCount,
    personXref,
    familyXref,
    sex: builder.sex.done(),
    personFlags: builder.personFlags.done(),
    nameStart: builder.nameStart.done(),
    nameGiven: builder.nameGiven.done(),
    nameSurname: builder.nameSurname.done(),
    nameSuffix: builder.nameSuffix.done(),
    nameType: builder.nameType.done(),
    personEventStart: builder.personEventStart.done(),
    personEvents: builder.personEvents.done(),
    famcStart: builder.famcStart.done(),
    famcFamily: resolve(builder.famcTarget.done(), asFamily),
    famcBirth: builder.famcBirth.done(),
    famsStart: builder.famsStart.done(),
    famsFamily: resolve(builder.famsTarget.done(), asFamily),
    familyFlags: builder.familyFlags.done(),
    husband: resolve(builder.husband.done(), asPerson),
    wife: resolve(builder.wife.done(), asPerson),
    childStart: builder.childStart.done(),
    child: resolve(builder.childTarget.done(), asPerson),
    familyEventStart: builder.familyEventStart.done(),
    familyEvents: builder.familyEvents.done(),
    strings: builder.strings.done(),
    duplicates,
    dangling,
    ...dates,
    records,
    personRecord: builder.personRecord.done(),
    familyRecord: builder.familyRecord.done(),
    version,
  });
}
