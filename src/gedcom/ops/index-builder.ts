import type { GedcomNode } from '../model.js';
import { DateReader, dateScratch } from './date-value.js';
import type { DateScratch } from './date-value.js';
import {
  EVENT_CODE_BY_TAG,
  EventTableBuilder,
  EV_APPROXIMATE,
  EV_DATED,
  EV_DATE_VALID,
  EV_SOURCED,
  PERSON_VITAL_CODES,
  SOURCE_VITAL_CODES,
} from './event-table.js';
import { GrowInt32, GrowUint8 } from './growable.js';
import { ByteStrings, StringTable } from './string-table.js';
import type { RangeText } from './string-table.js';
import { XrefTable } from './xref-table.js';
import { tagCode } from '../lines/tag-code.js';

/** The codes of the tags the builder reads (lines/tag-code.ts): lines are matched on integers, never on strings. */
const T_SEX = tagCode('SEX');
const T_NAME = tagCode('NAME');
const T_FAMC = tagCode('FAMC');
const T_FAMS = tagCode('FAMS');
const T_SOUR = tagCode('SOUR');
const T_RESN = tagCode('RESN');
const T_HUSB = tagCode('HUSB');
const T_WIFE = tagCode('WIFE');
const T_CHIL = tagCode('CHIL');
const T_GIVN = tagCode('GIVN');
const T_SURN = tagCode('SURN');
const T_NSFX = tagCode('NSFX');
const T_TYPE = tagCode('TYPE');
const T_DATE = tagCode('DATE');
const T_PLAC = tagCode('PLAC');
const T_PEDI = tagCode('PEDI');

/**
 * The rules that turn the lines of a person or family record into the rows of the compact index
 * (tree-index.ts), whether the lines come from a record tree or straight from the source bytes
 * (record-scan.ts): one set of rules for both paths and for the views built on request
 * (index-views.ts), so they cannot disagree. Only level-1 lines and their level-2 children
 * matter; values are decoded only for the lines a row keeps. Links are kept as xref ids
 * (xref-table.ts) and resolved to person and family numbers when the index is finished.
 */

/** One line as the builder sees it: its payload is either a pointer or a value. */
export interface LineValue extends RangeText {
  readonly isPointer: boolean;
  pointer(): string;
  value(): string;
  /**
   * The bytes of the payload when they can be read without {@link value}: then the payload is
   * bytes[valueStart, valueEnd), any piece of it cut at ASCII bytes decodes ({@link text}) to the
   * same piece of value(), and the value counts as read. Null when the value is to be read as text
   * (a tree node, a pointer, an escape, a single-byte or ANSEL source with non-ASCII bytes).
   */
  plain(): Uint8Array | null;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** The id of the pointer payload in `xrefs`; -1 for a value or `@VOID@`. */
  pointerId(xrefs: XrefTable): number;
  /** The value read as a DATE payload by `dates` into `out`. */
  dateInto(dates: DateReader, out: DateScratch): void;
}

/** The id of a line's pointer payload; -1 for a value or `@VOID@`. */
function pointerIdOf(line: LineValue, xrefs: XrefTable): number {
  if (!line.isPointer) return -1;
  const p = line.pointer();
  return p === '@VOID@' ? -1 : xrefs.id(p);
}

export const SEX_U = 0;
export const SEX_M = 1;
export const SEX_F = 2;

/** Person flag: a SOUR citation at level 1 of the record. */
export const PERSON_SOURCED = 1;
/** Person or family flag: an event of SOURCE_VITAL_CODES without a SOUR citation of its own. */
export const VITAL_UNSOURCED = 2;
/** Person flag: a level-1 RESN of `privacy` or `confidential` (5.5.1 lower case, 7.0 a list in upper case): never leaves the machine. */
export const PERSON_RESTRICTED = 4;

/** Whether a RESN payload restricts the record (privacy or confidential; `locked` only forbids edits). */
function isRestriction(value: string): boolean {
  return /\b(privacy|confidential)\b/i.test(value);
}

export interface BuilderOptions {
  readonly version: string;
  /** Records that may become people and families (sizes the tables; they grow past it). */
  readonly expectedPeople: number;
  readonly expectedFamilies: number;
  /** Records of the document (sizes the xref table). */
  readonly expectedRecords?: number;
  /** Keep a row for every event of a person (views); otherwise only births, baptisms, deaths and burials. */
  readonly allEvents: boolean;
  /** Read event places (merge, views). */
  readonly places: boolean;
  /** Read the links only (FAMC with its PEDI, FAMS, HUSB, WIFE, CHIL): no names, sex, flags or events. */
  readonly linksOnly?: boolean;
}

