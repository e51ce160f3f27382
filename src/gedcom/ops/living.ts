import { EV_DATED, TAG_BURI, TAG_CREM, TAG_DEAT } from './event-table.js';
import type { TreeIndex } from './tree-index.js';

/**
 * "Probably living", after Gramps' probably_alive (gramps/gen/utils/alive.py, 2024 rewrite):
 *
 * - A death, burial or cremation fact (dated or not) means dead.
 * - Otherwise the birth is taken from the person's own evidence (birth, else christening or
 *   baptism), else estimated from close family in Gramps' order: own death (birth within the
 *   maximum age before it), parents (at least MIN_GEN years after their births), siblings
 *   (within SIB_DIFF years), spouses (within SIB_DIFF years), dated family events (about
 *   GEN_GAP years before), descendants (GEN_GAP years per generation, up to MAX_GEN_ESTIMATE)
 *   and ancestors (the same, upwards). The first rule that yields a bound wins.
 * - A person without a death fact is living when the latest possible birth lies within the
 *   threshold (`privacy.living_threshold_years`), or when nothing at all bounds the birth (Gramps
 *   treats "no evidence" as alive).
 */
const LIVING_ESTIMATE = {
  /** Gramps MAX_AGE: years a person may live. */
  maxAgeYears: 110,
  /** Gramps SIB_DIFF: siblings and spouses are born within this many years of each other. */
  siblingSpanYears: 20,
  /** Gramps GEN_GAP: years between generations. */
  generationGapYears: 20,
  /** Gramps MIN_GEN: a parent is at least this old at a child's birth. */
  minGenerationYears: 13,
  /** Gramps MAX_GEN_ESTIMATE: generations walked up or down. */
  maxGenerations: 4,
} as const;

const YEAR = 365.25;

export interface LivingOptions {
  /** Today as a Julian Day Number (injected so results are reproducible). */
  readonly today: number;
  /** `privacy.living_threshold_years` (90..150, default 110). */
  readonly thresholdYears: number;
}

export interface BirthEstimate {
  readonly earliest: number;
  readonly latest: number;
  readonly basis: 'own' | 'own_death' | 'parents' | 'siblings' | 'spouse' | 'family_event' | 'descendants' | 'ancestors';
}

/** JDN of a Gregorian calendar day. */
export function julianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

export function todayJulianDay(now: Date): number {
  return julianDay(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
}

/** Children of every parent (people and phantoms) over all families, as offsets into one array. */
function childrenByParent(index: TreeIndex): { start: Int32Array; child: Int32Array } {
  const nodes = index.personXref.length;
  const start = new Int32Array(nodes + 1);
  // cast: childStart has familyCount + 1 entries and f < familyCount
  const count = (f: number): number => (index.childStart[f + 1] as number) - (index.childStart[f] as number);
  for (let f = 0; f < index.familyCount; f++) {
    // cast: husband has an entry per family and f < familyCount
    const h = index.husband[f] as number;
    // cast: wife has an entry per family and f < familyCount
    const w = index.wife[f] as number;
    // cast: h is a node number (>= 0 checked), so h + 1 <= nodes, within start's nodes + 1 entries
    if (h >= 0) start[h + 1] = (start[h + 1] as number) + count(f);
    // cast: w is a node number (>= 0 checked), so w + 1 <= nodes, within start's nodes + 1 entries
    if (w >= 0) start[w + 1] = (start[w + 1] as number) + count(f);
  }
  // cast: n < nodes, so n and n + 1 are within start's nodes + 1 entries
  for (let n = 0; n < nodes; n++) start[n + 1] = (start[n + 1] as number) + (start[n] as number);
  const fill = start.slice(0, nodes);
  // cast: start has nodes + 1 entries
  const child = new Int32Array(start[nodes] as number);
  for (let f = 0; f < index.familyCount; f++) {
    // cast: husband and wife have an entry per family and f < familyCount
    for (const parent of [index.husband[f] as number, index.wife[f] as number]) {
      if (parent < 0) continue;
      // cast: childStart has familyCount + 1 entries and f < familyCount
      for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) {
        // cast: parent is a node number (< 0 skipped), within fill's nodes entries
        const at = fill[parent] as number;
        // cast: c < childStart[f + 1] <= child.length
        child[at] = index.child[c] as number;
        fill[parent] = at + 1;
      }
    }
  }
  return { start, child };
}

