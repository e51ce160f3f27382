import type { GedcomDocumentLike, GedcomNode, GedcomRecord } from '../model.js';
import { dateRange, parseDate } from '../date.js';
import { OPS_LIMITS } from './limits.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * A read-only index of the people and families of a document, built in one pass over the record
 * trees. Trees of untouched records are built from the source and dropped again (the document's
 * records stay unmaterialized), so indexing a large file costs the index, not the trees.
 */

export type Sex = 'M' | 'F' | 'U';

export interface NameView {
  readonly given: string;
  readonly surname: string;
  readonly suffix: string;
  /** NAME.TYPE upper-cased, '' when absent. */
  readonly type: string;
}

/** A dated fact: day numbers are Julian Day Numbers (±Infinity for open ends). */
export interface EventView {
  readonly tag: string;
  /** True when the event has a DATE line. */
  readonly dated: boolean;
  /** The DATE parsed to a valid value (empty dates and phrases count as valid, undated). */
  readonly dateValid: boolean;
  readonly earliest: number;
  readonly latest: number;
  readonly place: string;
  /** A SOUR citation on the event itself. */
  readonly sourced: boolean;
  /** Value of the event's TYPE line, upper case ('' when absent). */
  readonly type: string;
  /** ABT / CAL / EST: the stated range is itself approximate. */
  readonly approximate: boolean;
}

export interface ParentLink {
  readonly family: string;
  /** True unless a PEDI says adopted/foster/sealing (Gramps' BIRTH relation). */
  readonly birth: boolean;
}

export interface PersonView {
  readonly xref: string;
  readonly sex: Sex;
  readonly names: readonly NameView[];
  readonly events: readonly EventView[];
  readonly famc: readonly ParentLink[];
  readonly fams: readonly string[];
  /** A SOUR citation anywhere at level 1 of the record. */
  readonly sourced: boolean;
}

export interface FamilyView {
  readonly xref: string;
  readonly husband: string | null;
  readonly wife: string | null;
  readonly children: readonly string[];
  readonly events: readonly EventView[];
}

export interface TreeIndex {
  readonly people: ReadonlyMap<string, PersonView>;
  readonly families: ReadonlyMap<string, FamilyView>;
  /** Record xrefs with the number of records defining each (more than one: duplicate). */
  readonly defined: ReadonlyMap<string, number>;
  /** Pointer values (not `@VOID@`) whose target is not defined, with how often each occurs. */
  readonly dangling: ReadonlyMap<string, number>;
  /** Every DATE line that did not parse to a valid date: the xref of its record (or its tag). */
  readonly invalidDates: readonly string[];
  readonly invalidDateCount: number;
}

/** Individual and family event tags the operations look at (GEDCOM 5.5.1 and 7.0). */
export const EVENT_TAGS: ReadonlySet<string> = new Set([
  'BIRT', 'CHR', 'BAPM', 'BARM', 'BASM', 'BLES', 'CHRA', 'CONF', 'FCOM', 'ORDN', 'NATU', 'EMIG', 'IMMI',
  'CENS', 'PROB', 'WILL', 'GRAD', 'RETI', 'DEAT', 'BURI', 'CREM', 'ADOP', 'EVEN', 'RESI', 'OCCU',
  'MARR', 'MARB', 'MARC', 'MARL', 'MARS', 'ENGA', 'DIV', 'DIVF', 'ANUL',
]);

/** The tree of a record without keeping a materialized copy on an untouched record. */
export function transientTree(rec: GedcomRecord): GedcomNode {
  if (rec.materialized || rec.span === null) return rec.root;
  return rec.sourceTree() ?? rec.root;
}

export function dateVersionOf(doc: GedcomDocumentLike): string {
  return doc.version.family ?? (doc.version.isV7 ? '7.0' : '5.5.1');
}

/** Split a NAME payload `Given /Surname/ Suffix`; GIVN / SURN / NSFX substructures win. */
export function nameOf(node: GedcomNode): NameView {
  const value = node.value;
  const open = value.indexOf('/');
  let given = value;
  let surname = '';
  let suffix = '';
  if (open >= 0) {
    const close = value.indexOf('/', open + 1);
    given = value.slice(0, open);
    surname = close >= 0 ? value.slice(open + 1, close) : value.slice(open + 1);
    suffix = close >= 0 ? value.slice(close + 1) : '';
  }
  let type = '';
  for (const c of node.children) {
    if (c.tag === 'GIVN' && c.value.trim() !== '') given = c.value;
    else if (c.tag === 'SURN' && c.value.trim() !== '') surname = c.value;
    else if (c.tag === 'NSFX' && c.value.trim() !== '') suffix = c.value;
    else if (c.tag === 'TYPE') type = c.value.trim().toUpperCase();
  }
  return { given: given.trim().replace(/\s+/g, ' '), surname: surname.trim().replace(/\s+/g, ' '), suffix: suffix.trim(), type };
}

interface ParsedDate {
  readonly valid: boolean;
  readonly earliest: number;
  readonly latest: number;
  readonly approximate: boolean;
  readonly ranged: boolean;
}