/** A tree node seen as a {@link LineValue} (one reusable adapter, no allocation per node). */
class NodeValue implements LineValue {
  node: GedcomNode | null = null;
  get isPointer(): boolean {
    // cast: walk sets node before each line1/line2 reads this adapter, and clears it only after
    return (this.node as GedcomNode).pointer !== null;
  }
  pointer(): string {
    // cast: walk sets node before each line1/line2 reads this adapter, and clears it only after
    return (this.node as GedcomNode).pointer ?? '';
  }
  value(): string {
    // cast: walk sets node before each line1/line2 reads this adapter, and clears it only after
    return (this.node as GedcomNode).value;
  }
  plain(): null {
    return null;
  }
  readonly valueStart = 0;
  readonly valueEnd = 0;
  text(): string {
    return '';
  }
  pointerId(xrefs: XrefTable): number {
    return pointerIdOf(this, xrefs);
  }
  dateInto(dates: DateReader, out: DateScratch): void {
    dates.into(this.value(), out);
  }
}

const WHITESPACE_RUN = /\s+/g;

/** `text` with every run of whitespace made one space; a name of printable ASCII with single spaces is returned as it is, without a regular expression. */
function collapseWhitespace(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 ? text.charCodeAt(i + 1) === 32 : c < 32 || c > 126) return text.replace(WHITESPACE_RUN, ' ');
  }
  return text;
}

function sexOf(value: string): number {
  const v = value.trim().toUpperCase();
  return v === 'M' ? SEX_M : v === 'F' ? SEX_F : SEX_U;
}

/** Whitespace as String.prototype.trim strips it, of the ASCII range. */
const isAsciiSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** {@link sexOf} of a payload's bytes (see LineValue.plain); a payload with bytes past ASCII is decoded by `text`. */
function sexOfBytes(b: Uint8Array, start: number, end: number, text: RangeText): number {
  // cast: start <= index < end, bytes of the payload
  while (start < end && isAsciiSpace(b[start] as number)) start++;
  // cast: start <= index < end, bytes of the payload
  while (end > start && isAsciiSpace(b[end - 1] as number)) end--;
  for (let i = start; i < end; i++) if ((b[i] as number) >= 0x80) return sexOf(text.text(start, end)); // cast: start <= i < end
  if (end - start !== 1) return SEX_U;
  const c = b[start];
  return c === 77 || c === 109 ? SEX_M : c === 70 || c === 102 ? SEX_F : SEX_U;
}

/** A given name or surname as the index keeps it: trimmed, each run of whitespace one space. */
const namePart = (text: string): string => collapseWhitespace(text.trim());
const SLASH = 47;

/** The level-1 structure whose level-2 lines are being read. */
const Open = { None: 0, Name: 1, Event: 2, Famc: 3 } as const;
type Open = (typeof Open)[keyof typeof Open];

/** Lengths of every table when the current record began (to drop a record read half way). */
interface Marks {
  names: number;
  events: number;
  famc: number;
  fams: number;
  children: number;
}

export class IndexBuilder {
  readonly strings = new StringTable();
  /** Name parts by the bytes they were read from (see LineValue.plain). */
  private readonly parts = new ByteStrings(namePart);
  readonly xrefs: XrefTable;
  // people
  readonly personXref: string[] = [];
  readonly personRecord: GrowInt32;
  readonly sex: GrowUint8;
  readonly personFlags: GrowUint8;
  readonly nameStart: GrowInt32;
  readonly nameGiven: GrowInt32;
  readonly nameSurname: GrowInt32;
  readonly nameSuffix: GrowInt32;
  readonly nameType: GrowInt32;
  readonly personEventStart: GrowInt32;
  readonly personEvents: EventTableBuilder;
  readonly famcStart: GrowInt32;
  readonly famcTarget: GrowInt32;
  readonly famcBirth: GrowUint8;
  readonly famsStart: GrowInt32;
  readonly famsTarget: GrowInt32;
  // families
  readonly familyXref: string[] = [];
  readonly familyRecord: GrowInt32;
  readonly familyFlags: GrowUint8;
  readonly husband: GrowInt32;
  readonly wife: GrowInt32;
  readonly childStart: GrowInt32;
  readonly childTarget: GrowInt32;
  readonly familyEventStart: GrowInt32;
  readonly familyEvents: EventTableBuilder;

