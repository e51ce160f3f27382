import { aDateAgreesPrecisely, birthsAgreePrecisely, contextAllowed, scorePair } from './merge-features.js';
import type { EvidenceCode, NameFeature, SideFeatures } from './merge-features.js';
import { recordAgreement } from './merge-record-facts.js';
import type { ScoredPair } from './merge-score.js';
import type { MergeSide } from './merge-sides.js';

/**
 * Name-frequency evidence (Fellegi-Sunter with value-specific weights; Winkler's frequency-based
 * matching): agreeing on a name that few people bear says more than agreeing on a common one. A
 * pair whose full name is borne by at most MAX_BEARERS people in each file, each the other's only
 * candidate, agreeing on a date (precisely when others bear the name) or a place, is identified by
 * its name, weighed by how many bear it.
 */

/** Added to the score of a pair identified by a name borne once in each file: with a name and a date agreeing (0.75 each at least) it reaches the automatic threshold. */
const RARE_NAME_WEIGHT = 2.25;

/**
 * People of one file who may bear the name of a pair identified by it (the pair's own person
 * included): a name borne by more is common, its namesakes too many to rule out by the dates.
 */
const MAX_BEARERS = 3;

/**
 * The weight of a name borne by `bearers` people in the file where it is commonest: the
 * Fellegi-Sunter agreement weight log(1/u) falls by log2(bearers) bits as the chance u that two
 * different people share the name grows with the count; a quarter point per bit, rounded to the
 * quarter points every score is made of (1: 2.25, 2: 2, 3: 1.75).
 */
function rareNameWeight(bearers: number): number {
  return RARE_NAME_WEIGHT - 0.25 * Math.round(Math.log2(bearers));
}

/**
 * A file must hold at least this many people for a name borne once to be rare (a share of 1% or
 * less): in a file of a few people every name is borne once and says nothing.
 */
const MIN_PEOPLE = 100;

/**
 * The name as the counts key it: the given names as written (folded) and the surname's Soundex, so
 * spellings of one surname count together; a name without a surname by its given names alone,
 * counted over everyone bearing them whatever their surname (see keysOf).
 */
function nameKey(n: NameFeature): string {
  return n.surname === '' ? givenKey(n) : `${n.surnameCode}\u0000${n.givenFull}`;
}

function givenKey(n: NameFeature): string {
  return `\u0001${n.givenFull}`;
}

/** The keys a name is counted under: its own, and its given names alone (a person named without a surname may be any of their bearers). */
function keysOf(n: NameFeature): readonly string[] {
  return n.surname === '' ? [givenKey(n)] : [nameKey(n), givenKey(n)];
}

