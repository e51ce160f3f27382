import { EVENT_CODE, TAG_BIRT, TAG_DEAT } from './event-table.js';
import type { Facts } from './quality-facts.js';
import { Fact, finite, hasEarliest, type QualityLimits } from './quality-facts.js';
import type { TreeIndex } from './tree-index.js';

type MarriageRule = 'overlapping_marriages' | 'remarriage_soon_after_death' | 'duplicate_family' | 'sibling_marriage' | 'parent_child_marriage';

// cast: DIV, DIVF and ANUL are tags of EVENT_TAG_LIST
const ENDINGS: readonly number[] = [EVENT_CODE.get('DIV') as number, EVENT_CODE.get('DIVF') as number, EVENT_CODE.get('ANUL') as number];

/** One family of a person, as the marriage rules see it. */
interface Union {
  /** The marriage (MARR) day range. */
  start: number;
  end: number;
  /** The last day the union certainly still held (-Infinity: not known to hold past its start). */
  heldUntil: number;
  /** Spouse's death day range (NaN when the spouse has no dated death). */
  deathEarliest: number;
  deathLatest: number;
  spouse: number;
}

/**
 * Rules beyond Gramps over a person's families and over a couple: overlapping marriages,
 * remarriage soon after a spouse's death, the same couple in two families, and marriages of
 * siblings (sharing a parent family or a parent) or of a parent and a child. Each person's
 * families are sorted once (k log k for k families); each couple costs its parent links.
 */
export class MarriageRules {
  private readonly fact = new Fact();
  private readonly unions: Union[] = [];
  private readonly couples = new Map<number, number>();
  /** Per family / person: the family number + 1 that last stamped it (no clearing between families). */
  private readonly familyStamp: Int32Array;
  private readonly personStamp: Int32Array;

  constructor(
    private readonly index: TreeIndex,
    private readonly facts: Facts,
    private readonly t: QualityLimits,
    private readonly emit: (rule: MarriageRule, xref: string, also?: string) => void,
  ) {
    this.familyStamp = new Int32Array(index.familyCount);
    this.personStamp = new Int32Array(index.personCount);
  }

  /** overlapping_marriages and remarriage_soon_after_death of person p. */
  person(p: number, xref: string): void {
    const index = this.index;
    // cast: famsStart has an entry per person plus one, and p is a person number
    const first = index.famsStart[p] as number;
    // cast: famsStart has an entry per person plus one, and p is a person number
    const last = index.famsStart[p + 1] as number;
    if (last - first < 2) return;
    const unions = this.unions;
    unions.length = 0;
    for (let l = first; l < last; l++) {
      // cast: first <= l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (index.isFamily(f)) unions.push(this.union(f, p));
    }
    if (unions.length < 2) return;
    if (this.overlaps(unions)) this.emit('overlapping_marriages', xref);
    if (this.remarriedSoon(unions)) this.emit('remarriage_soon_after_death', xref);
  }

