import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { childValue, childrenWith, firstChild } from './node-query.js';
import { Place } from './place.js';
import { SourceCitation } from './citation.js';
import { Note } from './note.js';

/** Individual events and attributes (5.5.1 and 7.0). */
export const INDIVIDUAL_EVENT_TAGS: ReadonlySet<string> = new Set([
  'BIRT',
  'CHR',
  'DEAT',
  'BURI',
  'CREM',
  'ADOP',
  'BAPM',
  'BARM',
  'BASM',
  'BLES',
  'CHRA',
  'CONF',
  'FCOM',
  'ORDN',
  'NATU',
  'EMIG',
  'IMMI',
  'CENS',
  'PROB',
  'WILL',
  'GRAD',
  'RETI',
  'EVEN',
  'CAST',
  'DSCR',
  'EDUC',
  'IDNO',
  'NATI',
  'NCHI',
  'NMR',
  'OCCU',
  'PROP',
  'RELI',
  'RESI',
  'SSN',
  'TITL',
  'FACT',
]);

/** Family events (5.5.1 and 7.0). */
export const FAMILY_EVENT_TAGS: ReadonlySet<string> = new Set([
  'ANUL',
  'CENS',
  'DIV',
  'DIVF',
  'ENGA',
  'MARB',
  'MARC',
  'MARR',
  'MARL',
  'MARS',
  'RESI',
  'EVEN',
  'FACT',
  'NCHI',
]);

/**
 * An event or attribute structure. `date` is the DATE payload as written; parse it with
 * `parseDate` from date.ts (all calendars, ranges, periods, approximations, dual years, phrases).
 */
export class GedcomEvent {
  constructor(
    readonly node: GedcomNode,
    private readonly doc: GedcomDocumentLike,
  ) {}

  get tag(): string {
    return this.node.tag;
  }

  /** Payload: `Y` for asserted events, the attribute value (occupation...), or ''. */
  get value(): string {
    return this.node.value;
  }

  /** TYPE: the kind of a generic EVEN/FACT, or a refinement. */
  get type(): string | null {
    return childValue(this.node, 'TYPE');
  }

  /** DATE payload as written, or null. */
  get date(): string | null {
    return childValue(this.node, 'DATE');
  }

  /** DATE.PHRASE (7.0), or null. */
  get datePhrase(): string | null {
    const d = firstChild(this.node, 'DATE');
    return d === undefined ? null : childValue(d, 'PHRASE');
  }

  get place(): Place | null {
    const p = firstChild(this.node, 'PLAC');
    return p === undefined ? null : new Place(p);
  }

  get age(): string | null {
    return childValue(this.node, 'AGE');
  }

  get cause(): string | null {
    return childValue(this.node, 'CAUS');
  }

  get agency(): string | null {
    return childValue(this.node, 'AGNC');
  }

  citations(): SourceCitation[] {
    return childrenWith(this.node, 'SOUR').map((s) => new SourceCitation(s, this.doc));
  }

  notes(): Note[] {
    return childrenWith(this.node, NOTE_TAGS).map((n) => new Note(n, this.doc));
  }
}

export const NOTE_TAGS: ReadonlySet<string> = new Set(['NOTE', 'SNOTE']);