/** Date payloads repeat a lot in real files: parsed values are memoised, up to OPS_LIMITS.dateMemoEntries per version. */
const dateMemo = new Map<string, Map<string, ParsedDate>>();

const MONTH_INDEX: Readonly<Record<string, number>> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12 };
const SIMPLE_DATE = /^(?:([1-9]|[12][0-9]|3[01]) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?([1-9][0-9]{2,3})$/;

function gregorianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

/** The common Gregorian `[D] [MON] YYYY` payload without the general parser (same day range as dateRange). */
function simpleDate(text: string): ParsedDate | undefined {
  const m = SIMPLE_DATE.exec(text);
  if (m === null) return undefined;
  const year = Number(m[3]);
  const month = m[2] === undefined ? undefined : (MONTH_INDEX[m[2]] as number);
  if (month === undefined) {
    if (m[1] !== undefined) return undefined;
    return { valid: true, earliest: gregorianDay(year, 1, 1), latest: gregorianDay(year, 12, 31), approximate: false, ranged: true };
  }
  const first = gregorianDay(year, month, 1);
  const last = (month === 12 ? gregorianDay(year + 1, 1, 1) : gregorianDay(year, month + 1, 1)) - 1;
  if (m[1] === undefined) return { valid: true, earliest: first, latest: last, approximate: false, ranged: true };
  const day = first + Number(m[1]) - 1;
  if (day > last) return undefined;
  return { valid: true, earliest: day, latest: day, approximate: false, ranged: true };
}

function parsedDate(text: string, version: string): ParsedDate {
  const simple = simpleDate(text);
  if (simple !== undefined) return simple;
  let memo = dateMemo.get(version);
  if (memo === undefined) dateMemo.set(version, (memo = new Map()));
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const parsed = parseDate(text, version);
  const range = parsed.valid ? dateRange(parsed) : undefined;
  const value: ParsedDate =
    range === undefined
      ? { valid: parsed.valid, earliest: -Infinity, latest: Infinity, approximate: false, ranged: false }
      : { valid: true, earliest: range.earliest, latest: range.latest, approximate: range.approximate, ranged: true };
  if (memo.size >= OPS_LIMITS.dateMemoEntries) memo.clear();
  memo.set(text, value);
  return value;
}

export function eventOf(node: GedcomNode, version: string): EventView {
  let dated = false;
  let dateValid = true;
  let earliest = -Infinity;
  let latest = Infinity;
  let place = '';
  let sourced = false;
  let type = '';
  let approximate = false;
  for (const c of node.children) {
    if (c.tag === 'DATE') {
      if (dated) continue;
      const parsed = parsedDate(c.value, version);
      dateValid = parsed.valid;
      if (parsed.ranged) {
        dated = true;
        earliest = parsed.earliest;
        latest = parsed.latest;
        approximate = parsed.approximate;
      } else if (!parsed.valid) dated = true;
    } else if (c.tag === 'PLAC' && place === '') place = c.value.trim();
    else if (c.tag === 'SOUR') sourced = true;
    else if (c.tag === 'TYPE') type = c.value.trim().toUpperCase();
  }
  if (!dateValid) {
    earliest = -Infinity;
    latest = Infinity;
  }
  return { tag: node.tag, dated: dated && dateValid && (earliest > -Infinity || latest < Infinity), dateValid, earliest, latest, place, sourced, type, approximate };
}

function sexOf(value: string): Sex {
  const v = value.trim().toUpperCase();
  return v === 'M' ? 'M' : v === 'F' ? 'F' : 'U';
}

export function personOf(root: GedcomNode, version: string): PersonView {
  let sex: Sex = 'U';
  const names: NameView[] = [];
  const events: EventView[] = [];
  const famc: ParentLink[] = [];
  const fams: string[] = [];
  let sourced = false;
  for (const c of root.children) {
    switch (c.tag) {
      case 'SEX':
        sex = sexOf(c.value);
        break;
      case 'NAME':
        names.push(nameOf(c));
        break;
      case 'FAMC':
        if (c.pointer !== null && c.pointer !== '@VOID@') {
          const pedi = c.children.find((x) => x.tag === 'PEDI')?.value.trim().toUpperCase() ?? '';
          famc.push({ family: c.pointer, birth: pedi === '' || pedi === 'BIRTH' });
        }
        break;
      case 'FAMS':
        if (c.pointer !== null && c.pointer !== '@VOID@') fams.push(c.pointer);
        break;
      case 'SOUR':
        sourced = true;
        break;
      default:
        if (EVENT_TAGS.has(c.tag)) events.push(eventOf(c, version));
    }
  }
  return { xref: root.xref ?? '', sex, names, events, famc, fams, sourced };
}

export function familyOf(root: GedcomNode, version: string): FamilyView {
  let husband: string | null = null;
  let wife: string | null = null;
  const children: string[] = [];
  const events: EventView[] = [];
  for (const c of root.children) {
    const p = c.pointer !== null && c.pointer !== '@VOID@' ? c.pointer : null;
    if (c.tag === 'HUSB' && husband === null) husband = p;
    else if (c.tag === 'WIFE' && wife === null) wife = p;
    else if (c.tag === 'CHIL' && p !== null) children.push(p);
    else if (EVENT_TAGS.has(c.tag)) events.push(eventOf(c, version));
  }
  return { xref: root.xref ?? '', husband, wife, children, events };
}

/** Calls `visit` for every pointer line (not `@VOID@`) of a tree. */
export function forEachPointer(node: GedcomNode, visit: (pointer: string, node: GedcomNode) => void): void {
  const stack: GedcomNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as GedcomNode;
    if (n.pointer !== null && n.pointer !== '@VOID@') visit(n.pointer, n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i] as GedcomNode);
  }
}