  private union(f: number, p: number): Union {
    const { index, facts, fact, t } = this;
    const spouse = index.spouseIn(f, p);
    const marr = facts.marriage(fact, f);
    const dated = finite(marr);
    const u: Union = { start: dated ? marr.earliest : NaN, end: dated ? marr.latest : NaN, heldUntil: -Infinity, deathEarliest: NaN, deathLatest: NaN, spouse };
    if (!index.isPerson(spouse)) return u;
    // the spouse was alive until their death, or at least until a child's birth (a father ~ posthumous_days before it)
    let alive = -Infinity;
    const death = facts.firstOf(fact, spouse, TAG_DEAT);
    if (finite(death)) {
      u.deathEarliest = death.earliest;
      u.deathLatest = death.latest;
      alive = death.earliest;
    }
    const wife = index.wife[f] === spouse;
    // cast: childStart has familyCount + 1 entries and f is a family; c < childStart[f + 1] <= child.length
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) {
      // cast: childStart[f] <= c < childStart[f + 1] <= child.length
      const child = index.child[c] as number;
      if (!index.isPerson(child)) continue;
      const birth = facts.firstOf(fact, child, TAG_BIRT);
      if (hasEarliest(birth)) alive = Math.max(alive, wife ? birth.earliest : birth.earliest - t.posthumous_days);
    }
    // ... unless the family ended by divorce or annulment: an undated one ends it at an unknown day
    let ended = Infinity;
    for (let k = 0; k < ENDINGS.length; k++) {
      // cast: k < ENDINGS.length
      const e = facts.familyFirst(fact, f, ENDINGS[k] as number);
      if (!e.present) continue;
      ended = Math.min(ended, e.dated && Number.isFinite(e.earliest) ? e.earliest : -Infinity);
    }
    u.heldUntil = Math.min(alive, ended);
    return u;
  }

  /** A union that certainly began before another began and certainly still held when it did. */
  private overlaps(unions: Union[]): boolean {
    const dated = unions.filter(isMarried).sort(byEnd);
    if (dated.length < 2) return false;
    const best = new PrefixBest(dated, heldUntilOf);
    // the unions that certainly began before `later` began are a prefix of the order
    for (const later of dated) if (best.above(countBelow(dated, endOf, later.start), later.spouse, later.end)) return true;
    return false;
  }

  /** A marriage certainly after a spouse's death and certainly less than remarriage_days after it. */
  private remarriedSoon(unions: Union[]): boolean {
    const deaths = unions.filter(isWidowed).sort(byDeathLatest);
    if (deaths.length === 0) return false;
    const best = new PrefixBest(deaths, deathEarliestOf);
    for (const later of unions) {
      if (Number.isNaN(later.start)) continue;
      // the deaths certainly before the marriage are a prefix; one of them less than the limit before its last day
      if (best.above(countBelow(deaths, deathLatestOf, later.start), later.spouse, later.end - this.t.remarriage_days)) return true;
    }
    return false;
  }

  /** duplicate_family, sibling_marriage and parent_child_marriage of family f (xref x). */
  family(f: number, x: string): void {
    const index = this.index;
    // cast: husband and wife have an entry per family, and f is a family number
    const h = index.husband[f] as number;
    // cast: see above
    const w = index.wife[f] as number;
    if (!index.isPerson(h) || !index.isPerson(w)) return;
    const earlier = this.firstOfCouple(f, h, w);
    // cast: earlier is a family number
    if (earlier >= 0) this.emit('duplicate_family', x, index.familyXref[earlier] as string);
    if (this.parentOf(h, w) || this.parentOf(w, h)) this.emit('parent_child_marriage', x);
    else if (this.siblings(f, h, w)) this.emit('sibling_marriage', x);
  }

  /** The first family checked before f of husband h and wife w, -1 when none; files f. */
  private firstOfCouple(f: number, h: number, w: number): number {
    // a number per couple (exact below 2^53: personCount squared stays far under it)
    const key = h * this.index.personCount + w;
    const earlier = this.couples.get(key);
    if (earlier === undefined) this.couples.set(key, f);
    return earlier ?? -1;
  }

  /** Whether `parent` is a husband or wife of a parent family of `child`. */
  private parentOf(parent: number, child: number): boolean {
    const index = this.index;
    // cast: famcStart has an entry per person plus one, and child is a person number; l < famcStart[child + 1] <= famcFamily.length
    for (let l = index.famcStart[child] as number, end = index.famcStart[child + 1] as number; l < end; l++) {
      // cast: famcStart[x] <= l < famcStart[x + 1] <= famcFamily.length
      const g = index.famcFamily[l] as number;
      if (index.isFamily(g) && (index.husband[g] === parent || index.wife[g] === parent)) return true;
    }
    return false;
  }

  /** Whether a and b share a parent family or a parent (half-siblings), stamping with f + 1. */
  private siblings(f: number, a: number, b: number): boolean {
    const { index, familyStamp, personStamp } = this;
    const stamp = f + 1;
    // cast: famcStart has an entry per person plus one, and a is a person number; l < famcStart[a + 1] <= famcFamily.length
    for (let l = index.famcStart[a] as number, end = index.famcStart[a + 1] as number; l < end; l++) {
      // cast: famcStart[x] <= l < famcStart[x + 1] <= famcFamily.length
      const g = index.famcFamily[l] as number;
      if (!index.isFamily(g)) continue;
      familyStamp[g] = stamp;
      // cast: g is a family, husband and wife have an entry per family
      const husband = index.husband[g] as number;
      // cast: see above
      const wife = index.wife[g] as number;
      // the two parents written out, not as an array per link
      if (index.isPerson(husband)) personStamp[husband] = stamp;
      if (index.isPerson(wife)) personStamp[wife] = stamp;
    }
    // cast: famcStart has an entry per person plus one, and b is a person number; l < famcStart[b + 1] <= famcFamily.length
    for (let l = index.famcStart[b] as number, end = index.famcStart[b + 1] as number; l < end; l++) {
      // cast: famcStart[x] <= l < famcStart[x + 1] <= famcFamily.length
      const g = index.famcFamily[l] as number;
      if (!index.isFamily(g)) continue;
      if (familyStamp[g] === stamp) return true;
      // cast: g is a family, husband and wife have an entry per family
      const husband = index.husband[g] as number;
      // cast: see above
      const wife = index.wife[g] as number;
      if ((index.isPerson(husband) && personStamp[husband] === stamp) || (index.isPerson(wife) && personStamp[wife] === stamp)) return true;
    }
    return false;
  }
}

