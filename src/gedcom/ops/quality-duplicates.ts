import { automaticAllowed, scorePair, SideFeatures, vetoedByDates } from './merge-features.js';
import { MERGE_THRESHOLDS } from './merge-score.js';
import type { TreeIndex } from './tree-index.js';
import { STEP_MASK } from '../monitor.js';

/** A pair of people of one file the merge scorer takes for one person, by xref. */
export interface DuplicatePair {
  readonly left: string;
  readonly right: string;
  readonly score: number;
}

export interface PossibleDuplicates {
  /** Every pair found at or above the automatic threshold. */
  readonly count: number;
  /** The best `max` pairs, best first (an automatic-grade pair before a review-grade pair of the same score). */
  readonly pairs: readonly DuplicatePair[];
}

/**
 * The quality rule `possible_duplicate`: the merge's scorer (merge-features.ts) run on one file
 * against itself, each unordered pair of two different people once, scoring at least the automatic
 * threshold; a parent, child or spouse of the person is never its duplicate. Linear in the people:
 * a sorted neighbourhood (people keyed by sex group and surname Soundex, sorted by birth decade and
 * first given name, each compared with the next WINDOW of its key) rather than the merge's blocks. Pairs
 * with `scope` given (rooted quality) need one person in it. Merging a file with itself is
 * unaffected: there, each person pairs first with its own identical record. Quality's index reads
 * no places, so places neither add nor veto here.
 */
export function possibleDuplicates(index: TreeIndex, scope: Uint8Array | null, max: number, tick: () => void): PossibleDuplicates {
  const people = new SideFeatures(index, () => undefined);
  // sorted neighbourhood: people keyed by sex group and surname, sorted by birth decade and first
  // given name within a key; each is compared with the next WINDOW people of its key only
  // one map per sex group, keyed by the surname code (no key string per person); the order of the
  // blocks does not matter: the pairs found are sorted in full below
  const male = new Map<string, number[]>();
  const other = new Map<string, number[]>();
  for (let p = 0; p < people.count; p++) {
    const name = people.namesOf(p)[0];
    if (name === undefined) continue;
    const blocks = people.male(p) ? male : other;
    const list = blocks.get(name.surnameCode);
    if (list === undefined) blocks.set(name.surnameCode, [p]);
    else list.push(p);
  }
  const lists = [...male.values(), ...other.values()];
  const order = new BlockOrder(people, lists);
  const relatives = new Relatives(people);
  const found: { i: number; j: number; score: number; automatic: boolean }[] = [];
  let compared = 0;
  for (const list of lists) {
    if (list.length < 2) continue;
    order.sort(list);
    for (let a = 0; a < list.length; a++) {
      // cast: a < list.length
      const x = list[a] as number;
      for (let b = a + 1; b < list.length && b <= a + WINDOW; b++) {
        if ((++compared & STEP_MASK) === 0) tick();
        // cast: b < list.length
        const y = list[b] as number;
        const i = Math.min(x, y);
        const j = Math.max(x, y);
        if ((scope !== null && scope[i] === 0 && scope[j] === 0) || vetoedByDates(people, i, people, j)) continue;
        const score = scorePair(people, i, people, j);
        // the review band's floor (1: a name alone) would flag every namesake; a warning needs what a merge would need
        // (the relatives are asked only of the few pairs that reach it: the scorer reads nothing they would change)
        if (score < MERGE_THRESHOLDS.automatic || relatives.related(i, j)) continue;
        found.push({ i, j, score, automatic: automaticAllowed(people, i, people, j) });
      }
    }
  }
  found.sort((a, b) => Number(b.automatic) - Number(a.automatic) || b.score - a.score || a.i - b.i || a.j - b.j);
  const pairs = found.slice(0, max).map((p) => ({ left: people.xref(p.i), right: people.xref(p.j), score: Math.round(p.score * 100) / 100 }));
  return { count: found.length, pairs };
}

/**
 * The order of a block: by birth decade (unknown last), then by first given name's code (in
 * localeCompare order), then by person number. Each person's decade and given name are ranked once
 * (equal codes one rank), so a block sorts as one typed array of numbers, the three ranks packed in
 * one integer, rather than through a comparison function (which the packing's order equals).
 */