function collectInvalidDates(node: GedcomNode, version: string, onInvalid: () => void): void {
  const stack: GedcomNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as GedcomNode;
    if (n.tag === 'DATE' && !parsedDate(n.value, version).valid) onInvalid();
    for (const c of n.children) stack.push(c);
  }
}

export interface IndexOptions {
  /** Also check every DATE line (not only event dates) and collect dangling pointers. Default true. */
  readonly integrity?: boolean;
  /** Record xrefs listed in `invalidDates` at most. */
  readonly maxListed?: number;
  /** Called every few thousand records. */
  readonly onRecord?: (done: number) => void;
  /** Told the records indexed (stage 'index') every STEP_MASK + 1 records; may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
}

/** Build the index of a document. */
export function indexTree(doc: GedcomDocumentLike, options: IndexOptions = {}): TreeIndex {
  const version = dateVersionOf(doc);
  const integrity = options.integrity ?? true;
  const maxListed = options.maxListed ?? 100;
  const people = new Map<string, PersonView>();
  const families = new Map<string, FamilyView>();
  const defined = new Map<string, number>();
  const pointers = new Map<string, number>();
  const invalidDates: string[] = [];
  let invalidDateCount = 0;
  let done = 0;
  const monitor = options.monitor ?? SILENT_MONITOR;
  const total = doc.records.length;
  monitor.step('index', 0, total);
  let seen = 0;
  for (const rec of doc.records) {
    if ((++seen & STEP_MASK) === 0) monitor.step('index', seen, total);
    const xref = rec.xref;
    if (xref !== null) defined.set(xref, (defined.get(xref) ?? 0) + 1);
    const tag = rec.tag;
    const needTree = integrity || tag === 'INDI' || tag === 'FAM';
    if (!needTree) continue;
    const root = transientTree(rec);
    if (tag === 'INDI' && xref !== null && !people.has(xref)) people.set(xref, personOf(root, version));
    else if (tag === 'FAM' && xref !== null && !families.has(xref)) families.set(xref, familyOf(root, version));
    if (integrity) {
      forEachPointer(root, (p) => pointers.set(p, (pointers.get(p) ?? 0) + 1));
      collectInvalidDates(root, version, () => {
        invalidDateCount++;
        if (invalidDates.length < maxListed) invalidDates.push(xref ?? tag);
      });
    }
    if (++done % 5000 === 0) options.onRecord?.(done);
  }
  const dangling = new Map<string, number>();
  for (const [p, n] of pointers) if (!defined.has(p)) dangling.set(p, n);
  monitor.step('index', total, total);
  return { people, families, defined, dangling, invalidDates, invalidDateCount };
}

/** Birth, falling back to christening / baptism (Gramps' fallbacks). */
export function birthOf(p: PersonView): EventView | undefined {
  return p.events.find((e) => e.tag === 'BIRT' && e.dated) ?? p.events.find((e) => (e.tag === 'CHR' || e.tag === 'BAPM') && e.dated);
}

/** Death, falling back to burial / cremation. */
export function deathOf(p: PersonView): EventView | undefined {
  return p.events.find((e) => e.tag === 'DEAT' && e.dated) ?? p.events.find((e) => (e.tag === 'BURI' || e.tag === 'CREM') && e.dated);
}

export function firstEvent(p: { readonly events: readonly EventView[] }, tag: string): EventView | undefined {
  return p.events.find((e) => e.tag === tag);
}

/** Parents (husband, wife) of the person's first birth family. */
export function parentsOf(index: TreeIndex, p: PersonView): { family: FamilyView; father: PersonView | undefined; mother: PersonView | undefined } | undefined {
  const link = p.famc.find((l) => l.birth) ?? p.famc[0];
  if (link === undefined) return undefined;
  const family = index.families.get(link.family);
  if (family === undefined) return undefined;
  return {
    family,
    father: family.husband === null ? undefined : index.people.get(family.husband),
    mother: family.wife === null ? undefined : index.people.get(family.wife),
  };
}

/** The other spouse of a family, seen from `xref`. */
export function spouseIn(family: FamilyView, xref: string): string | null {
  if (family.husband === xref) return family.wife;
  if (family.wife === xref) return family.husband;
  return null;
}
