import type { PersonView, TreeIndex } from './tree-index.js';
import { birthOf, deathOf, parentsOf, spouseIn } from './tree-index.js';

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
export const LIVING_ESTIMATE = {
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

export class LivingEstimator {
  private readonly childrenOf = new Map<string, string[]>();
  private readonly memo = new Map<string, boolean>();

  constructor(
    private readonly index: TreeIndex,
    private readonly options: LivingOptions,
  ) {
    for (const f of index.families.values()) {
      for (const parent of [f.husband, f.wife]) {
        if (parent === null) continue;
        let list = this.childrenOf.get(parent);
        if (list === undefined) this.childrenOf.set(parent, (list = []));
        for (const c of f.children) list.push(c);
      }
    }
  }

  /** True when the person has a death, burial or cremation fact. */
  static knownDead(p: PersonView): boolean {
    return p.events.some((e) => e.tag === 'DEAT' || e.tag === 'BURI' || e.tag === 'CREM');
  }

  isProbablyLiving(xref: string): boolean {
    const cached = this.memo.get(xref);
    if (cached !== undefined) return cached;
    const p = this.index.people.get(xref);
    let living = false;
    if (p !== undefined && !LivingEstimator.knownDead(p)) {
      const birth = this.estimateBirth(p);
      living = birth === undefined || birth.latest >= this.options.today - this.options.thresholdYears * YEAR;
    }
    this.memo.set(xref, living);
    return living;
  }

  estimateBirth(p: PersonView): BirthEstimate | undefined {
    const own = birthOf(p);
    if (own !== undefined && Number.isFinite(own.latest)) return { earliest: own.earliest, latest: own.latest, basis: 'own' };
    const e = LIVING_ESTIMATE;
    let lower = own?.earliest ?? -Infinity;
    let upper = Infinity;
    const death = deathOf(p);
    if (death !== undefined) {
      if (Number.isFinite(death.latest)) upper = Math.min(upper, death.latest);
      if (Number.isFinite(death.earliest)) lower = Math.max(lower, death.earliest - e.maxAgeYears * YEAR);
      if (Number.isFinite(upper)) return { earliest: lower, latest: upper, basis: 'own_death' };
    }
    const parents = parentsOf(this.index, p);
    if (parents !== undefined) {
      let bound = false;
      for (const parent of [parents.father, parents.mother]) {
        if (parent === undefined) continue;
        const b = birthOf(parent);
        if (b !== undefined && Number.isFinite(b.earliest)) {
          lower = Math.max(lower, b.earliest + e.minGenerationYears * YEAR);
          bound = true;
        }
        const d = deathOf(parent);
        if (d !== undefined && Number.isFinite(d.latest)) {
          upper = Math.min(upper, d.latest + YEAR);
          bound = true;
        }
      }
      // siblings
      for (const s of parents.family.children) {
        if (s === p.xref) continue;
        const sib = this.index.people.get(s);
        const b = sib === undefined ? undefined : birthOf(sib);
        if (b === undefined || !Number.isFinite(b.earliest) || !Number.isFinite(b.latest)) continue;
        lower = Math.max(lower, b.earliest - e.siblingSpanYears * YEAR);
        upper = Math.min(upper, b.latest + e.siblingSpanYears * YEAR);
        bound = true;
      }
      if (bound && Number.isFinite(upper)) return { earliest: lower, latest: upper, basis: Number.isFinite(lower) ? 'parents' : 'siblings' };
    }
    for (const fx of p.fams) {
      const family = this.index.families.get(fx);
      if (family === undefined) continue;
      const sx = spouseIn(family, p.xref);
      const spouse = sx === null ? undefined : this.index.people.get(sx);
      const b = spouse === undefined ? undefined : birthOf(spouse);
      if (b !== undefined && Number.isFinite(b.latest) && Number.isFinite(b.earliest)) {
        return { earliest: b.earliest - e.siblingSpanYears * YEAR, latest: b.latest + e.siblingSpanYears * YEAR, basis: 'spouse' };
      }
      const ev = family.events.find((x) => x.dated && Number.isFinite(x.latest) && Number.isFinite(x.earliest));
      if (ev !== undefined) {
        return { earliest: ev.earliest - (e.maxAgeYears - e.generationGapYears) * YEAR, latest: ev.latest - e.minGenerationYears * YEAR, basis: 'family_event' };
      }
    }
    // descendants: nearest generation with a dated birth wins
    let generation: string[] = [p.xref];
    for (let n = 1; n <= e.maxGenerations; n++) {
      const next: string[] = [];
      for (const x of generation) for (const c of this.childrenOf.get(x) ?? []) next.push(c);
      if (next.length === 0) break;
      let sum = 0;
      let count = 0;
      for (const c of next) {
        const cp = this.index.people.get(c);
        const b = cp === undefined ? undefined : birthOf(cp);
        if (b !== undefined && Number.isFinite(b.earliest) && Number.isFinite(b.latest)) {
          sum += (b.earliest + b.latest) / 2;
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
    let level: PersonView[] = [p];
    for (let n = 1; n <= e.maxGenerations; n++) {
      const up: PersonView[] = [];
      for (const x of level) {
        const ps = parentsOf(this.index, x);
        if (ps === undefined) continue;
        for (const parent of [ps.mother, ps.father]) {
          if (parent === undefined) continue;
          const b = birthOf(parent);
          if (b !== undefined && Number.isFinite(b.latest)) {
            const at = b.latest + e.generationGapYears * n * YEAR;
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