// the keys and orders of unions, made once (not a closure per person)
const isMarried = (u: Union): boolean => !Number.isNaN(u.start);
const isWidowed = (u: Union): boolean => !Number.isNaN(u.deathEarliest);
const endOf = (u: Union): number => u.end;
const byEnd = (a: Union, b: Union): number => a.end - b.end;
const heldUntilOf = (u: Union): number => u.heldUntil;
const deathLatestOf = (u: Union): number => u.deathLatest;
const byDeathLatest = (a: Union, b: Union): number => a.deathLatest - b.deathLatest;
const deathEarliestOf = (u: Union): number => u.deathEarliest;

/** How many unions of `sorted` (ordered by `key`) have a key below `day`. */
function countBelow(sorted: readonly Union[], key: (u: Union) => number, day: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    // cast: lo <= mid < hi <= sorted.length
    if (key(sorted[mid] as Union) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Over each prefix of a list of unions: the greatest value, and the greatest value of a union with
 * another spouse than that one's, so "some union of the prefix with another spouse than s has a
 * value above v" is answered in constant time (the same couple twice is duplicate_family's finding).
 */
class PrefixBest {
  private readonly first: number[] = [];
  private readonly firstSpouse: number[] = [];
  private readonly second: number[] = [];

  constructor(unions: readonly Union[], value: (u: Union) => number) {
    let first = -Infinity;
    let firstSpouse = -2;
    let second = -Infinity;
    for (const u of unions) {
      const v = value(u);
      if (v > first) {
        if (u.spouse !== firstSpouse) second = first;
        first = v;
        firstSpouse = u.spouse;
      } else if (v > second && u.spouse !== firstSpouse) second = v;
      this.first.push(first);
      this.firstSpouse.push(firstSpouse);
      this.second.push(second);
    }
  }

  /** Whether a union among the first n, of another spouse than `spouse`, has a value above `v`. */
  above(n: number, spouse: number, v: number): boolean {
    if (n === 0) return false;
    // cast: 0 < n <= the number of unions, one entry each
    return (this.firstSpouse[n - 1] !== spouse ? (this.first[n - 1] as number) : (this.second[n - 1] as number)) > v;
  }
}