  private readonly adapter = new NodeValue();
  private readonly childAdapter = new NodeValue();
  private readonly date = dateScratch();
  private readonly dates: DateReader;
  private readonly marks: Marks = { names: 0, events: 0, famc: 0, fams: 0, children: 0 };
  // the record
  private isFamily = false;
  private flags = 0;
  private sexCode = SEX_U;
  private husbandId = -1;
  private wifeId = -1;
  // the open level-1 structure
  private open: Open = Open.None;
  // NAME
  private given = '';
  private surname = '';
  private suffix = '';
  private type = '';
  // event
  private tagCode = 0;
  private kept = false;
  private dated = false;
  private dateValid = true;
  private earliest = -Infinity;
  private latest = Infinity;
  private approximate = false;
  private place = '';
  private eventSourced = false;
  // FAMC
  private famcId = -1;
  private pedi: string | null = null;

  constructor(private readonly options: BuilderOptions) {
    this.dates = new DateReader(options.version);
    this.xrefs = new XrefTable(options.expectedRecords ?? 0);
    const people = options.expectedPeople;
    const families = options.expectedFamilies;
    this.personRecord = new GrowInt32(people);
    this.sex = new GrowUint8(people);
    this.personFlags = new GrowUint8(people);
    this.nameStart = new GrowInt32(people + 1);
    this.nameGiven = new GrowInt32(people);
    this.nameSurname = new GrowInt32(people);
    this.nameSuffix = new GrowInt32(people);
    this.nameType = new GrowInt32(people);
    this.personEventStart = new GrowInt32(people + 1);
    this.personEvents = new EventTableBuilder(2 * people);
    this.famcStart = new GrowInt32(people + 1);
    this.famcTarget = new GrowInt32(people);
    this.famcBirth = new GrowUint8(people);
    this.famsStart = new GrowInt32(people + 1);
    this.famsTarget = new GrowInt32(people);
    this.familyRecord = new GrowInt32(families);
    this.familyFlags = new GrowUint8(families);
    this.husband = new GrowInt32(families);
    this.wife = new GrowInt32(families);
    this.childStart = new GrowInt32(families + 1);
    this.childTarget = new GrowInt32(2 * families);
    this.familyEventStart = new GrowInt32(families + 1);
    this.familyEvents = new EventTableBuilder(families);
  }

  get personCount(): number {
    return this.personXref.length;
  }

  get familyCount(): number {
    return this.familyXref.length;
  }

  beginPerson(xref: string, record: number): void {
    this.isFamily = false;
    this.mark();
    this.personXref.push(xref);
    this.personRecord.push(record);
    this.nameStart.push(this.nameGiven.length);
    this.personEventStart.push(this.personEvents.length);
    this.famcStart.push(this.famcTarget.length);
    this.famsStart.push(this.famsTarget.length);
    this.flags = 0;
    this.sexCode = SEX_U;
    this.open = Open.None;
  }

  beginFamily(xref: string, record: number): void {
    this.isFamily = true;
    this.mark();
    this.familyXref.push(xref);
    this.familyRecord.push(record);
    this.childStart.push(this.childTarget.length);
    this.familyEventStart.push(this.familyEvents.length);
    this.flags = 0;
    this.husbandId = -1;
    this.wifeId = -1;
    this.open = Open.None;
  }

  /** A level-1 line of the record, its tag as a code (lines/tag-code.ts). */
  line1(tag: number, line: LineValue): void {
    this.close();
    if (this.isFamily) this.familyLine(tag, line);
    else this.personLine(tag, line);
  }

  /** Whether the last level-1 line opened a structure whose level-2 lines {@link line2} reads (else it ignores them). */
  get readsChildren(): boolean {
    return this.open !== Open.None;
  }

