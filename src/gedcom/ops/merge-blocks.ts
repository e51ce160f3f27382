import type { SideFeatures } from './merge-features.js';

/**
 * One blocking key's right-side people, ready for a join on the birth range: those whose birth
 * is dated to a narrow range in runs sorted by their low bound (exact days, ranges up to
 * TIGHT_BIRTH_DAYS, wider ones up to WIDE_BIRTH_DAYS: one approximate date must not widen the
 * window of every exact one), the others (undated, or a range wider than WIDE_BIRTH_DAYS such as
 * "BEF 1900") apart. The join (merge-candidates.ts) finds in the runs the ranges a birth date
 * would not veto (merge-features.ts vetoedByDates): overlapping ones, exact days a year apart,
 * and adjacent ranges.
 */
export interface Block {
  readonly runs: readonly Run[];
  /** Right people without a narrow birth, ascending. */
  readonly other: Int32Array;
  /**
   * A large block of few birth places (PLACE_SPLIT_PEOPLE, PLACE_PARTS) split by birth place text:
   * each part holds the people of one place (merge-birth-places.ts classes), and `runs` and
   * `other` hold only those of no birth place, met by every left person; null when not split.
   */
  readonly parts: readonly PlacePart[] | null;
}

/** The right people of a split block born at one place. */
interface PlacePart {
  /** The birth place's class (BirthPlaceJoin). */
  readonly place: number;
  readonly block: Block;
}

/** Right people of a block beyond which it is split by birth place, when its places are few (smaller blocks are joined person by person: splitting them cost more meetings of runs than it saved). */
const PLACE_SPLIT_PEOPLE = 256;
/** The most parts a block is split into, and the fewest people a part holds on average: a block of many places is joined person by person instead (merge-candidates.ts). */
const PLACE_PARTS = 64;
const PLACE_PART_PEOPLE = 8;

/** Right people with a narrow birth, by ascending low bound (then person number). */
export interface Run {
  readonly people: Int32Array;
  /** Their low bounds, in the same order. */
  readonly low: Float64Array;
  /** The widest range of the run (days; 0 for exact days). */
  readonly span: number;
}

const YEAR_DAYS = 365.25;
/** Ranges up to this wide (a month, a year, two years) form the second run of a block. */
const TIGHT_BIRTH_DAYS = 2 * 366;
/** A birth range wider than this is joined as if undated (it would meet most of a block anyway). */
const WIDE_BIRTH_DAYS = 30 * YEAR_DAYS;

/** The birth range of person p when it is narrow (finite, at most WIDE_BIRTH_DAYS); null otherwise. */
export function narrowBirth(side: SideFeatures, p: number): readonly [number, number] | null {
  // cast: p is a person number, and bounds has 4 entries per person (birth low, birth high first)
  const lo = side.bounds[4 * p] as number;
  // cast: see above
  const hi = side.bounds[4 * p + 1] as number;
  return Number.isFinite(lo) && Number.isFinite(hi) && hi - lo <= WIDE_BIRTH_DAYS ? [lo, hi] : null;
}

/**
 * The block of a list of right people (ascending person numbers), split by birth place (`placeOf`:
 * person -> its birth place's class, -1 for none) when it is large and its places few.
 */
export function makeBlock(side: SideFeatures, people: readonly number[], placeOf: Int32Array): Block {
  if (people.length <= PLACE_SPLIT_PEOPLE) return unsplit(side, people);
  const byPlace = new Map<number, number[]>();
  for (const j of people) {
    // cast: j is a right person, placeOf has an entry per person
    const c = placeOf[j] as number;
    let list = byPlace.get(c);
    if (list === undefined) {
      if (byPlace.size === PLACE_PARTS) return unsplit(side, people);
      byPlace.set(c, (list = []));
    }
    list.push(j);
  }
  if (byPlace.size * PLACE_PART_PEOPLE > people.length || (byPlace.size === 1 && byPlace.has(-1))) return unsplit(side, people);
  const parts: PlacePart[] = [];
  for (const [place, list] of byPlace) if (place >= 0) parts.push({ place, block: unsplit(side, list) });
  const none = unsplit(side, byPlace.get(-1) ?? []);
  return { runs: none.runs, other: none.other, parts };
}

function unsplit(side: SideFeatures, people: readonly number[]): Block {
  const day: number[] = [];
  const tight: number[] = [];
  const wide: number[] = [];
  const other: number[] = [];
  for (const j of people) {
    const birth = narrowBirth(side, j);
    if (birth === null) other.push(j);
    else if (birth[1] === birth[0]) day.push(j);
    else if (birth[1] - birth[0] <= TIGHT_BIRTH_DAYS) tight.push(j);
    else wide.push(j);
  }
  const runs = [day, tight, wide].filter((r) => r.length > 0).map((r) => run(side, r));
  return { runs, other: Int32Array.from(other), parts: null };
}

function run(side: SideFeatures, people: number[]): Run {
  // cast: people of a run have a finite birth range (narrowBirth), bounds has 4 entries per person
  const lowOf = (j: number): number => side.bounds[4 * j] as number;
  // cast: see above
  const span = people.reduce((m, j) => Math.max(m, (side.bounds[4 * j + 1] as number) - lowOf(j)), 0);
  people.sort((a, b) => lowOf(a) - lowOf(b) || a - b);
  return { people: Int32Array.from(people), low: Float64Array.from(people, lowOf), span };
}

/** The first index of `low` whose value is at least `x` (`after`: greater than `x`). */
export function lowerBound(low: Float64Array, x: number, after = false): number {
  let a = 0;
  let b = low.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    // cast: m < low.length
    const v = low[m] as number;
    if (v < x || (after && v === x)) a = m + 1;
    else b = m;
  }
  return a;
}
