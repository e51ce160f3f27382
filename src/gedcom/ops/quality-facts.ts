import type { EventTable } from './event-table.js';
import { EV_APPROXIMATE, EV_DATED, EV_DATE_VALID, TAG_MARR } from './event-table.js';
import type { TreeIndex } from './tree-index.js';
import { QUALITY_THRESHOLDS, type QualityThresholdName } from '../../contract/quality-thresholds.js';
import { keysOf } from '../../contract/typed-keys.js';

/**
 * Events as the quality rules compare them: day ranges (Julian Day Numbers) that a rule must find
 * contradictory over every day they can denote. An exact day is one day, a year or a month is all
 * of its days, BEF / AFT are open on one side, BET..AND and FROM..TO span both ends, a dual year
 * covers both readings and a Julian, Hebrew or French date is its own days in any calendar. An
 * approximate date (ABT, CAL, EST) is the range of the date it names widened by `approx_years` on
 * each side (quality-thresholds.ts): "ABT 1850" is 1848-1852 by default, so a mother who died about
 * 1850 can have a child in 1851 without a finding.
 */
export const YEAR_DAYS = 365;

/** One event row as the rules compare it (a reusable slot: no allocation per person). */
export class Fact {
  present = false;
  dated = false;
  dateValid = true;
  earliest = -Infinity;
  latest = Infinity;

  /** `slack`: days an approximate date's range is widened by on each side. */
  load(table: EventTable, row: number, slack = 0): this {
    this.present = row >= 0;
    if (row < 0) return this;
    // cast: row >= 0 (returned above), a row of the event table
    const f = table.flags[row] as number;
    this.dated = (f & EV_DATED) !== 0;
    this.dateValid = (f & EV_DATE_VALID) !== 0;
    const widen = (f & EV_APPROXIMATE) !== 0 ? slack : 0;
    // cast: row >= 0 (returned above), a row of the event table
    this.earliest = (table.earliest[row] as number) - widen;
    // cast: row >= 0 (returned above), a row of the event table
    this.latest = (table.latest[row] as number) + widen;
    return this;
  }

  copy(other: Fact): this {
    this.present = other.present;
    this.dated = other.dated;
    this.dateValid = other.dateValid;
    this.earliest = other.earliest;
    this.latest = other.latest;
    return this;
  }
}

export const finite = (e: Fact): boolean => e.present && e.dated && Number.isFinite(e.earliest) && Number.isFinite(e.latest);
export const hasLatest = (e: Fact): boolean => e.present && e.dated && Number.isFinite(e.latest);
export const hasEarliest = (e: Fact): boolean => e.present && e.dated && Number.isFinite(e.earliest);
/** Certainly a before b. */
export const before = (a: Fact, b: Fact): boolean => hasLatest(a) && hasEarliest(b) && a.latest < b.earliest;
/** Both the same single day. */
export const sameDay = (a: Fact, b: Fact): boolean => finite(a) && finite(b) && a.earliest === a.latest && b.earliest === b.latest && a.earliest === b.earliest;
/** Shortest possible span from a to b, in days (NaN when unknown). */
export const minSpan = (a: Fact, b: Fact): number => (hasLatest(a) && hasEarliest(b) ? b.earliest - a.latest : NaN);
/** Longest possible span from a to b, in days (NaN when unknown). */
export const maxSpan = (a: Fact, b: Fact): number => (hasEarliest(a) && hasLatest(b) ? b.latest - a.earliest : NaN);

/** Reads the first events of people and families into reusable facts. */
export class Facts {
  readonly birth = new Fact();
  readonly death = new Fact();
  readonly bapt = new Fact();
  readonly buri = new Fact();
  readonly marr = new Fact();
  readonly other = new Fact();
  constructor(
    readonly index: TreeIndex,
    /** Days an ABT / CAL / EST date is widened by on each side. */
    readonly slack: number,
  ) {}
  /** The event row `row` of the person events into `into` (absent for -1). */
  person(into: Fact, row: number): Fact {
    return into.load(this.index.personEvents, row, this.slack);
  }
  /** The first event of person p with `tag` (dated or not) into `into`; absent for p = -1. */
  firstOf(into: Fact, p: number, tag: number): Fact {
    return this.person(into, p < 0 ? -1 : this.index.firstEvent(p, tag));
  }
  /** The first event of family f with `tag` (dated or not) into `into`; absent when none. */
  familyFirst(into: Fact, f: number, tag: number): Fact {
    const index = this.index;
    const t = index.familyEvents.tag;
    let row = -1;
    // cast: familyEventStart has familyCount + 1 entries, and callers pass a family (isFamily checked)
    for (let e = index.familyEventStart[f] as number, end = index.familyEventStart[f + 1] as number; e < end; e++) {
      if (t[e] === tag) {
        row = e;
        break;
      }
    }
    return into.load(index.familyEvents, row, this.slack);
  }
  /** First MARR of family f. */
  marriage(into: Fact, f: number): Fact {
    return this.familyFirst(into, f, TAG_MARR);
  }
}

/** The thresholds the rules run with: the defaults of quality-thresholds.ts with a request's overrides. */
export type QualityLimits = { readonly [K in QualityThresholdName]: number };

export function qualityLimits(overrides: Partial<QualityLimits> = {}): QualityLimits {
  const limits = Object.fromEntries(keysOf(QUALITY_THRESHOLDS).map((k) => [k, overrides[k] ?? QUALITY_THRESHOLDS[k].default]));
  // cast: one entry per threshold name, built from the table's keys above
  return limits as QualityLimits;
}

/** Whether an event row in [start, end) of `table` certainly lies after `today` (its whole range, widened by `slack` if approximate). */
export function futureEvent(table: EventTable, start: number, end: number, today: number, slack: number): boolean {
  for (let e = start; e < end; e++) {
    // cast: start <= e < end <= the table's length
    const f = table.flags[e] as number;
    // cast: see above
    if ((f & EV_DATED) !== 0 && (table.earliest[e] as number) - ((f & EV_APPROXIMATE) !== 0 ? slack : 0) > today) return true;
  }
  return false;
}