  /** A level-2 line: a child of the last level-1 line, its tag as a code. */
  line2(tag: number, line: LineValue): void {
    switch (this.open) {
      case Open.Name:
        if (tag === T_GIVN || tag === T_SURN || tag === T_NSFX) {
          const b = tag === T_NSFX ? null : line.plain();
          // from the bytes: the part as finishName makes it, '' when blank
          const v = b === null ? line.value() : this.parts.get(b, line.valueStart, line.valueEnd, line);
          if (v.trim() === '') return;
          if (tag === T_GIVN) this.given = v;
          else if (tag === T_SURN) this.surname = v;
          else this.suffix = v;
        } else if (tag === T_TYPE) this.type = line.value().trim().toUpperCase();
        return;
      case Open.Event:
        if (tag === T_SOUR) this.eventSourced = true;
        else if (!this.kept) return;
        else if (tag === T_DATE) {
          if (this.dated) return;
          const d = this.date;
          line.dateInto(this.dates, d);
          this.dateValid = d.valid;
          if (d.ranged) {
            this.dated = true;
            this.earliest = d.earliest;
            this.latest = d.latest;
            this.approximate = d.approximate;
          } else if (!d.valid) this.dated = true;
        } else if (tag === T_PLAC) {
          if (this.place === '' && this.options.places) this.place = line.value().trim();
        } else if (tag === T_TYPE && this.options.allEvents) this.type = line.value().trim().toUpperCase();
        return;
      case Open.Famc:
        if (tag === T_PEDI && this.pedi === null) this.pedi = line.value().trim().toUpperCase();
        return;
      case Open.None:
        return;
    }
  }

  endPerson(): void {
    this.close();
    this.sex.push(this.sexCode);
    this.personFlags.push(this.flags);
  }

  endFamily(): void {
    this.close();
    this.husband.push(this.husbandId);
    this.wife.push(this.wifeId);
    this.familyFlags.push(this.flags);
  }

  /** Drop the record begun last (its lines could not be read this way). */
  discard(): void {
    const m = this.marks;
    this.open = Open.None;
    if (this.isFamily) {
      this.familyXref.length--;
      this.familyRecord.truncate(this.familyXref.length);
      this.childStart.truncate(this.familyXref.length);
      this.familyEventStart.truncate(this.familyXref.length);
      this.childTarget.truncate(m.children);
      this.familyEvents.truncate(m.events);
      return;
    }
    this.personXref.length--;
    const n = this.personXref.length;
    this.personRecord.truncate(n);
    this.nameStart.truncate(n);
    this.personEventStart.truncate(n);
    this.famcStart.truncate(n);
    this.famsStart.truncate(n);
    this.nameGiven.truncate(m.names);
    this.nameSurname.truncate(m.names);
    this.nameSuffix.truncate(m.names);
    this.nameType.truncate(m.names);
    this.personEvents.truncate(m.events);
    this.famcTarget.truncate(m.famc);
    this.famcBirth.truncate(m.famc);
    this.famsTarget.truncate(m.fams);
  }

  /** A person from its record tree (level 0 node). */
  person(root: GedcomNode, record: number): void {
    this.beginPerson(root.xref ?? '', record);
    this.walk(root);
    this.endPerson();
  }

  family(root: GedcomNode, record: number): void {
    this.beginFamily(root.xref ?? '', record);
    this.walk(root);
    this.endFamily();
  }

  /** The end of every offset table (call once, after the last record). */
  finish(): void {
    this.nameStart.push(this.nameGiven.length);
    this.personEventStart.push(this.personEvents.length);
    this.famcStart.push(this.famcTarget.length);
    this.famsStart.push(this.famsTarget.length);
    this.childStart.push(this.childTarget.length);
    this.familyEventStart.push(this.familyEvents.length);
  }

  private mark(): void {
    const m = this.marks;
    m.names = this.nameGiven.length;
    m.events = this.isFamily ? this.familyEvents.length : this.personEvents.length;
    m.famc = this.famcTarget.length;
    m.fams = this.famsTarget.length;
    m.children = this.childTarget.length;
  }

  private walk(root: GedcomNode): void {
    const a = this.adapter;
    const b = this.childAdapter;
    for (const c of root.children) {
      a.node = c;
      this.line1(tagCode(c.tag), a);
      if (this.open === Open.None) continue;
      for (const d of c.children) {
        b.node = d;
        this.line2(tagCode(d.tag), b);
      }
    }
    a.node = null;
    b.node = null;
  }

  private personLine(tag: number, line: LineValue): void {
    if (this.options.linksOnly === true && tag !== T_FAMC && tag !== T_FAMS) return;
    switch (tag) {
      case T_SEX: {
        const b = line.plain();
        this.sexCode = b === null ? sexOf(line.value()) : sexOfBytes(b, line.valueStart, line.valueEnd, line);
        return;
      }
      case T_NAME: {
        const b = line.plain();
        if (b === null) this.startName(line.value());
        else this.startNameBytes(b, line.valueStart, line.valueEnd, line);
        return;
      }
      case T_FAMC: {
        const id = line.pointerId(this.xrefs);
        if (id >= 0) {
          this.open = Open.Famc;
          this.famcId = id;
          this.pedi = null;
        }
        return;
      }
      case T_FAMS: {
        const id = line.pointerId(this.xrefs);
        if (id >= 0) this.famsTarget.push(id);
        return;
      }
      case T_SOUR:
        this.flags |= PERSON_SOURCED;
        return;
      case T_RESN:
        if (isRestriction(line.value())) this.flags |= PERSON_RESTRICTED;
        return;
      default: {
        const code = EVENT_CODE_BY_TAG.get(tag);
        if (code !== undefined) this.startEvent(code, this.options.allEvents || PERSON_VITAL_CODES.has(code));
      }
    }
  }

