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
  const { decade, given } = sortKeys(people, lists);
  const found: { i: number; j: number; score: number; automatic: boolean }[] = [];
  let compared = 0;
  for (const list of lists) {
    if (list.length < 2) continue;
    // cast: the lists hold person numbers, and the keys have an entry per person
    list.sort((x, y) => (decade[x] as number) - (decade[y] as number) || (given[x] as number) - (given[y] as number) || x - y);
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
        if (score < MERGE_THRESHOLDS.automatic || related(people, i, j)) continue;
        found.push({ i, j, score, automatic: automaticAllowed(people, i, people, j) });
      }
    }
  }
  found.sort((a, b) => Number(b.automatic) - Number(a.automatic) || b.score - a.score || a.i - b.i || a.j - b.j);
  const pairs = found.slice(0, max).map((p) => ({ left: people.xref(p.i), right: people.xref(p.j), score: Math.round(p.score * 100) / 100 }));
  return { count: found.length, pairs };
}

/**
 * The sort keys of the people of blocks of two or more, read once per person rather than once per
 * comparison: the birth decade (unknown last), and the rank of the first given name's code among
 * the codes met (in localeCompare order, equal codes one rank), so comparing ranks orders as
 * comparing the codes did.
 */
function sortKeys(people: SideFeatures, lists: Iterable<number[]>): { decade: Float64Array; given: Int32Array } {
  const decade = new Float64Array(people.count);
  const given = new Int32Array(people.count);
  const codeOf: string[] = new Array<string>(people.count);
  const codes = new Set<string>();
  for (const list of lists) {
    if (list.length < 2) continue;
    for (const p of list) {
      decade[p] = people.birthDecade(p) ?? Number.MAX_SAFE_INTEGER;
      const code = people.namesOf(p)[0]?.tokens[0]?.code ?? '';
      codeOf[p] = code;
      codes.add(code);
    }
  }
  const sorted = [...codes].sort((a, b) => a.localeCompare(b));
  const rank = new Map<string, number>();
  let r = 0;
  for (let i = 0; i < sorted.length; i++) {
    // cast: i < sorted.length
    const code = sorted[i] as string;
    if (i > 0 && (sorted[i - 1] as string).localeCompare(code) !== 0) r++; // cast: 0 <= i - 1 < sorted.length
    rank.set(code, r);
  }
  for (let p = 0; p < people.count; p++) {
    const code = codeOf[p];
    if (code !== undefined) given[p] = rank.get(code) ?? 0;
  }
  return { decade, given };
}

/** Neighbours (in birth order, within one key) each person is compared with. */
const WINDOW = 8;

/** Person j is a parent, a child or a spouse of person i. */
function related(people: SideFeatures, i: number, j: number): boolean {
  if (people.parent(i, true) === j || people.parent(i, false) === j || people.parent(j, true) === i || people.parent(j, false) === i) return true;
  let hit = false;
  people.forEachRelative(i, false, (q) => (hit ||= q === j));
  return hit;
}
