import type { GedcomNode, GedcomRecord } from '../model.js';
import type { EventTable } from './event-table.js';
import { EVENT_TAG_LIST, EV_APPROXIMATE, EV_DATED, EV_DATE_VALID, EV_SOURCED } from './event-table.js';
import { IndexBuilder, PERSON_SOURCED, SEX_F, SEX_M } from './index-builder.js';
import type { TreeIndex } from './tree-index.js';
import { transientTree } from './tree-index.js';

/**
 * Person and family views as plain objects, built on request from one record with the same rules
 * as the compact index (index-builder.ts) but keeping every event with its place and type. For
 * tests, diagnostics and callers that want one record's facts; the operations read the index's
 * arrays.
 */

type Sex = 'M' | 'F' | 'U';

interface NameView {
  readonly given: string;
  readonly surname: string;
  readonly suffix: string;
  /** NAME.TYPE upper-cased, '' when absent. */
  readonly type: string;
}

/** A dated fact: day numbers are Julian Day Numbers (±Infinity for open ends). */
export interface EventView {
  readonly tag: string;
  /** True when the event has a DATE line giving a valid, at least half-bounded range. */
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

interface ParentLink {
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

function viewBuilder(version: string): IndexBuilder {
  return new IndexBuilder({ version, allEvents: true, places: true, expectedPeople: 1, expectedFamilies: 1 });
}

function eventViews(b: IndexBuilder, events: EventTable, start: number, end: number): EventView[] {
  const strings = b.strings.done();
  const out: EventView[] = [];
  for (let e = start; e < end; e++) {
    // cast: start <= e < end, rows of the event table the builder filled
    const f = events.flags[e] as number;
    out.push({
      // cast: tag holds indexes into EVENT_TAG_LIST, and e is a row of the table
      tag: EVENT_TAG_LIST[events.tag[e] as number] as string,
      dated: (f & EV_DATED) !== 0,
      dateValid: (f & EV_DATE_VALID) !== 0,
      // cast: e is a row of the event table
      earliest: events.earliest[e] as number,
      // cast: e is a row of the event table
      latest: events.latest[e] as number,
      // cast: place holds string ids, and strings has every id
      place: strings[events.place[e] as number] as string,
      sourced: (f & EV_SOURCED) !== 0,
      // cast: type holds string ids, and strings has every id
      type: strings[events.type[e] as number] as string,
      approximate: (f & EV_APPROXIMATE) !== 0,
    });
  }
  return out;
}

/** The view of a person record tree (level 0 node). */
function personOf(root: GedcomNode, version: string): PersonView {
  const b = viewBuilder(version);
  b.person(root, 0);
  b.finish();
  const strings = b.strings.done();
  // cast: the builder's pointer ids are xref ids of its table, which has a string for every id
  const xref = (id: number): string => b.xrefs.xrefs[id] as string;
  const names: NameView[] = [];
  for (let n = 0; n < b.nameGiven.length; n++) {
    names.push({
      // cast: nameGiven holds string ids, and strings has every id
      given: strings[b.nameGiven.get(n)] as string,
      // cast: nameSurname holds string ids, and strings has every id
      surname: strings[b.nameSurname.get(n)] as string,
      // cast: nameSuffix holds string ids, and strings has every id
      suffix: strings[b.nameSuffix.get(n)] as string,
      // cast: nameType holds string ids, and strings has every id
      type: strings[b.nameType.get(n)] as string,
    });
  }
  const famc: ParentLink[] = [];
  for (let l = 0; l < b.famcTarget.length; l++) famc.push({ family: xref(b.famcTarget.get(l)), birth: b.famcBirth.get(l) === 1 });
  const fams: string[] = [];
  for (let l = 0; l < b.famsTarget.length; l++) fams.push(xref(b.famsTarget.get(l)));
  const sex = b.sex.get(0);
  return {
    xref: root.xref ?? '',
    sex: sex === SEX_M ? 'M' : sex === SEX_F ? 'F' : 'U',
    names,
    events: eventViews(b, b.personEvents.done(), 0, b.personEvents.length),
    famc,
    fams,
    sourced: (b.personFlags.get(0) & PERSON_SOURCED) !== 0,
  };
}

/** The view of a family record tree. */
function familyOf(root: GedcomNode, version: string): FamilyView {
  const b = viewBuilder(version);
  b.family(root, 0);
  b.finish();
  // cast: id >= 0 is an xref id of the builder's table, which has a string for every id
  const xref = (id: number): string | null => (id < 0 ? null : (b.xrefs.xrefs[id] as string));
  const children: string[] = [];
  // cast: the builder pushes a CHIL target only when its id >= 0, so xref gives a string
  for (let c = 0; c < b.childTarget.length; c++) children.push(xref(b.childTarget.get(c)) as string);
  return {
    xref: root.xref ?? '',
    husband: xref(b.husband.get(0)),
    wife: xref(b.wife.get(0)),
    children,
    events: eventViews(b, b.familyEvents.done(), 0, b.familyEvents.length),
  };
}

/** The view of one event node (its tag must be an event tag). */
export function eventOf(node: GedcomNode, version: string): EventView {
  const person = personOf({ tag: 'INDI', xref: null, pointer: null, value: '', line: 0, children: [node] }, version);
  const e = person.events[0];
  if (e === undefined) throw new Error(`${node.tag} is not an event tag`);
  return e;
}

/** The view of person p of an index, read again from its record. */
export function personView(index: TreeIndex, p: number): PersonView {
  // cast: personRecord has an entry per person, and callers pass a person number; it holds record numbers
  return personOf(transientTree(index.records[index.personRecord[p] as number] as GedcomRecord), index.version);
}

/** The view of family f of an index, read again from its record. */
export function familyView(index: TreeIndex, f: number): FamilyView {
  // cast: familyRecord has an entry per family, and callers pass a family number; it holds record numbers
  return familyOf(transientTree(index.records[index.familyRecord[f] as number] as GedcomRecord), index.version);
}
