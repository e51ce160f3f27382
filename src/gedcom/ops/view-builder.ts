import type { GedcomNode } from '../model.js';
import { parsedDate } from './date-value.js';
import type { EventView, FamilyView, NameView, ParentLink, PersonView, Sex } from './tree-index.js';

/**
 * Builds the person and family views of the index from the lines of a record, whether they come
 * from a record tree or straight from the source bytes (parse/record-lines.ts): one set of rules
 * for both, so the two paths cannot disagree. Only level-1 lines and their level-2 children
 * matter; values are decoded only for the lines a view reads.
 */

/** Individual and family event tags the operations look at (GEDCOM 5.5.1 and 7.0). */
export const EVENT_TAGS: ReadonlySet<string> = new Set([
  'BIRT', 'CHR', 'BAPM', 'BARM', 'BASM', 'BLES', 'CHRA', 'CONF', 'FCOM', 'ORDN', 'NATU', 'EMIG', 'IMMI',
  'CENS', 'PROB', 'WILL', 'GRAD', 'RETI', 'DEAT', 'BURI', 'CREM', 'ADOP', 'EVEN', 'RESI', 'OCCU',
  'MARR', 'MARB', 'MARC', 'MARL', 'MARS', 'ENGA', 'DIV', 'DIVF', 'ANUL',
]);

/** One line as a view sees it: its payload is either a pointer or a value. */
export interface LineValue {
  readonly isPointer: boolean;
  pointer(): string;
  value(): string;
}

/** A tree node seen as a {@link LineValue} (one reusable adapter, no allocation per node). */
class NodeValue implements LineValue {
  node: GedcomNode | null = null;
  get isPointer(): boolean {
    return (this.node as GedcomNode).pointer !== null;
  }
  pointer(): string {
    return (this.node as GedcomNode).pointer ?? '';
  }
  value(): string {
    return (this.node as GedcomNode).value;
  }
}

/**
 * Shares one string per distinct name part, place and type among the views of an index (files
 * repeat them a lot); bounded so a file of all-distinct values does not grow a second copy.
 */
export class StringPool {
  private readonly map = new Map<string, string>();
  constructor(private readonly max = 1 << 20) {}
  get(s: string): string {
    if (s.length === 0) return '';
    const hit = this.map.get(s);
    if (hit !== undefined) return hit;
    if (this.map.size < this.max) this.map.set(s, s);
    return s;
  }
}

const WHITESPACE_RUN = /\s+/g;
const NOT_VOID = (p: string): boolean => p !== '@VOID@';

function sexOf(value: string): Sex {
  const v = value.trim().toUpperCase();
  return v === 'M' ? 'M' : v === 'F' ? 'F' : 'U';
}

/** The level-1 structure whose level-2 lines are being read. */
const Open = { None: 0, Name: 1, Event: 2, Famc: 3 } as const;
type Open = (typeof Open)[keyof typeof Open];

export class ViewBuilder {
  private readonly adapter = new NodeValue();
  private readonly childAdapter = new NodeValue();
  // record
  private xref = '';
  private sex: Sex = 'U';
  private names: NameView[] = [];
  private events: EventView[] = [];
  private famc: ParentLink[] = [];
  private fams: string[] = [];
  private sourced = false;
  private husband: string | null = null;
  private wife: string | null = null;
  private children: string[] = [];
  private isFamily = false;
  // the open level-1 structure
  private open: Open = Open.None;
  private tag = '';
  // NAME
  private given = '';
  private surname = '';
  private suffix = '';
  private type = '';
  // event
  private dated = false;
  private dateValid = true;
  private earliest = -Infinity;
  private latest = Infinity;
  private place = '';
  private eventSourced = false;
  private approximate = false;
  // FAMC
  private famcPointer = '';
  private pedi: string | null = null;

  constructor(
    private readonly version: string,
    private readonly pool: StringPool,
  ) {}

  beginPerson(xref: string): void {
    this.isFamily = false;
    this.xref = xref;
    this.sex = 'U';
    this.names = [];
    this.events = [];
    this.famc = [];
    this.fams = [];
    this.sourced = false;
    this.open = Open.None;
  }

  beginFamily(xref: string): void {
    this.isFamily = true;
    this.xref = xref;
    this.husband = null;
    this.wife = null;
    this.children = [];
    this.events = [];
    this.open = Open.None;
  }

  /** A level-1 line of the record. */
  line1(tag: string, line: LineValue): void {
    this.close();
    if (this.isFamily) this.familyLine(tag, line);
    else this.personLine(tag, line);
  }