/**
 * Per family, the latest earliest-birth and the earliest latest-birth over its children with a
 * fully dated birth, each kept for the best two distinct children, so the bounds "from every
 * sibling but p" cost O(1) per person and O(children) once per family (a loop over the siblings
 * per child was quadratic in the family's size).
 */
class SiblingBounds {
  private readonly done: Uint8Array;
  private readonly e1: Float64Array;
  private readonly e1Person: Int32Array;
  private readonly e2: Float64Array;
  private readonly l1: Float64Array;
  private readonly l1Person: Int32Array;
  private readonly l2: Float64Array;
  private readonly result = { earliest: 0, latest: 0 };

  constructor(private readonly index: TreeIndex) {
    const n = index.familyCount;
    this.done = new Uint8Array(n);
    this.e1 = new Float64Array(n);
    this.e1Person = new Int32Array(n);
    this.e2 = new Float64Array(n);
    this.l1 = new Float64Array(n);
    this.l1Person = new Int32Array(n);
    this.l2 = new Float64Array(n);
  }

  /** The bounds over the dated children of family f other than p; null when there is none. The answer is reused by the next call. */
  of(f: number, p: number): { earliest: number; latest: number } | null {
    if (this.done[f] === 0) this.compute(f);
    // cast: f is a family number, within every per-family array
    const e = this.e1Person[f] === p ? (this.e2[f] as number) : (this.e1[f] as number);
    // cast: as above
    const l = this.l1Person[f] === p ? (this.l2[f] as number) : (this.l1[f] as number);
    if (e === -Infinity) return null;
    this.result.earliest = e;
    this.result.latest = l;
    return this.result;
  }

  private compute(f: number): void {
    const index = this.index;
    const earliest = index.personEvents.earliest;
    const latest = index.personEvents.latest;
    let e1 = -Infinity;
    let e1Person = -1;
    let e2 = -Infinity;
    let l1 = Infinity;
    let l1Person = -1;
    let l2 = Infinity;
    // cast: childStart has familyCount + 1 entries, and f is a family number
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) {
      // cast: c < childStart[f + 1] <= child.length
      const s = index.child[c] as number;
      if (!index.isPerson(s)) continue;
      // cast: s is a person (isPerson checked), and birth has an entry per person
      const b = index.birth[s] as number;
      if (b < 0 || !Number.isFinite(earliest[b]) || !Number.isFinite(latest[b])) continue;
      // cast: b is an event row (>= 0 checked) of the person event table
      const eb = earliest[b] as number;
      // cast: as above
      const lb = latest[b] as number;
      if (s === e1Person) e1 = Math.max(e1, eb);
      else if (eb > e1 || e1Person < 0) {
        e2 = e1;
        e1 = eb;
        e1Person = s;
      } else if (eb > e2) e2 = eb;
      if (s === l1Person) l1 = Math.min(l1, lb);
      else if (lb < l1 || l1Person < 0) {
        l2 = l1;
        l1 = lb;
        l1Person = s;
      } else if (lb < l2) l2 = lb;
    }
    this.done[f] = 1;
    this.e1[f] = e1;
    this.e1Person[f] = e1Person;
    this.e2[f] = e2;
    this.l1[f] = l1;
    this.l1Person[f] = l1Person;
    this.l2[f] = l2;
  }
}

const MEMO_LIVING = 1;
const MEMO_NOT_LIVING = 2;

export class LivingEstimator {
  private children: { start: Int32Array; child: Int32Array } | null = null;
  private siblings: SiblingBounds | null = null;
  private readonly memo: Uint8Array;

  constructor(
    private readonly index: TreeIndex,
    private readonly options: LivingOptions,
  ) {
    this.memo = new Uint8Array(index.personCount);
  }

