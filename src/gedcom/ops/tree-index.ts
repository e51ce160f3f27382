import type { GedcomDocumentLike, GedcomNode, GedcomRecord } from '../model.js';
import { GedcomDocument } from '../document.js';
import { parsedDate } from './date-value.js';
import { RecordScan, SCAN_FAMILY, SCAN_OTHER, SCAN_PERSON } from './record-scan.js';
import type { ScanKind } from './record-scan.js';
import { StringPool, ViewBuilder } from './view-builder.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * A read-only index of the people and families of a document, built in one pass over the
 * records. Untouched records are read line by line from the source bytes (record-scan.ts) and
 * never become trees; edited records are read from their trees. Name parts, places and types
 * are shared strings (view-builder.ts), so indexing a large file costs the views, not the text.
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

export { EVENT_TAGS } from './view-builder.js';

/** The tree of a record without keeping a materialized copy on an untouched record. */
export function transientTree(rec: GedcomRecord): GedcomNode {
  return rec.transientRoot();
}

export function dateVersionOf(doc: GedcomDocumentLike): string {
  return doc.version.family ?? (doc.version.isV7 ? '7.0' : '5.5.1');
}

/** Split a NAME payload `Given /Surname/ Suffix`; GIVN / SURN / NSFX substructures win. */
export function nameOf(node: GedcomNode): NameView {
  return new ViewBuilder('5.5.1', new StringPool(0)).name(node);
}

export function eventOf(node: GedcomNode, version: string): EventView {
  return new ViewBuilder(version, new StringPool(0)).event(node);
}

export function personOf(root: GedcomNode, version: string): PersonView {
  return new ViewBuilder(version, new StringPool(0)).person(root);
}

export function familyOf(root: GedcomNode, version: string): FamilyView {
  return new ViewBuilder(version, new StringPool(0)).family(root);
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
  const pool = new StringPool();
  const builder = new ViewBuilder(version, pool);
  const reader = doc instanceof GedcomDocument ? doc.lineReader() : null;
  const scan = reader === null ? null : new RecordScan(reader, builder, version);
  const invalidDate = (at: string): void => {
    invalidDateCount++;
    if (invalidDates.length < maxListed) invalidDates.push(at);
  };
  let seen = 0;
  for (const rec of doc.records) {
    if ((++seen & STEP_MASK) === 0) monitor.step('index', seen, total);
    const xref = rec.xref;
    if (xref !== null) defined.set(xref, (defined.get(xref) ?? 0) + 1);
    const tag = rec.tag;
    const kind: ScanKind = xref === null ? SCAN_OTHER : tag === 'INDI' && !people.has(xref) ? SCAN_PERSON : tag === 'FAM' && !families.has(xref) ? SCAN_FAMILY : SCAN_OTHER;
    if (!integrity && kind === SCAN_OTHER) continue;
    // untouched records are read from their source lines; edited ones (and the rare record the
    // line reader cannot cover) from their tree
    if (scan !== null && rec.span !== null && !rec.materialized && scan.scan(rec.span, kind, xref ?? '', integrity)) {
      if (kind === SCAN_PERSON) people.set(xref as string, builder.endPerson());
      else if (kind === SCAN_FAMILY) families.set(xref as string, builder.endFamily());
      for (const p of scan.pointers) pointers.set(p, (pointers.get(p) ?? 0) + 1);
      for (let i = 0; i < scan.invalidDates; i++) invalidDate(xref ?? tag);
    } else {
      const root = transientTree(rec);
      if (kind === SCAN_PERSON) people.set(xref as string, builder.person(root));
      else if (kind === SCAN_FAMILY) families.set(xref as string, builder.family(root));
      if (integrity) {
        forEachPointer(root, (p) => pointers.set(p, (pointers.get(p) ?? 0) + 1));
        collectInvalidDates(root, version, () => invalidDate(xref ?? tag));
      }
    }
    if (++done % 5000 === 0) options.onRecord?.(done);
  }
  reader?.close();
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