/** How many people of a side bear each name key (a person's several names counted once each). One pass, one map entry per distinct name. */
function nameCounts(side: SideFeatures): Map<string, number> {
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  for (let p = 0; p < side.count; p++) {
    const names = side.namesOf(p);
    if (names.length === 0) continue;
    seen.clear();
    for (const n of names) {
      for (const key of keysOf(n)) {
        if (seen.has(key)) continue;
        seen.add(key);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/**
 * The people of a side bearing name key `own` (of person p) or `other` (the other person's): a
 * person bearing both is counted twice unless it is p, so the count errs on the side of more.
 */
function bearersOf(side: SideFeatures, counts: ReadonlyMap<string, number>, p: number, own: string, other: string): number {
  const mine = counts.get(own) ?? 0;
  if (other === own) return mine;
  return mine + (counts.get(other) ?? 0) - (bears(side, p, other) ? 1 : 0);
}

/** Whether person p bears the name key in one of its names. */
function bears(side: SideFeatures, p: number, key: string): boolean {
  return side.namesOf(p).some((n) => keysOf(n).includes(key));
}

/** A name that can be evidence by its rarity: given names, with or without a surname (a surname alone is none; placeholders have no feature at all). */
function fullName(n: NameFeature | undefined): n is NameFeature {
  return n !== undefined && n.givenFull !== '';
}

/** The score components that count as agreement beside the name: a birth or death date stated alike or within the other (0.75 at least), or a birth or death place agreeing in its town (1). */
function agreement(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  const parts = new Map<EvidenceCode, number>();
  scorePair(a, i, b, j, (code, weight) => parts.set(code, weight));
  if ((parts.get('name') ?? 0) < 0.75) return false;
  const date = Math.max(parts.get('birth_date') ?? 0, parts.get('death_date') ?? 0);
  const place = Math.max(parts.get('birth_place') ?? 0, parts.get('death_place') ?? 0);
  return date >= 0.75 || place >= 1;
}

/**
 * A birth or a death placed in another town on each side ("Calberhal, Northshire" / "Marul,
 * Northshire"): two namesakes born the same year in one county, which the county alone does not
 * tell apart.
 */
function townsDiffer(a: SideFeatures, i: number, b: SideFeatures, j: number): boolean {
  for (const [x, y] of [
    [a.placeOf(a.birth(i)), b.placeOf(b.birth(j))],
    [a.placeOf(a.death(i)), b.placeOf(b.death(j))],
  ] as const) {
    if (x !== null && y !== null && x.locality !== '' && y.locality !== '' && x.locality !== y.locality) return true;
  }
  return false;
}

/**
 * The scored pairs identified by a rare name, raised by its weight (rareNameWeight) and allowed to
 * merge without review (replaced in `pairs`); returns the weight added to a pair (left i, right j),
 * 0 for none. A pair is when: each side holds at least MIN_PEOPLE people; the first names of both
 * are full names, borne in each file by at most MAX_BEARERS people (either name), and when by more
 * than the pair's own person, a birth or death date agrees precisely (the same day, or a day within
 * the other's year: the namesakes were vetoed by their dates, which a year or a place alone does
 * not tell apart) and no birth or death is placed in another town on each side; each is the other's only scored candidate (a namesake a generation apart is
 * vetoed by its dates, a namesake cousin of overlapping dates is a second candidate, so neither is
 * ever one); the name, and a date or a place, agree (see `agreement`); neither the record (two
 * AFNs) nor the spouses conflict. Linear in the people and the pairs.
 */
export function rareNamePairs(pairs: ScoredPair[], left: MergeSide, right: MergeSide): (i: number, j: number) => number {
  const l = left.people;
  const r = right.people;
  const rare = new Map<number, number>();
  const width = r.count + 1;
  const weightOf = (i: number, j: number): number => rare.get(i * width + j) ?? 0;
  if (l.count < MIN_PEOPLE || r.count < MIN_PEOPLE) return weightOf;
  const perLeft = new Map<number, number>();
  const perRight = new Map<number, number>();
  for (const p of pairs) {
    perLeft.set(p.i, (perLeft.get(p.i) ?? 0) + 1);
    perRight.set(p.j, (perRight.get(p.j) ?? 0) + 1);
  }
  let lc: Map<string, number> | null = null;
  let rc: Map<string, number> | null = null;
  for (let k = 0; k < pairs.length; k++) {
    // cast: k < pairs.length
    const p = pairs[k] as ScoredPair;
    if (p.automatic || perLeft.get(p.i) !== 1 || perRight.get(p.j) !== 1) continue;
    const x = l.namesOf(p.i)[0];
    const y = r.namesOf(p.j)[0];
    if (!fullName(x) || !fullName(y)) continue;
    lc ??= nameCounts(l);
    rc ??= nameCounts(r);
    const kx = nameKey(x);
    const ky = nameKey(y);
    const bearers = Math.max(bearersOf(l, lc, p.i, kx, ky), bearersOf(r, rc, p.j, ky, kx));
    if (bearers > MAX_BEARERS || (bearers > 1 && (!aDateAgreesPrecisely(l, p.i, r, p.j) || townsDiffer(l, p.i, r, p.j)))) continue;
    // two namesake siblings (of one couple, a year or two apart) share the parents, often the place, and fit approximate births alike
    if (l.namesakeSibling(p.i) || r.namesakeSibling(p.j) || !birthsAgreePrecisely(l, p.i, r, p.j)) continue;
    if (!agreement(l, p.i, r, p.j) || !contextAllowed(l, p.i, r, p.j)) continue;
    if (recordAgreement(left.records, p.i, right.records, p.j).conflict) continue;
    const weight = rareNameWeight(bearers);
    rare.set(p.i * width + p.j, weight);
    pairs[k] = { i: p.i, j: p.j, score: p.score + weight, automatic: true };
  }
  return weightOf;
}