  /** A level-2 line: a child of the last level-1 line. */
  line2(tag: string, line: LineValue): void {
    switch (this.open) {
      case Open.Name:
        if (tag === 'GIVN' || tag === 'SURN' || tag === 'NSFX') {
          const v = line.value();
          if (v.trim() === '') return;
          if (tag === 'GIVN') this.given = v;
          else if (tag === 'SURN') this.surname = v;
          else this.suffix = v;
        } else if (tag === 'TYPE') this.type = line.value().trim().toUpperCase();
        return;
      case Open.Event:
        if (tag === 'DATE') {
          if (this.dated) return;
          const parsed = parsedDate(line.value(), this.version);
          this.dateValid = parsed.valid;
          if (parsed.ranged) {
            this.dated = true;
            this.earliest = parsed.earliest;
            this.latest = parsed.latest;
            this.approximate = parsed.approximate;
          } else if (!parsed.valid) this.dated = true;
        } else if (tag === 'PLAC') {
          if (this.place === '') this.place = line.value().trim();
        } else if (tag === 'SOUR') this.eventSourced = true;
        else if (tag === 'TYPE') this.type = line.value().trim().toUpperCase();
        return;
      case Open.Famc:
        if (tag === 'PEDI' && this.pedi === null) this.pedi = line.value().trim().toUpperCase();
        return;
      case Open.None:
        return;
    }
  }

  endPerson(): PersonView {
    this.close();
    return { xref: this.xref, sex: this.sex, names: this.names, events: this.events, famc: this.famc, fams: this.fams, sourced: this.sourced };
  }

  endFamily(): FamilyView {
    this.close();
    return { xref: this.xref, husband: this.husband, wife: this.wife, children: this.children, events: this.events };
  }

  /** The view of a record tree (level 0 node). */
  person(root: GedcomNode): PersonView {
    this.beginPerson(root.xref ?? '');
    this.walk(root);
    return this.endPerson();
  }

  family(root: GedcomNode): FamilyView {
    this.beginFamily(root.xref ?? '');
    this.walk(root);
    return this.endFamily();
  }

  /** The view of one NAME node. */
  name(node: GedcomNode): NameView {
    this.startName(node.value);
    this.readChildren(node);
    return this.finishName();
  }

  /** The view of one event node. */
  event(node: GedcomNode): EventView {
    this.startEvent(node.tag);
    this.readChildren(node);
    return this.finishEvent();
  }

  private walk(root: GedcomNode): void {
    const a = this.adapter;
    for (const c of root.children) {
      a.node = c;
      this.line1(c.tag, a);
      if (this.open !== Open.None) this.readChildren(c);
    }
    a.node = null;
  }

  private readChildren(node: GedcomNode): void {
    const a = this.childAdapter;
    for (const c of node.children) {
      a.node = c;
      this.line2(c.tag, a);
    }
    a.node = null;
  }

  private personLine(tag: string, line: LineValue): void {
    switch (tag) {
      case 'SEX':
        this.sex = sexOf(line.value());
        return;
      case 'NAME':
        this.startName(line.value());
        return;
      case 'FAMC':
        if (line.isPointer) {
          const p = line.pointer();
          if (NOT_VOID(p)) {
            this.open = Open.Famc;
            this.famcPointer = p;
            this.pedi = null;
          }
        }
        return;
      case 'FAMS':
        if (line.isPointer) {
          const p = line.pointer();
          if (NOT_VOID(p)) this.fams.push(p);
        }
        return;
      case 'SOUR':
        this.sourced = true;
        return;
      default:
        if (EVENT_TAGS.has(tag)) this.startEvent(tag);
    }
  }

  private familyLine(tag: string, line: LineValue): void {
    let p: string | null = null;
    if (line.isPointer) {
      const x = line.pointer();
      if (NOT_VOID(x)) p = x;
    }
    if (tag === 'HUSB' && this.husband === null) this.husband = p;
    else if (tag === 'WIFE' && this.wife === null) this.wife = p;
    else if (tag === 'CHIL' && p !== null) this.children.push(p);
    else if (EVENT_TAGS.has(tag)) this.startEvent(tag);
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

  private finishName(): NameView {
    const pool = this.pool;
    return {
      given: pool.get(this.given.trim().replace(WHITESPACE_RUN, ' ')),
      surname: pool.get(this.surname.trim().replace(WHITESPACE_RUN, ' ')),
      suffix: pool.get(this.suffix.trim()),
      type: pool.get(this.type),
    };
  }

  private startEvent(tag: string): void {
    this.open = Open.Event;
    this.tag = tag;
    this.dated = false;
    this.dateValid = true;
    this.earliest = -Infinity;
    this.latest = Infinity;
    this.place = '';
    this.eventSourced = false;
    this.type = '';
    this.approximate = false;
  }

  private finishEvent(): EventView {
    if (!this.dateValid) {
      this.earliest = -Infinity;
      this.latest = Infinity;
    }
    const earliest = this.earliest;
    const latest = this.latest;
    return {
      tag: this.tag,
      dated: this.dated && this.dateValid && (earliest > -Infinity || latest < Infinity),
      dateValid: this.dateValid,
      earliest,
      latest,
      place: this.pool.get(this.place),
      sourced: this.eventSourced,
      type: this.pool.get(this.type),
      approximate: this.approximate,
    };
  }

  /** Finish the open level-1 structure into the record's lists. */
  private close(): void {
    switch (this.open) {
      case Open.Name:
        this.names.push(this.finishName());
        break;
      case Open.Event:
        this.events.push(this.finishEvent());
        break;
      case Open.Famc:
        this.famc.push({ family: this.famcPointer, birth: this.pedi === null || this.pedi === '' || this.pedi === 'BIRTH' });
        break;
      case Open.None:
        break;
    }
    this.open = Open.None;
  }
}