class BlockOrder {
  private readonly rank: Float64Array;
  /** Ranks times this, plus the person number, is below 2 ** 53 (exact in a double); 0 when it would not be. */
  private readonly scale: number;
  private readonly decade: Float64Array;
  private readonly given: Int32Array;
  private keys = new Float64Array(0);

  constructor(people: SideFeatures, lists: Iterable<number[]>) {
    const n = people.count;
    this.decade = new Float64Array(n);
    this.given = new Int32Array(n);
    const codeOf: string[] = new Array<string>(n);
    const codes = new Set<string>();
    const decades = new Set<number>();
    for (const list of lists) {
      if (list.length < 2) continue;
      for (const p of list) {
        const d = people.birthDecade(p) ?? Number.MAX_SAFE_INTEGER;
        this.decade[p] = d;
        decades.add(d);
        const code = people.namesOf(p)[0]?.tokens[0]?.code ?? '';
        codeOf[p] = code;
        codes.add(code);
      }
    }
    const sorted = [...codes].sort((a, b) => a.localeCompare(b));
    const givenRank = new Map<string, number>();
    let r = 0;
    for (let i = 0; i < sorted.length; i++) {
      // cast: i < sorted.length
      const code = sorted[i] as string;
      if (i > 0 && (sorted[i - 1] as string).localeCompare(code) !== 0) r++; // cast: 0 <= i - 1 < sorted.length
      givenRank.set(code, r);
    }
    for (let p = 0; p < n; p++) {
      const code = codeOf[p];
      if (code !== undefined) this.given[p] = givenRank.get(code) ?? 0;
    }
    const decadeRank = new Map<number, number>();
    [...decades].sort((a, b) => a - b).forEach((d, k) => decadeRank.set(d, k));
    this.rank = new Float64Array(n);
    const givens = r + 1;
    const fits = decades.size * givens * n < Number.MAX_SAFE_INTEGER;
    this.scale = fits ? n : 0;
    if (!fits) return;
    for (const list of lists) {
      if (list.length < 2) continue;
      for (const p of list) {
        // cast: p is a person number, and decade and given have an entry per person; every decade met is in decadeRank
        this.rank[p] = (decadeRank.get(this.decade[p] as number) as number) * givens + (this.given[p] as number);
      }
    }
  }

  /** Sorts a block of two or more people in place. */
  sort(list: number[]): void {
    const scale = this.scale;
    if (scale === 0) {
      const { decade, given } = this;
      // cast: the lists hold person numbers, and the keys have an entry per person
      list.sort((x, y) => (decade[x] as number) - (decade[y] as number) || (given[x] as number) - (given[y] as number) || x - y);
      return;
    }
    if (this.keys.length < list.length) this.keys = new Float64Array(list.length);
    const keys = this.keys.subarray(0, list.length);
    // cast: k < list.length, and the lists hold person numbers, ranked in the constructor
    for (let k = 0; k < list.length; k++) keys[k] = (this.rank[list[k] as number] as number) * scale + (list[k] as number);
    keys.sort();
    // cast: k < keys.length; the key's remainder by scale is the person number
    for (let k = 0; k < list.length; k++) list[k] = (keys[k] as number) % scale;
  }
}

/** Neighbours (in birth order, within one key) each person is compared with. */
const WINDOW = 8;

/** Whether two people are a parent and its child or spouses; one visitor for every question (no closure per pair). */
class Relatives {
  private target = -1;
  private hit = false;
  private readonly visit = (q: number): void => {
    if (q === this.target) this.hit = true;
  };

  constructor(private readonly people: SideFeatures) {}

  /** Person j is a parent, a child or a spouse of person i. */
  related(i: number, j: number): boolean {
    const people = this.people;
    if (people.parent(i, true) === j || people.parent(i, false) === j || people.parent(j, true) === i || people.parent(j, false) === i) return true;
    this.target = j;
    this.hit = false;
    people.forEachRelative(i, false, this.visit);
    return this.hit;
  }
}
