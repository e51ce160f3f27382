import { OPS_LIMITS } from './limits.js';
import { BirthPlaceJoin } from './merge-birth-places.js';
import { lowerBound, makeBlock, narrowBirth } from './merge-blocks.js';
import type { Block, Run } from './merge-blocks.js';
import type { SideFeatures } from './merge-features.js';
import { vetoedByDates } from './merge-features.js';
import { STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * Candidate pairs of a merge: record-linkage blocking with several keys per person, a join on the
 * birth range inside each block, and a sorted neighbourhood where a block is still too large.
 *
 * Keys (each within the sex group: male, or everyone else):
 * - the Soundex of each surname (Gramps' blocking), and for a woman the Soundex of each spouse's
 *   surname (her married name in the other file);
 * - the first given name with the first given name of the father, of the mother, of each spouse,
 *   and with the root of a patronymic surname as the father's ("Eriksson", "ap Erik": Erik), so
 *   that a surname that differs (married names, patronymics) still meets;
 * - for a plain patronymic (after a particle, or before a suffix other than a bare "s"), the
 *   Soundex of its root and of the father's surnames as surname keys: the other file may write
 *   the father's name as the surname ("Jenkin ap /Gronwy/") or the family's surname ("Hannon" for
 *   "Johnsson", son of John Hannon);
 * - for a woman with no spouse, or named as a spouse is, the first given name alone (her other
 *   surname may be in no file).
 * A surname block of more than SUB_BLOCK_PEOPLE right people is split by the initial of each
 * given name; a person meets the initials of its names' nickname groups too, so "Bill" still meets
 * "William".
 *
 * In every block a person whose birth is dated to a narrow range meets only the right people whose
 * birth range comes within a year of its own (the others would be vetoed by the birth date), and
 * the right people of an undated or wide birth; a person without a narrow birth meets the whole
 * block. A person whose birth place could be set against another's meets only the right people
 * whose birth place the place veto lets through (merge-birth-places.ts), and the people of no birth
 * place: a large block of few places is split by birth place (merge-blocks.ts), the others are
 * joined person by person. A person meets at most the cap of the key's kind in one block: the
 * nearest by birth date (sorted neighbourhood), then the undated. Every capped block is counted in
 * the {@link BlockingReport}, with the pairs it left out, never dropped silently.
 */

/** Right people of a surname block beyond which it is split by given-name initial and nickname group. */
const SUB_BLOCK_PEOPLE = 64;
/** Right people one left person meets in one block of a surname or a relative's given name at most. */
const NAME_BLOCK_CAP = 256;
/** Right people one left person meets in one block of a given name alone at most (the weakest key). */
const GIVEN_BLOCK_CAP = 32;

interface Keyed {
  readonly block: Block;
  /** Right people of the block. */
  readonly size: number;
  /** The whole block as met by a left person of no birth place (every part). */
  readonly all: MetParts;
  /** A block split by birth place: what a left person of each birth place text meets (at most PARTS_KEPT kept); null when not split. */
  readonly met: Map<number, MetParts> | null;
  /** Sub-blocks by given-name initial; null when the block is not split. */
  readonly sub: ReadonlyMap<string, Keyed> | null;
  /** Left people that met the block. */
  queried: number;
  /** Left people of the block that met only part of it (its cap). */
  capped: number;
}

/** What the caps left out: content-free (counts and block sizes only). */
export interface BlockingReport {
  /** Blocks in which at least one person met only part of the block (its cap). */
  readonly cappedBlocks: number;
  /** At most the pairs of the capped blocks that were not compared: the people of the join's windows beyond the cap (a pair of two capped keys counts once per key). */
  readonly pairsLeftOut: number;
  /** The largest capped blocks, by left people times right people, at most OPS_LIMITS.cappedBlocksListed. */
  readonly largest: readonly { readonly left: number; readonly right: number }[];
}

const GIVEN_ONLY = '|G|';

/** The blocking keys of person p: surname keys first, then relatives' given names, then the given name alone. */
function blockKeys(side: SideFeatures, p: number): string[] {
  const group = side.male(p) ? 'M' : 'O';
  const names = side.namesOf(p);
  const surnames = new Set(names.map((n) => n.surnameCode));
  if (surnames.size === 0) surnames.add('Z000');
  const spouses = side.spouses(p);
  const married = !side.male(p);
  if (married) for (const s of spouses) for (const n of s) if (n.surname !== '') surnames.add(n.surnameCode);
  const fathers = side.parentNames(p, true) ?? [];
  const roots = new Set<string>();
  for (const n of names) {
    const root = n.father?.code;
    if (root === undefined) continue;
    // the other file may write the father's name as the surname ("Jenkin ap /Gronwy/"), or the family's surname (the father's)
    roots.add(root);
    surnames.add(root);
    for (const f of fathers) if (f.surname !== '') surnames.add(f.surnameCode);
  }
  const keys = [...surnames].map((c) => `${group}|S|${c}`);
  const own = givenCodes(side, p);
  if (own.length === 0) return keys;
  const relatives = new Set<string>();
  for (const n of fathers) for (const t of n.tokens.slice(0, 1)) relatives.add(`F${t.code}`);
  for (const code of roots) relatives.add(`F${code}`);
  for (const n of names) {
    if (n.patronymic !== null) relatives.add(`F${n.patronymic.code}`);
  }
  for (const n of side.parentNames(p, false) ?? []) for (const t of n.tokens.slice(0, 1)) relatives.add(`M${t.code}`);
  for (const s of spouses) for (const n of s) for (const t of n.tokens.slice(0, 1)) relatives.add(`S${t.code}`);
  for (const g of own) for (const r of relatives) keys.push(`${group}|${g}|${r}`);
  if (married && (spouses.length === 0 || names.some((n) => n.surname !== '' && spouses.some((s) => s.some((m) => m.surname === n.surname))))) {
    for (const g of own) keys.push(`${group}${GIVEN_ONLY}${g}`);
  }
  return keys;
}

const givenCodes = (side: SideFeatures, p: number): string[] => [...new Set(side.namesOf(p).flatMap((n) => n.tokens.slice(0, 1).map((t) => t.code)))];

/**
 * The sub-blocks of a split surname block: a right person is in the block of the initial of each
 * of its given-name tokens; a left person meets those of its own initials and of the initials of
 * the right side's names in its tokens' nickname groups ("Bill" meets the W of "William").
 */
class SubKeys {
  /** Nickname group -> the initials of the right side's tokens in it. */
  private readonly groupInitials = new Map<number, string>();

  /** The initials of the given-name tokens of right person j (noting their groups' initials). */
  right(side: SideFeatures, j: number): string[] {
    const keys = new Set<string>();
    for (const n of side.namesOf(j)) {
      for (const t of n.tokens) {
        const initial = t.text.charAt(0);
        keys.add(initial);
        for (const g of t.groups) {
          const known = this.groupInitials.get(g) ?? '';
          if (!known.includes(initial)) this.groupInitials.set(g, known + initial);
        }
      }
    }
    if (keys.size === 0) keys.add('');
    return [...keys];
  }

  /** The initials left person i meets: of its tokens and of the right side's names in their groups. */
  left(side: SideFeatures, i: number): string[] {
    const keys = new Set<string>();
    for (const n of side.namesOf(i)) {
      for (const t of n.tokens) {
        keys.add(t.text.charAt(0));
        for (const g of t.groups) for (const c of this.groupInitials.get(g) ?? '') keys.add(c);
      }
    }
    if (keys.size === 0) keys.add('');
    return [...keys];
  }
}

function addTo(lists: Map<string, number[]>, key: string, j: number): void {
  let list = lists.get(key);
  if (list === undefined) lists.set(key, (list = []));
  list.push(j);
}

function keyed(side: SideFeatures, people: readonly number[], subKeys: SubKeys | null, places: Int32Array): Keyed {
  let sub: Map<string, Keyed> | null = null;
  if (subKeys !== null && people.length > SUB_BLOCK_PEOPLE) {
    const lists = new Map<string, number[]>();
    for (const j of people) for (const k of subKeys.right(side, j)) addTo(lists, k, j);
    sub = new Map();
    for (const [k, list] of lists) sub.set(k, keyed(side, list, null, places));
  }
  // a block split by initial is met only through its sub-blocks
  const block = sub === null ? makeBlock(side, people, places) : EMPTY_BLOCK;
  return { block, all: partsOf(block, null), met: block.parts === null ? null : new Map(), size: people.length, sub, queried: 0, capped: 0 };
}

const EMPTY_BLOCK: Block = { runs: [], other: new Int32Array(0), parts: null };

/** The right side's blocks by key. */
function rightBlocks(right: SideFeatures, subKeys: SubKeys, places: Int32Array): Map<string, Keyed> {
  const lists = new Map<string, number[]>();
  for (let j = 0; j < right.count; j++) for (const k of blockKeys(right, j)) addTo(lists, k, j);
  const blocks = new Map<string, Keyed>();
  for (const [k, list] of lists) blocks.set(k, keyed(right, list, k.charAt(2) === 'S' ? subKeys : null, places));
  return blocks;
}

export interface CandidateScan {
  /** Set once no more pairs are wanted (the candidate bound is reached): the rest are skipped uncounted. */
  full: boolean;
  /** Right person j -> the left person it is paired with as an identical record (-1: none), skipped uncounted; null when there is none. */
  readonly exact: Int32Array | null;
  /** Pairs ended by a sex or date veto. */
  vetoed: number;
}

/** Calls `visit(i, j)` for every candidate pair that no sex or date veto ends, in a fixed order; reports the capped blocks. */
export function candidatePairs(
  left: SideFeatures,
  right: SideFeatures,
  state: CandidateScan,
  visit: (i: number, j: number) => void,
  monitor: WorkMonitor,
): BlockingReport {
  const subKeys = new SubKeys();
  const join = new BirthPlaceJoin(left, right);
  const blocks = rightBlocks(right, subKeys, join.classOf);
  const meeting = new Meeting();
  // seenBy[j] === i + 1: pair (i, j) was already emitted for this left person
  const seenBy = new Int32Array(right.count);
  const exact = state.exact;
  let emitted = 0;
  let leftOut = 0;
  let i = 0;
  let stamp = 1;
  let birth: readonly [number, number] | null = null;
  let places: BirthPlaceJoin | null = null;
  const emit = (j: number): void => {
    if (seenBy[j] === stamp) return;
    seenBy[j] = stamp;
    if ((++emitted & STEP_MASK) === 0) monitor.step('match', i, left.count);
    if (state.full || (exact !== null && exact[j] === i)) return;
    if (vetoedByDates(left, i, right, j)) state.vetoed++;
    else visit(i, j);
  };
  const meet = (k: Keyed, cap: number): void => {
    k.queried++;
    // the parts of a split block are of places that meet the left person's: only an unsplit block is joined person by person
    const out = meetBlock(metParts(k, places), k.met === null ? places : null, birth, right, cap, meeting, emit);
    if (out > 0) {
      k.capped++;
      leftOut += out;
    }
  };
  for (i = 0; i < left.count; i++) {
    stamp = i + 1;
    birth = narrowBirth(left, i);
    places = join.start(i) ? join : null;
    if ((i & STEP_MASK) === 0) monitor.step('match', i, left.count);
    for (const key of blockKeys(left, i)) {
      const k = blocks.get(key);
      if (k === undefined) continue;
      const cap = key.startsWith(GIVEN_ONLY, 1) ? GIVEN_BLOCK_CAP : NAME_BLOCK_CAP;
      if (k.sub === null) {
        meet(k, cap);
        continue;
      }
      k.queried++;
      for (const s of subKeys.left(left, i)) {
        const part = k.sub.get(s);
        if (part !== undefined) meet(part, cap);
      }
    }
  }
  return report(blocks, leftOut);
}

/** An exact day meets three windows of a run of exact days (see `placeWindows`); any other birth one. */
const WINDOWS_PER_RUN = 3;

/**
 * Scratch of one meeting, reused across meetings: the windows of each run a birth meets (their
 * index ranges in the run and the high bound a person must reach), and the right people gathered
 * with their distance to the left person's birth. Typed arrays and plain loops: a left person
 * meets several blocks, and the join runs millions of times on a file of repeated names.
 */
class Meeting {
  people = new Int32Array(1024);
  distance = new Float64Array(1024);
  length = 0;
  /** Per window (at most WINDOWS_PER_RUN per run): its range of run indexes [start, end) and its reach. */
  start = new Int32Array(WINDOWS_PER_RUN * 4);
  end = new Int32Array(WINDOWS_PER_RUN * 4);
  reach = new Float64Array(WINDOWS_PER_RUN * 4);
  /** Per window: the high bound a person must stay below (the people above it are another window's). */
  ceiling = new Float64Array(WINDOWS_PER_RUN * 4);
  /** Set when a window was read only up to its limit (gatherWindow). */
  cut = false;
  /** People emitted so far by the meeting under way (emitUpTo). */
  emitted = 0;

  add(j: number, d: number): void {
    if (this.length === this.people.length) {
      const people = new Int32Array(2 * this.length);
      people.set(this.people);
      this.people = people;
      const distance = new Float64Array(2 * this.length);
      distance.set(this.distance);
      this.distance = distance;
    }
    this.people[this.length] = j;
    this.distance[this.length++] = d;
  }

  /** Room for the windows of `runs` runs. */
  fit(runs: number): void {
    if (this.start.length >= WINDOWS_PER_RUN * runs) return;
    this.start = new Int32Array(WINDOWS_PER_RUN * runs);
    this.end = new Int32Array(WINDOWS_PER_RUN * runs);
    this.reach = new Float64Array(WINDOWS_PER_RUN * runs);
    this.ceiling = new Float64Array(WINDOWS_PER_RUN * runs);
  }
}

/**
 * Whether a birth [lo, hi] meets run `r` a year before and after too (merge-features.ts
 * yearOffByOne): an exact day meets the same day and month in a run of exact days, a birth stated
 * to a month (27 to 30 days) the same month in a run of ranges.
 */
const yearOffWindows = (r: Run, lo: number, hi: number): boolean => (lo === hi ? r.span === 0 : r.span > 0 && hi - lo >= 27 && hi - lo <= 30);

/**
 * Places in `m` from slot `at` the windows of run `r` a birth [lo, hi] meets: the ranges of low
 * bounds it overlaps or touches (two adjacent years written one off), and for an exact day or a
 * month the same day or month a year off (yearOffWindows); with the high bound a person of the
 * window must reach, and the one it must stay below. Returns the people of the windows (some may
 * fall outside those bounds).
 */
function placeWindows(m: Meeting, at: number, r: Run, lo: number, hi: number): number {
  const low = r.low;
  const from = r.span > 0 ? lo - 1 - r.span : lo - 1;
  const s = lowerBound(low, from);
  const e = lowerBound(low, hi + 1, true);
  m.start[at] = s;
  m.end[at] = e;
  m.reach[at] = lo - 1;
  m.ceiling[at] = Infinity;
  if (!yearOffWindows(r, lo, hi)) return e - s;
  let n = e - s;
  for (let k = 1; k <= 2; k++) {
    // the same day (or month) a year before (k = 1), then after (k = 2); the year after starts beyond the first window's end,
    // the year before may lie inside it (a run of ranges reaches back up to its span), where the first window
    // gathers only the people reaching the birth: those that do not are this window's
    const a = k === 1 ? lo - 366 : lo + 365;
    const ks = lowerBound(low, a);
    const ke = lowerBound(low, a + 1, true);
    m.start[at + k] = ks;
    m.end[at + k] = ke;
    m.reach[at + k] = -Infinity;
    m.ceiling[at + k] = k === 1 ? lo - 1 : Infinity;
    n += ke - ks;
  }
  return n;
}

/** The windows `placeWindows` places for run `r` and a birth [lo, hi]. */
const windowCount = (r: Run, lo: number, hi: number): number => (yearOffWindows(r, lo, hi) ? WINDOWS_PER_RUN : 1);

/**
 * Gathers the people of run `r` in the window of slot `w` whose high bound reaches the window's
 * reach and stays below its ceiling and whose birth place meets the left person's (`places`; null: every place), with their
 * distance to the birth [lo, hi]: all of them, or when there are more than `limit` in the window,
 * `limit` of them read from the birth's own place in the run outward (the nearest low bounds
 * first), so a capped meeting costs its cap, not the window; a window left unread is noted in `m.cut`.
 */
function gatherWindow(m: Meeting, w: number, r: Run, lo: number, hi: number, bounds: Float64Array, limit: number, places: BirthPlaceJoin | null): void {
  const people = r.people;
  const low = r.low;
  // cast: w is a slot placeWindows filled
  const start = m.start[w] as number;
  // cast: see above
  const end = m.end[w] as number;
  // cast: see above
  const reach = m.reach[w] as number;
  // cast: see above
  const ceiling = m.ceiling[w] as number;
  const mid2 = lo + hi;
  if (end - start <= limit) {
    for (let k = start; k < end; k++) {
      // cast: start <= k < end <= people.length
      const j = people[k] as number;
      // cast: j is a person of the right side, bounds has 4 entries per person
      const jhi = bounds[4 * j + 1] as number;
      // cast: see above
      if (jhi >= reach && jhi < ceiling && (places === null || places.meetsRight(j))) m.add(j, Math.abs((bounds[4 * j] as number) + jhi - mid2));
    }
    return;
  }
  let b = Math.min(Math.max(lowerBound(low, lo), start), end);
  let a = b - 1;
  let taken = 0;
  for (; taken < limit && (a >= start || b < end);) {
    // cast: a and b are within [start, end) when read
    const k = a >= start && (b >= end || lo - (low[a] as number) <= (low[b] as number) - lo) ? a-- : b++;
    // cast: start <= k < end <= people.length
    const j = people[k] as number;
    // cast: j is a person of the right side, bounds has 4 entries per person
    const jhi = bounds[4 * j + 1] as number;
    if (jhi < reach || jhi >= ceiling || (places !== null && !places.meetsRight(j))) continue;
    // cast: see above
    m.add(j, Math.abs((bounds[4 * j] as number) + jhi - mid2));
    taken++;
  }
  if (a >= start || b < end) m.cut = true;
}

/** The runs and the lists of undated people of a block one left person meets. */
interface MetParts {
  readonly runs: readonly Run[];
  readonly others: readonly Int32Array[];
}

/** Birth place texts whose parts one split block keeps (then it starts over). */
const PARTS_KEPT = 64;

/**
 * The runs and undated people of `block` a left person meets: all of an unsplit block; of a block
 * split by birth place, its people of no place and the parts whose place meets the left person's
 * (`places`; null: every place).
 */
function partsOf(block: Block, places: BirthPlaceJoin | null): MetParts {
  const runs = [...block.runs];
  const others = block.other.length > 0 ? [block.other] : [];
  for (const part of block.parts ?? []) {
    if (places !== null && !places.meetsClass(part.place)) continue;
    runs.push(...part.block.runs);
    if (part.block.other.length > 0) others.push(part.block.other);
  }
  return { runs, others };
}

/** partsOf a keyed block for the current left person, kept per birth place text (a left person's meetings ask the same few). */
function metParts(k: Keyed, places: BirthPlaceJoin | null): MetParts {
  if (k.met === null || places === null) return k.all;
  let hit = k.met.get(places.placeText);
  if (hit === undefined) {
    if (k.met.size >= PARTS_KEPT) k.met.clear();
    k.met.set(places.placeText, (hit = partsOf(k.block, places)));
  }
  return hit;
}

/**
 * Emits the right people of a block's `parts` a left person of birth range `birth` meets (see the
 * module comment) whose birth place meets its own (`each`; null: every place, or the parts were
 * chosen by place), at most `cap` of them: the nearest by the middle of the birth range, then the
 * undated in order; returns at most how many it left out for the cap (the people of the windows,
 * or of the block, it did not read or emit).
 */
function meetBlock(
  parts: MetParts,
  each: BirthPlaceJoin | null,
  birth: readonly [number, number] | null,
  right: SideFeatures,
  cap: number,
  m: Meeting,
  emit: (j: number) => void,
): number {
  const { runs, others } = parts;
  let undated = 0;
  for (const list of others) undated += list.length;
  m.emitted = 0;
  if (birth === null) {
    // the block in order: the undated first, then each run, until `cap` people met
    let total = undated;
    for (const r of runs) total += r.people.length;
    let read = 0;
    for (const list of others) read += emitUpTo(list, cap, each, emit, m);
    for (const r of runs) read += emitUpTo(r.people, cap, each, emit, m);
    return total - read;
  }
  const [lo, hi] = birth;
  m.fit(runs.length);
  let windows = 0;
  for (let q = 0; q < runs.length; q++) windows += placeWindows(m, WINDOWS_PER_RUN * q, runs[q] as Run, lo, hi); // cast: q < runs.length
  const limit = windows + undated <= cap ? Infinity : cap;
  m.length = 0;
  m.cut = false;
  for (let q = 0; q < runs.length; q++) {
    // cast: q < runs.length
    const r = runs[q] as Run;
    for (let w = 0, n = windowCount(r, lo, hi); w < n; w++) gatherWindow(m, WINDOWS_PER_RUN * q + w, r, lo, hi, right.bounds, limit, each);
  }
  const n = m.length;
  if (n + undated <= cap) {
    // cast: k < m.length
    for (let k = 0; k < n; k++) emit(m.people[k] as number);
    m.emitted = n;
    let read = 0;
    for (const list of others) read += emitUpTo(list, cap, each, emit, m);
    return m.cut ? windows - n + undated - read : 0;
  }
  // sorted neighbourhood: the `cap` nearest births (ties by person number), then the undated
  const { people, distance } = m;
  const near = Math.min(n, cap);
  const sorted = distance.slice(0, n).sort();
  // cast: near - 1 < n indexes sorted when near > 0
  const farthest = near > 0 ? (sorted[near - 1] as number) : -Infinity;
  let below = 0;
  // cast: k < n
  for (let k = 0; k < n; k++) if ((distance[k] as number) < farthest) below++;
  let ties = near - below;
  const tied: number[] = [];
  for (let k = 0; k < n; k++) {
    // cast: k < n
    const d = distance[k] as number;
    // cast: k < n
    if (d < farthest) emit(people[k] as number);
    // cast: k < n
    else if (d === farthest) tied.push(people[k] as number);
  }
  tied.sort((x, y) => x - y);
  for (const j of tied) if (ties-- > 0) emit(j);
  m.emitted = near;
  let read = 0;
  for (const list of others) read += emitUpTo(list, cap, each, emit, m);
  return (m.cut ? windows - near : n - near) + undated - read;
}

/**
 * Emits the people of `list` in order whose birth place meets the left person's (`places`; null:
 * every place) until the meeting has emitted `cap` (m.emitted counts them); returns how many it read.
 */
function emitUpTo(list: Int32Array, cap: number, places: BirthPlaceJoin | null, emit: (j: number) => void, m: Meeting): number {
  let k = 0;
  for (; k < list.length && m.emitted < cap; k++) {
    // cast: k < list.length
    const j = list[k] as number;
    if (places !== null && !places.meetsRight(j)) continue;
    emit(j);
    m.emitted++;
  }
  return k;
}

function report(blocks: ReadonlyMap<string, Keyed>, pairsLeftOut: number): BlockingReport {
  const capped: Keyed[] = [];
  const collect = (k: Keyed): void => {
    if (k.capped > 0) capped.push(k);
    if (k.sub !== null) for (const s of k.sub.values()) collect(s);
  };
  for (const k of blocks.values()) collect(k);
  capped.sort((x, y) => y.queried * y.size - x.queried * x.size || y.size - x.size);
  return {
    cappedBlocks: capped.length,
    pairsLeftOut,
    largest: capped.slice(0, OPS_LIMITS.cappedBlocksListed).map((k) => ({ left: k.queried, right: k.size })),
  };
}