  private familyLine(tag: number, line: LineValue): void {
    if (tag === T_HUSB && this.husbandId < 0) this.husbandId = line.pointerId(this.xrefs);
    else if (tag === T_WIFE && this.wifeId < 0) this.wifeId = line.pointerId(this.xrefs);
    else if (tag === T_CHIL) {
      const id = line.pointerId(this.xrefs);
      if (id >= 0) this.childTarget.push(id);
    } else if (this.options.linksOnly !== true) {
      const code = EVENT_CODE_BY_TAG.get(tag);
      if (code !== undefined) this.startEvent(code, true);
    }
  }

  private startName(value: string): void {
    this.open = Open.Name;
    const open = value.indexOf('/');
    this.given = value;
    this.surname = '';
    this.suffix = '';
    if (open >= 0) {
      const close = value.indexOf('/', open + 1);
      this.given = value.slice(0, open);
      this.surname = close >= 0 ? value.slice(open + 1, close) : value.slice(open + 1);
      this.suffix = close >= 0 ? value.slice(close + 1) : '';
    }
    this.type = '';
  }

  /** {@link startName} of a payload's bytes (see LineValue.plain): each part made once per distinct bytes, as finishName makes it. */
  private startNameBytes(b: Uint8Array, start: number, end: number, text: RangeText): void {
    this.open = Open.Name;
    let open = start;
    while (open < end && b[open] !== SLASH) open++;
    let close = open + 1;
    while (close < end && b[close] !== SLASH) close++;
    const parts = this.parts;
    this.given = parts.get(b, start, open, text);
    this.surname = open < end ? parts.get(b, open + 1, Math.min(close, end), text) : '';
    this.suffix = close + 1 < end ? text.text(close + 1, end) : '';
    this.type = '';
  }

  private finishName(): void {
    const s = this.strings;
    this.nameGiven.push(s.id(collapseWhitespace(this.given.trim())));
    this.nameSurname.push(s.id(collapseWhitespace(this.surname.trim())));
    this.nameSuffix.push(s.id(this.suffix.trim()));
    this.nameType.push(s.id(this.type));
  }

  private startEvent(code: number, kept: boolean): void {
    this.open = Open.Event;
    this.tagCode = code;
    this.kept = kept;
    this.dated = false;
    this.dateValid = true;
    this.earliest = -Infinity;
    this.latest = Infinity;
    this.place = '';
    this.eventSourced = false;
    this.type = '';
    this.approximate = false;
  }

  private finishEvent(): void {
    if (!this.eventSourced && SOURCE_VITAL_CODES.has(this.tagCode)) this.flags |= VITAL_UNSOURCED;
    if (!this.kept) return;
    let earliest = this.earliest;
    let latest = this.latest;
    if (!this.dateValid) {
      earliest = -Infinity;
      latest = Infinity;
    }
    let flags = 0;
    if (this.dated && this.dateValid && (earliest > -Infinity || latest < Infinity)) flags |= EV_DATED;
    if (this.dateValid) flags |= EV_DATE_VALID;
    if (this.eventSourced) flags |= EV_SOURCED;
    if (this.approximate) flags |= EV_APPROXIMATE;
    const events = this.isFamily ? this.familyEvents : this.personEvents;
    events.push(this.tagCode, flags, earliest, latest, this.strings.id(this.place), this.strings.id(this.type));
  }

  /** Finish the open level-1 structure into the record's rows. */
  private close(): void {
    switch (this.open) {
      case Open.Name:
        this.finishName();
        break;
      case Open.Event:
        this.finishEvent();
        break;
      case Open.Famc:
        this.famcTarget.push(this.famcId);
        this.famcBirth.push(this.pedi === null || this.pedi === '' || this.pedi === 'BIRTH' ? 1 : 0);
        break;
      case Open.None:
        break;
    }
    this.open = Open.None;
  }
}