  /** True when person p has a death, burial or cremation fact. */
  static knownDead(index: TreeIndex, p: number): boolean {
    const t = index.personEvents.tag;
    // cast: personEventStart has an entry per person plus one, and p is a person number
    for (let e = index.personEventStart[p] as number, end = index.personEventStart[p + 1] as number; e < end; e++) {
      const tag = t[e];
      if (tag === TAG_DEAT || tag === TAG_BURI || tag === TAG_CREM) return true;
    }
    return false;
  }

  /** By xref (false for anyone who is not a person of the index). */
  isProbablyLiving(xref: string): boolean {
    const p = this.index.findPerson(xref);
    return p >= 0 && this.livingAt(p);
  }

  /** Whether person p is probably living. */
  livingAt(p: number): boolean {
    const cached = this.memo[p];
    if (cached !== 0) return cached === MEMO_LIVING;
    let living = false;
    if (!LivingEstimator.knownDead(this.index, p)) {
      const birth = this.estimateBirth(p);
      living = birth === undefined || birth.latest >= this.options.today - this.options.thresholdYears * YEAR;
    }
    this.memo[p] = living ? MEMO_LIVING : MEMO_NOT_LIVING;
    return living;
  }

  estimateBirth(p: number): BirthEstimate | undefined {
    const index = this.index;
    const earliest = index.personEvents.earliest;
    const latest = index.personEvents.latest;
    // cast: birth has an entry per person, and p is a person number
    const own = index.birth[p] as number;
    // cast: own is an event row (>= 0 checked) of the person event table
    if (own >= 0 && Number.isFinite(latest[own])) return { earliest: earliest[own] as number, latest: latest[own] as number, basis: 'own' };
    const e = LIVING_ESTIMATE;
    // cast: own is an event row (>= 0 checked) of the person event table
    let lower = own >= 0 ? (earliest[own] as number) : -Infinity;
    let upper = Infinity;
    // cast: death has an entry per person, and p is a person number
    const death = index.death[p] as number;
    if (death >= 0) {
      // cast: death is an event row (>= 0 checked above) of the person event table
      if (Number.isFinite(latest[death])) upper = Math.min(upper, latest[death] as number);
      // cast: death is an event row (>= 0 checked above) of the person event table
      if (Number.isFinite(earliest[death])) lower = Math.max(lower, (earliest[death] as number) - e.maxAgeYears * YEAR);
      if (Number.isFinite(upper)) return { earliest: lower, latest: upper, basis: 'own_death' };
    }
    const pf = index.parentFamily(p);
    if (pf >= 0) {
      let bound = false;
      // cast: husband and wife have an entry per family, and pf is a family number (>= 0 checked)
      for (const parent of [index.husband[pf] as number, index.wife[pf] as number]) {
        if (!index.isPerson(parent)) continue;
        // cast: parent is a person (isPerson checked), and birth has an entry per person
        const b = index.birth[parent] as number;
        if (b >= 0 && Number.isFinite(earliest[b])) {
          // cast: b is an event row (>= 0 checked) of the person event table
          lower = Math.max(lower, (earliest[b] as number) + e.minGenerationYears * YEAR);
          bound = true;
        }
        // cast: parent is a person (isPerson checked), and death has an entry per person
        const d = index.death[parent] as number;
        if (d >= 0 && Number.isFinite(latest[d])) {
          // cast: d is an event row (>= 0 checked) of the person event table
          upper = Math.min(upper, (latest[d] as number) + YEAR);
          bound = true;
        }
      }
      // siblings: the family's bounds without p (its two best siblings, computed once per family)
      const sib = (this.siblings ??= new SiblingBounds(index)).of(pf, p);
      if (sib !== null) {
        lower = Math.max(lower, sib.earliest - e.siblingSpanYears * YEAR);
        upper = Math.min(upper, sib.latest + e.siblingSpanYears * YEAR);
        bound = true;
      }
      if (bound && Number.isFinite(upper)) return { earliest: lower, latest: upper, basis: Number.isFinite(lower) ? 'parents' : 'siblings' };
    }
    const fe = index.familyEvents;
    // cast: famsStart has an entry per person plus one, and p is a person number
    for (let l = index.famsStart[p] as number, end = index.famsStart[p + 1] as number; l < end; l++) {
      // cast: l < famsStart[p + 1] <= famsFamily.length
      const f = index.famsFamily[l] as number;
      if (!index.isFamily(f)) continue;
      const s = index.spouseIn(f, p);
      // cast: s is a person (isPerson checked), and birth has an entry per person
      const b = index.isPerson(s) ? (index.birth[s] as number) : -1;
      if (b >= 0 && Number.isFinite(latest[b]) && Number.isFinite(earliest[b])) {
        // cast: b is an event row (>= 0 checked) of the person event table
        return { earliest: (earliest[b] as number) - e.siblingSpanYears * YEAR, latest: (latest[b] as number) + e.siblingSpanYears * YEAR, basis: 'spouse' };
      }
      // cast: familyEventStart has familyCount + 1 entries, and f is a family (isFamily checked)
      for (let x = index.familyEventStart[f] as number, xe = index.familyEventStart[f + 1] as number; x < xe; x++) {
        // cast: x < familyEventStart[f + 1] <= the family event table's length
        if (((fe.flags[x] as number) & EV_DATED) === 0 || !Number.isFinite(fe.latest[x]) || !Number.isFinite(fe.earliest[x])) continue;
        // cast: x is a row of the family event table (see above)
        const [earliest, latest] = [fe.earliest[x] as number, fe.latest[x] as number];
        return { earliest: earliest - (e.maxAgeYears - e.generationGapYears) * YEAR, latest: latest - e.minGenerationYears * YEAR, basis: 'family_event' };
      }
    }
    // descendants: nearest generation with a dated birth wins
    const kids = (this.children ??= childrenByParent(index));
    let generation: number[] = [p];
    for (let n = 1; n <= e.maxGenerations; n++) {
      const next: number[] = [];
      // cast: kids.start has nodes + 1 entries and x is a node; c < kids.start[x + 1] <= kids.child.length
      for (const x of generation) for (let c = kids.start[x] as number, end = kids.start[x + 1] as number; c < end; c++) next.push(kids.child[c] as number);
      if (next.length === 0) break;
      let sum = 0;
      let count = 0;
      for (const c of next) {
        // cast: c is a person (isPerson checked), and birth has an entry per person
        const b = index.isPerson(c) ? (index.birth[c] as number) : -1;
        if (b >= 0 && Number.isFinite(earliest[b]) && Number.isFinite(latest[b])) {
          // cast: b is an event row (>= 0 checked) of the person event table
          sum += ((earliest[b] as number) + (latest[b] as number)) / 2;
          count++;
        }
      }
      if (count > 0) {
        const at = sum / count - e.generationGapYears * n * YEAR;
        return { earliest: at, latest: at, basis: 'descendants' };
      }
      generation = next.length > 64 ? next.slice(0, 64) : next;
    }
    // ancestors: mother's line first, shortest line wins
    let level: number[] = [p];
    for (let n = 1; n <= e.maxGenerations; n++) {
      const up: number[] = [];
      for (const x of level) {
        const f = index.parentFamily(x);
        if (f < 0) continue;
        // cast: husband and wife have an entry per family, and f is a family number (>= 0 checked)
        for (const parent of [index.wife[f] as number, index.husband[f] as number]) {
          if (!index.isPerson(parent)) continue;
          // cast: parent is a person (isPerson checked), and birth has an entry per person
          const b = index.birth[parent] as number;
          if (b >= 0 && Number.isFinite(latest[b])) {
            // cast: b is an event row (>= 0 checked) of the person event table
            const at = (latest[b] as number) + e.generationGapYears * n * YEAR;
            return { earliest: at, latest: at, basis: 'ancestors' };
          }
          up.push(parent);
        }
      }
      if (up.length === 0) break;
      level = up.length > 64 ? up.slice(0, 64) : up;
    }
    return undefined;
  }
}
