import { TAG_BURI, TAG_DEAT } from './event-table.js';
import { TAG_BIRT } from './event-table.js';
import type { Facts } from './quality-facts.js';
import { Fact, finite, hasEarliest, type QualityLimits } from './quality-facts.js';
import type { TreeIndex } from './tree-index.js';
import { sortStable } from './quality-order.js';

/** Children born of a family up to which the same-name rule scans back rather than keeping a map (linear past it). */
const SMALL_FAMILY = 16;

type SiblingRule = 'siblings_too_close' | 'living_siblings_same_given_name';

/** A child of the family being checked, with its birth day range. */
interface Sibling {
  person: number;
  earliest: number;
  latest: number;
  /** The given name, upper case ('' when none). */
  given: string;
}

/**
 * Rules beyond Gramps over the children of one family, each after one sort of the children by
 * birth (n log n): siblings born closer than sibling_gap_days but not twins (twin_days), and two
 * siblings of one given name who were certainly alive at the same time.
 */
export class SiblingRules {
  private readonly fact = new Fact();
  /** The children born of the family being checked: its first entries (reused, never emptied: emptying an array drops its storage). */
  private readonly born: Sibling[] = [];
  /** Sibling slots reused from family to family (the largest family's worth): no object per child. */
  private readonly slots: Sibling[] = [];
  private readonly byBirth = (a: Sibling, b: Sibling): number => a.earliest - b.earliest || a.latest - b.latest;
  private readonly lastOfName = new Map<string, Sibling>();
  /** Upper-case given names by string id, computed once per distinct name (sized on first use). */
  private upper: (string | undefined)[] | null = null;

  constructor(
    private readonly index: TreeIndex,
    private readonly facts: Facts,
    private readonly t: QualityLimits,
    /** Whether person p is probably living today (the living estimate). */
    private readonly living: (p: number) => boolean,
    private readonly emit: (rule: SiblingRule, xref: string) => void,
  ) {}

  family(f: number, x: string): void {
    const { index, facts, fact } = this;
    const born = this.born;
    let count = 0;
    // cast: childStart has familyCount + 1 entries and f is a family; c < childStart[f + 1] <= child.length
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) {
      // cast: childStart[f] <= c < childStart[f + 1] <= child.length
      const child = index.child[c] as number;
      if (!index.isPerson(child) || !this.bornTo(child, f)) continue;
      const birth = facts.firstOf(fact, child, TAG_BIRT);
      if (!finite(birth)) continue;
      const slot = (this.slots[count] ??= { person: 0, earliest: 0, latest: 0, given: '' });
      slot.person = child;
      slot.earliest = birth.earliest;
      slot.latest = birth.latest;
      born[count++] = slot;
    }
    if (count < 2) return;
    // the given names only of families with two children born or more
    // cast: i < count, the entries filled above
    for (let i = 0; i < count; i++) (born[i] as Sibling).given = this.given((born[i] as Sibling).person);
    sortStable(born, count, this.byBirth);
    if (this.tooClose(born, count)) this.emit('siblings_too_close', x);
    if (this.sameNameAlive(born, count)) this.emit('living_siblings_same_given_name', x);
  }

  /** Two siblings next in birth order certainly more than twin_days and certainly less than sibling_gap_days apart. */
  private tooClose(born: readonly Sibling[], count: number): boolean {
    for (let i = 1; i < count; i++) {
      // cast: 0 <= i - 1 < i < count <= born.length
      const a = born[i - 1] as Sibling;
      // cast: i < count <= born.length
      const b = born[i] as Sibling;
      const nearest = Math.max(0, b.earliest - a.latest, a.earliest - b.latest);
      const farthest = Math.max(b.latest - a.earliest, a.latest - b.earliest);
      if (nearest > this.t.twin_days && farthest < this.t.sibling_gap_days) return true;
    }
    return false;
  }

  /** Siblings of one given name, next in birth order among those of that name, certainly alive at once. */
  private sameNameAlive(born: readonly Sibling[], count: number): boolean {
    if (count <= SMALL_FAMILY) {
      // the elder of the same name: the nearest before in birth order (a few children: a scan back, no map)
      for (let i = 1; i < count; i++) {
        // cast: i < count <= born.length
        const b = born[i] as Sibling;
        if (b.given === '') continue;
        let j = i - 1;
        // cast: 0 <= j < i < count <= born.length
        while (j >= 0 && (born[j] as Sibling).given !== b.given) j--;
        // cast: 0 <= j < count <= born.length
        if (j >= 0 && this.aliveAtBirthOf(born[j] as Sibling, b)) return true;
      }
      return false;
    }
    const lastOfName = this.lastOfName;
    lastOfName.clear();
    for (let i = 0; i < count; i++) {
      // cast: i < count <= born.length
      const b = born[i] as Sibling;
      if (b.given === '') continue;
      const elder = lastOfName.get(b.given);
      lastOfName.set(b.given, b);
      if (elder !== undefined && this.aliveAtBirthOf(elder, b)) return true;
    }
    return false;
  }

  /** The elder certainly lived past the younger's birth: a death or burial after it, or both living today. */
  private aliveAtBirthOf(elder: Sibling, younger: Sibling): boolean {
    const { facts, fact } = this;
    if (elder.latest >= younger.earliest) return false;
    const death = facts.firstOf(fact, elder.person, TAG_DEAT);
    if (death.present) return hasEarliest(death) && death.earliest > younger.latest;
    const burial = facts.firstOf(fact, elder.person, TAG_BURI);
    if (burial.present) return false;
    return this.living(elder.person) && this.living(younger.person);
  }

  /** Whether child c's link to family f is a birth relation (no PEDI, or PEDI birth). */
  private bornTo(c: number, f: number): boolean {
    const index = this.index;
    // cast: famcStart has an entry per person plus one, and c is a person number; l < famcStart[c + 1] <= famcFamily.length
    for (let l = index.famcStart[c] as number, end = index.famcStart[c + 1] as number; l < end; l++)
      if (index.famcFamily[l] === f) return index.famcBirth[l] === 1;
    return true;
  }

  /** The given name of the first name of person p, upper case, spaces folded. */
  private given(p: number): string {
    const index = this.index;
    // cast: nameStart has an entry per person plus one, and p is a person number
    const n = index.nameStart[p] as number;
    if (n === index.nameStart[p + 1]) return '';
    // cast: n is a name row of p (checked above), and nameGiven holds string ids
    const id = index.nameGiven[n] as number;
    const upper = (this.upper ??= new Array<string | undefined>(index.strings.length));
    // cast: strings has every string id
    return (upper[id] ??= (index.strings[id] as string).toUpperCase());
  }
}
