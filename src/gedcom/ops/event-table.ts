import { FAMILY_EVENT_TAGS, INDIVIDUAL_EVENT_TAGS } from '../accessors/event.js';
import { GrowFloat64, GrowInt32, GrowUint8 } from './growable.js';
import { tagCode } from '../lines/tag-code.js';

/**
 * The dated facts of an index as parallel typed arrays, one row per event: tag, flags, day range
 * (Julian Day Numbers, ±Infinity for open ends), place and type as string ids (string-table.ts).
 */

/** Attributes that describe rather than date a life (a caste, a count, an identifier...): the index keeps no row for them. */
const UNINDEXED_ATTRIBUTES: ReadonlySet<string> = new Set(['CAST', 'DSCR', 'EDUC', 'FACT', 'IDNO', 'NATI', 'NCHI', 'NMR', 'PROP', 'RELI', 'SSN', 'TITL']);

/**
 * The event tags the operations look at, by tag code: a projection of the accessors' individual and family
 * event tags (accessors/event.ts, the one list of event tags), less the attributes above.
 */
export const EVENT_TAG_LIST: readonly string[] = [...new Set([...INDIVIDUAL_EVENT_TAGS, ...FAMILY_EVENT_TAGS])].filter((t) => !UNINDEXED_ATTRIBUTES.has(t));

export const EVENT_CODE: ReadonlyMap<string, number> = new Map(EVENT_TAG_LIST.map((t, i) => [t, i]));
/** The same codes by the tag's code (lines/tag-code.ts), for readers that switch on tag codes. */
export const EVENT_CODE_BY_TAG: ReadonlyMap<number, number> = new Map(EVENT_TAG_LIST.map((t, i) => [tagCode(t), i]));

const code = (tag: string): number => {
  const index = EVENT_TAG_LIST.indexOf(tag);
  if (index < 0) throw new Error(`${tag} is not an indexed event tag`);
  return index;
};
export const TAG_BIRT = code('BIRT');
export const TAG_CHR = code('CHR');
export const TAG_BAPM = code('BAPM');
export const TAG_DEAT = code('DEAT');
export const TAG_BURI = code('BURI');
export const TAG_CREM = code('CREM');
export const TAG_MARR = code('MARR');

/** Event tags a person's row is kept for in a bulk index (births, baptisms, deaths, burials). */
export const PERSON_VITAL_CODES: ReadonlySet<number> = new Set([TAG_BIRT, TAG_CHR, TAG_BAPM, TAG_DEAT, TAG_BURI, TAG_CREM]);
/** Tags whose events should cite a source (quality's missing_source_vital_event). */
export const SOURCE_VITAL_CODES: ReadonlySet<number> = new Set([TAG_BIRT, TAG_CHR, TAG_BAPM, TAG_DEAT, TAG_BURI, TAG_CREM, TAG_MARR]);

/** The event has a DATE giving a valid, at least half-bounded range. */
export const EV_DATED = 1;
/** The DATE parsed to a valid value (no DATE, empty dates and phrases count as valid). */
export const EV_DATE_VALID = 2;
/** A SOUR citation on the event itself. */
export const EV_SOURCED = 4;
/** ABT / CAL / EST: the stated range is itself approximate. */
export const EV_APPROXIMATE = 8;

export interface EventTable {
  readonly tag: Uint8Array;
  readonly flags: Uint8Array;
  readonly earliest: Float64Array;
  readonly latest: Float64Array;
  /** String id of the first PLAC (trimmed); 0 when absent or not read. */
  readonly place: Int32Array;
  /** String id of the TYPE value (upper case); 0 when absent or not read. */
  readonly type: Int32Array;
}

export class EventTableBuilder {
  private readonly tag: GrowUint8;
  private readonly flags: GrowUint8;
  private readonly earliest: GrowFloat64;
  private readonly latest: GrowFloat64;
  private readonly place: GrowInt32;
  private readonly type: GrowInt32;

  constructor(capacity: number) {
    this.tag = new GrowUint8(capacity);
    this.flags = new GrowUint8(capacity);
    this.earliest = new GrowFloat64(capacity);
    this.latest = new GrowFloat64(capacity);
    this.place = new GrowInt32(capacity);
    this.type = new GrowInt32(capacity);
  }

  get length(): number {
    return this.tag.length;
  }

  push(tag: number, flags: number, earliest: number, latest: number, place: number, type: number): void {
    this.tag.push(tag);
    this.flags.push(flags);
    this.earliest.push(earliest);
    this.latest.push(latest);
    this.place.push(place);
    this.type.push(type);
  }

  truncate(length: number): void {
    this.tag.truncate(length);
    this.flags.truncate(length);
    this.earliest.truncate(length);
    this.latest.truncate(length);
    this.place.truncate(length);
    this.type.truncate(length);
  }

  done(): EventTable {
    return {
      tag: this.tag.done(),
      flags: this.flags.done(),
      earliest: this.earliest.done(),
      latest: this.latest.done(),
      place: this.place.done(),
      type: this.type.done(),
    };
  }
}
