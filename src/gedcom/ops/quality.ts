import type { GedcomDocumentLike } from '../model.js';
import { bounded, OPS_LIMITS } from './limits.js';
import { LivingEstimator } from './living.js';
import type { LivingOptions } from './living.js';
import { possibleDuplicates } from './quality-duplicates.js';
import { nodesOnParentCycles, parentRows } from './parent-cycles.js';
import type { DuplicatePair } from './quality-duplicates.js';
import { selectPeople } from './select-people.js';
import { TAG_BAPM, TAG_BIRT, TAG_BURI, TAG_CHR, TAG_DEAT } from './event-table.js';
import { SEX_F, SEX_M, SEX_U, VITAL_UNSOURCED } from './index-builder.js';
import type { TreeIndex } from './tree-index.js';
import { indexTree } from './tree-index.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';
import { keysOf } from '../../contract/typed-keys.js';
import {
  before,
  Fact,
  Facts,
  finite,
  futureEvent,
  hasEarliest,
  hasLatest,
  maxSpan,
  minSpan,
  qualityLimits,
  sameDay,
  YEAR_DAYS,
  type QualityLimits,
} from './quality-facts.js';
import { MarriageRules } from './quality-marriages.js';
import { SiblingRules } from './quality-siblings.js';
import { sortStable } from './quality-order.js';

/**
 * Data quality: the person and family rules of Gramps' "Verify the Data" tool
 * (gramps/plugins/tool/verify.py) with its published default thresholds, plus integrity rules.
 *
 * Dates are compared as day ranges (Julian Day Numbers), so a year-only or month-year date is
 * checked too (Gramps skips any date without day and month). A rule fires only when it holds for
 * every day the dates can denote: "baptism before birth" needs the latest baptism day before the
 * earliest birth day; "old age at death" needs the shortest possible life to exceed the limit.
 * Open ranges (BEF / AFT) therefore fire only on their closed side. "Years" are days / 365, as
 * in Gramps. Where Gramps has a known quirk we do what the rule says: too_many_children counts
 * (Gramps compares an uncalled method and never fires), children gaps are measured in birth
 * order (Gramps does not sort), and birth/death-equals-marriage look at every family.
 * ABT / CAL / EST dates are widened by `approx_years` first (quality-facts.ts). The rules beyond
 * Gramps are in quality-marriages.ts and quality-siblings.ts; every threshold, with its default and
 * the range a request may set it in, is in the contract (quality-thresholds.ts).
 */
type QualitySeverity = 'error' | 'warning' | 'info';

const QUALITY_RULES = {
  // Gramps person rules
  baptism_before_birth: 'error',
  death_before_baptism: 'error',
  burial_before_birth: 'error',
  burial_before_death: 'error',
  death_before_birth: 'error',
  burial_before_baptism: 'error',
  old_age_at_death: 'warning',
  unknown_gender: 'warning',
  multiple_parents: 'warning',
  married_often: 'warning',
  old_and_unmarried: 'warning',
  too_many_children: 'warning',
  disconnected_individual: 'warning',
  invalid_birth_date: 'error',
  invalid_death_date: 'error',
  old_age_but_no_death: 'warning',
  birth_equals_death: 'warning',
  birth_equals_marriage: 'error',
  death_equals_marriage: 'warning',
  // Gramps family rules
  same_sex_marriage: 'warning',
  female_husband: 'warning',
  male_wife: 'warning',
  same_surname_spouses: 'warning',
  large_spouse_age_difference: 'warning',
  marriage_before_birth: 'error',
  marriage_after_death: 'error',
  early_marriage: 'warning',
  late_marriage: 'warning',
  old_father: 'warning',
  old_mother: 'warning',
  young_father: 'warning',
  young_mother: 'warning',
  unborn_father: 'error',
  unborn_mother: 'error',
  dead_father: 'error',
  dead_mother: 'error',
  large_children_span: 'warning',
  large_children_gap: 'warning',
  // ours
  missing_source_vital_event: 'warning',
  dangling_pointer: 'error',
  duplicate_xref: 'error',
  circular_ancestry: 'error',
  invalid_date: 'error',
  probably_living: 'info',
  // beyond Gramps (issue 33)
  siblings_too_close: 'warning',
  overlapping_marriages: 'warning',
  sibling_marriage: 'warning',
  parent_child_marriage: 'error',
  impossible_date: 'error',
  future_date: 'error',
  remarriage_soon_after_death: 'info',
  duplicate_family: 'warning',
  living_siblings_same_given_name: 'info',
  // the merge scorer inside the file (issue 34, quality-duplicates.ts)
  possible_duplicate: 'warning',
} as const satisfies Record<string, QualitySeverity>;

type QualityRule = keyof typeof QUALITY_RULES;

/** Every rule and its severity, in catalogue order (scripts/quality-rates.ts tabulates them for the docs). */
export const QUALITY_RULE_SEVERITIES: Readonly<Record<QualityRule, QualitySeverity>> = QUALITY_RULES;

interface QualityRuleResult {
  readonly rule: QualityRule;
  readonly severity: QualitySeverity;
  readonly count: number;
  /** Xrefs of the records concerned, at most `maxAffected`. */
  readonly affected: readonly string[];
  /** possible_duplicate only: the pairs, best first, at most `maxAffected`. */
  readonly pairs?: readonly DuplicatePair[];
}

export interface QualityOptions {
  /** Rooted analysis: only this individual and its ancestors and descendants within `generations`. */
  readonly root?: string | null;
  readonly generations?: number | null;
  /** Overrides of the thresholds' defaults (quality-thresholds.ts). */
  readonly thresholds?: Partial<QualityLimits>;
  readonly living: LivingOptions;
  readonly maxAffected?: number;
  readonly onProgress?: (done: number, total: number) => void;
  /** Told the people analysed (stage 'analyze'; 'index' while building the index when none is passed); may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
}

export interface QualityReport {
  readonly scope: { readonly individuals: number; readonly families: number; readonly rooted: boolean };
  /** Every rule that fired, in catalogue order. */
  readonly rules: readonly QualityRuleResult[];
  readonly totals: { readonly error: number; readonly warning: number; readonly info: number };
  readonly probablyLiving: number;
}

export class QualityRootUnknown extends Error {
  constructor() {
    super('quality root is not an individual of the file');
    this.name = 'QualityRootUnknown';
  }
}

class Tally {
  /** Per rule that fired: its count and the records listed (one lookup per finding). */
  private readonly rules = new Map<QualityRule, { count: number; affected: string[] }>();
  constructor(readonly max: number) {}
  /** One finding of `rule` on `xref`; `also` names a second record it concerns (listed, not counted). */
  add(rule: QualityRule, xref: string, also?: string): void {
    let entry = this.rules.get(rule);
    if (entry === undefined) this.rules.set(rule, (entry = { count: 0, affected: [] }));
    entry.count++;
    const list = entry.affected;
    if (also !== undefined && list.length < this.max) list.push(also);
    if (list.length < this.max) list.push(xref);
  }
  count(rule: QualityRule): number {
    return this.rules.get(rule)?.count ?? 0;
  }
  /** Set the count of a rule that fired (its records listed already). */
  setCount(rule: QualityRule, count: number): void {
    const entry = this.rules.get(rule);
    if (entry !== undefined) entry.count = count;
    else this.rules.set(rule, { count, affected: [] });
  }
  affected(rule: QualityRule): string[] | undefined {
    return this.rules.get(rule)?.affected;
  }
  /** Keep the records listed for `rule` that `keep` accepts. */
  filterAffected(rule: QualityRule, keep: (xref: string) => boolean): void {
    const entry = this.rules.get(rule);
    if (entry !== undefined) entry.affected = entry.affected.filter(keep);
  }
}

/**
 * Persons who are their own ancestors, as sorted xrefs (see `nodesOnParentCycles`: each parent
 * link visited once). With a root, the walk starts from the people in the scope (and follows their
 * ancestry out of it).
 */
function circularAncestry(index: TreeIndex, scope: Uint8Array | null): string[] {
  const inCycle = nodesOnParentCycles(parentRows(index.personCount, [{ index, node: (p) => p }]), scope);
  const out: string[] = [];
  // cast: p < personCount, and personXref lists the people first
  for (let p = 0; p < index.personCount; p++) if (inCycle[p] === 1) out.push(index.personXref[p] as string);
  return out.sort();
}

/**
 * Run every rule over the document (or a rooted part of it). Pure: reads the document only.
 * The index may be passed when the caller already built one.
 */
export function analyzeQuality(
  doc: GedcomDocumentLike,
  options: QualityOptions,
  index: TreeIndex = indexTree(doc, { monitor: options.monitor }),
): QualityReport {
  const monitor = options.monitor ?? SILENT_MONITOR;
  const t = qualityLimits(options.thresholds);
  const tally = new Tally(Math.min(options.maxAffected ?? OPS_LIMITS.affectedXrefsPerRule, OPS_LIMITS.affectedXrefsPerRule));
  let scope: Uint8Array | null = null;
  let scopeSize = 0;
  if (options.root !== undefined && options.root !== null) {
    const root = index.findPerson(options.root);
    if (root < 0) throw new QualityRootUnknown();
    const generations = Math.max(0, Math.min(options.generations ?? OPS_LIMITS.maxGenerations, OPS_LIMITS.maxGenerations));
    const selection = selectPeople(index, root, 'both', generations);
    scope = selection.mask;
    scopeSize = selection.count;
  }
  const living = new LivingEstimator(index, options.living);
  const facts = new Facts(index, t.approx_years * YEAR_DAYS);
  const today = options.living.today;
  const { birth: b, death: d, bapt, buri, marr } = facts;
  const xrefOf = index.personXref;
  const fams = index.famsFamily;
  const events = index.personEvents;

  const emit = (rule: QualityRule, xref: string, also?: string): void => tally.add(rule, xref, also);
  const marriages = new MarriageRules(index, facts, t, emit);
  const siblings = new SiblingRules(index, facts, t, (p) => living.livingAt(p), emit);

  const total = scope === null ? index.personCount : scopeSize;
  monitor.step('analyze', 0, total);
  let done = 0;
  let probablyLiving = 0;
  let scopedPeople = 0;
  for (let p = 0; p < index.personCount; p++) {
    if (((p + 1) & STEP_MASK) === 0) monitor.step('analyze', done, total);
    if (scope !== null && scope[p] === 0) continue;
    scopedPeople++;
    // cast: p < personCount, and xrefOf has an entry per person
    const x = xrefOf[p] as string;
    facts.firstOf(b, p, TAG_BIRT);
    facts.firstOf(d, p, TAG_DEAT);
    facts.person(bapt, index.firstEventOf(p, TAG_BAPM, TAG_CHR));
    facts.firstOf(buri, p, TAG_BURI);
    if (before(bapt, b)) tally.add('baptism_before_birth', x);
    if (before(d, bapt)) tally.add('death_before_baptism', x);
    if (before(buri, b)) tally.add('burial_before_birth', x);
    if (before(buri, d)) tally.add('burial_before_death', x);
    if (before(d, b)) tally.add('death_before_birth', x);
    if (before(buri, bapt)) tally.add('burial_before_baptism', x);
    const minAgeAtDeath = minSpan(b, d);
    if (minAgeAtDeath > t.oldage * YEAR_DAYS) tally.add('old_age_at_death', x);
    const sex = index.sex[p];
    if (sex === SEX_U) tally.add('unknown_gender', x);
    // cast: famcStart has an entry per person plus one, and p < personCount
    const famcCount = (index.famcStart[p + 1] as number) - (index.famcStart[p] as number);
    // cast: famsStart has an entry per person plus one, and p < personCount
    const famsFirst = index.famsStart[p] as number;
    // cast: famsStart has an entry per person plus one, and p < personCount
    const famsEnd = index.famsStart[p + 1] as number;
    const famsCount = famsEnd - famsFirst;
    if (famcCount > 1) tally.add('multiple_parents', x);
    if (famsCount > t.wedder) tally.add('married_often', x);
    if (famsCount === 0 && minAgeAtDeath > t.oldunm * YEAR_DAYS) tally.add('old_and_unmarried', x);
    let children = 0;
    for (let l = famsFirst; l < famsEnd; l++) {
      // cast: famsFirst <= l < famsEnd = famsStart[p + 1] <= fams.length
      const f = fams[l] as number;
      // cast: f is a family (isFamily checked), and childStart has familyCount + 1 entries
      if (index.isFamily(f)) children += (index.childStart[f + 1] as number) - (index.childStart[f] as number);
    }
    if ((sex === SEX_M && children > t.mxchilddad) || (sex === SEX_F && children > t.mxchildmom)) tally.add('too_many_children', x);
    if (famcCount === 0 && famsCount === 0) tally.add('disconnected_individual', x);
    if (b.present && !b.dateValid) tally.add('invalid_birth_date', x);
    if (d.present && !d.dateValid) tally.add('invalid_death_date', x);
    const dead = d.present || buri.present;
    if (!dead && hasLatest(b) && options.living.today - b.latest > t.oldage * YEAR_DAYS) tally.add('old_age_but_no_death', x);
    if (sameDay(b, d)) tally.add('birth_equals_death', x);
    for (let l = famsFirst; l < famsEnd; l++) {
      // cast: famsFirst <= l < famsEnd = famsStart[p + 1] <= fams.length
      const f = fams[l] as number;
      marr.present = false;
      if (index.isFamily(f)) facts.marriage(marr, f);
      if (sameDay(b, marr)) tally.add('birth_equals_marriage', x);
      if (sameDay(d, marr)) tally.add('death_equals_marriage', x);
    }
    // cast: p < personCount, and personFlags has an entry per person
    if (((index.personFlags[p] as number) & VITAL_UNSOURCED) !== 0) tally.add('missing_source_vital_event', x);
    if (living.livingAt(p)) {
      probablyLiving++;
      tally.add('probably_living', x);
    }
    // cast: personEventStart has an entry per person plus one, and p < personCount
    if (futureEvent(events, index.personEventStart[p] as number, index.personEventStart[p + 1] as number, today, facts.slack)) tally.add('future_date', x);
    marriages.person(p, x);
    if (++done % 10000 === 0) options.onProgress?.(done, total);
  }

  let scopedFamilies = 0;
  const family = new FamilyRules(index, tally, t, facts);
  for (let f = 0; f < index.familyCount; f++) {
    if (((f + 1) & STEP_MASK) === 0) monitor.step('analyze', done, total);
    if (scope !== null && !family.touches(f, scope)) continue;
    scopedFamilies++;
    family.check(f);
    // cast: f < familyCount, and familyXref lists the families first
    const x = index.familyXref[f] as string;
    marriages.family(f, x);
    siblings.family(f, x);
    // cast: familyEventStart has familyCount + 1 entries
    if (futureEvent(index.familyEvents, index.familyEventStart[f] as number, index.familyEventStart[f + 1] as number, today, facts.slack))
      tally.add('future_date', x);
  }

  // integrity rules (whole file: they are about records, not people)
  for (const xref of index.duplicates.keys()) tally.add('duplicate_xref', xref);
  for (const [pointer, n] of index.dangling) for (let i = 0; i < n; i++) tally.add('dangling_pointer', pointer);
  for (const x of circularAncestry(index, scope)) tally.add('circular_ancestry', x);
  for (let i = 0; i < index.invalidDateCount; i++) tally.add('invalid_date', index.invalidDates[i] ?? '');
  for (let i = 0; i < index.impossibleDateCount; i++) tally.add('impossible_date', index.impossibleDates[i] ?? '');
  for (const rule of ['invalid_date', 'impossible_date'] as const) {
    tally.filterAffected(rule, (x) => x.startsWith('@'));
  }

  // possible duplicates inside the file: the merge scorer (quality-duplicates.ts); counted per pair
  const duplicates = possibleDuplicates(index, scope, tally.max, () => monitor.step('analyze', done, total));
  for (const p of duplicates.pairs) tally.add('possible_duplicate', p.right, p.left);
  if (duplicates.count > 0) tally.setCount('possible_duplicate', duplicates.count);

  const rules: QualityRuleResult[] = [];
  const totals = { error: 0, warning: 0, info: 0 };
  for (const rule of keysOf(QUALITY_RULES)) {
    const count = tally.count(rule);
    if (count === 0) continue;
    const severity = QUALITY_RULES[rule];
    totals[severity] += count;
    const affected = bounded([...new Set(tally.affected(rule) ?? [])], tally.max);
    rules.push(rule === 'possible_duplicate' ? { rule, severity, count, affected, pairs: duplicates.pairs } : { rule, severity, count, affected });
  }
  monitor.step('analyze', total, total);
  const copies = duplicateCopies(index, scope, family);
  return {
    scope: { individuals: scopedPeople + copies.individuals, families: scopedFamilies + copies.families, rooted: scope !== null },
    rules,
    totals,
    probablyLiving,
  };
}

/**
 * INDI and FAM records after the first of their xref (a duplicate xref) whose person or family is
 * in the scope (every one without a root): the scope counts records, so a person defined twice
 * counts twice, although the rules read the first record only (the second is `duplicate_xref`).
 */
function duplicateCopies(index: TreeIndex, scope: Uint8Array | null, family: FamilyRules): { individuals: number; families: number } {
  const copies = { individuals: 0, families: 0 };
  if (index.duplicates.size === 0) return copies;
  const seen = new Set<string>();
  const familyOf = new Map<string, number>();
  // cast: f < familyCount, and familyXref lists the families first
  for (let f = 0; f < index.familyCount; f++) if (index.duplicates.has(index.familyXref[f] as string)) familyOf.set(index.familyXref[f] as string, f);
  for (const r of index.records) {
    const x = r.xref;
    if (x === null || (r.tag !== 'INDI' && r.tag !== 'FAM') || !index.duplicates.has(x)) continue;
    const key = `${r.tag} ${x}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    if (r.tag === 'INDI') {
      const p = index.findPerson(x);
      if (scope === null || (p >= 0 && scope[p] === 1)) copies.individuals++;
    } else {
      const f = familyOf.get(x);
      if (scope === null || (f !== undefined && family.touches(f, scope))) copies.families++;
    }
  }
  return copies;
}

/** The family rules of Gramps' verify tool over the index rows. */
class FamilyRules {
  private readonly husbandBirth = new Fact();
  private readonly wifeBirth = new Fact();
  private readonly childBirth = new Fact();
  private readonly spouseDeath = new Fact();
  /**
   * Birth ranges of the dated children of the family being checked, and their birth order: the
   * first entries of arrays reused from family to family and never emptied (emptying an array
   * drops its storage, so each family allocated three).
   */
  private readonly childEarliest: number[] = [];
  private readonly childLatest: number[] = [];
  private readonly order: number[] = [];
  // cast: a and b are indexes of the family's dated children, each with an entry (order holds their indexes)
  private readonly byEarliest = (a: number, b: number): number => (this.childEarliest[a] as number) - (this.childEarliest[b] as number);
  /** Surnames upper-cased, by string id (each made once; sized on first use). */
  private upper: (string | undefined)[] | null = null;

  constructor(
    private readonly index: TreeIndex,
    private readonly tally: Tally,
    private readonly t: QualityLimits,
    private readonly facts: Facts,
  ) {}

  /** Whether a spouse or a child of family f is in the scope. */
  touches(f: number, scope: Uint8Array): boolean {
    const index = this.index;
    const inScope = (p: number): boolean => index.isPerson(p) && scope[p] === 1;
    // cast: husband and wife have an entry per family, and callers pass a family number
    if (inScope(index.husband[f] as number) || inScope(index.wife[f] as number)) return true;
    // cast: childStart has familyCount + 1 entries and f is a family; c < childStart[f + 1] <= child.length
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) if (inScope(index.child[c] as number)) return true;
    return false;
  }

  /** Days from the latest birth of the i-th child in birth order to the earliest birth of the k-th (a method: no closure per family). */
  private span(i: number, k: number): number {
    const order = this.order;
    // cast: order holds the indexes of the family's dated children, and i, k are below their number
    return (this.childEarliest[order[k] as number] as number) - (this.childLatest[order[i] as number] as number);
  }

  /** The primary surname of person p (first name, of no type or BIRTH), upper case; '' otherwise. */
  private surname(p: number): string {
    const index = this.index;
    // cast: nameStart has an entry per person plus one, and p is a person number
    const n = index.nameStart[p] as number;
    if (n === index.nameStart[p + 1]) return '';
    // cast: p has a name (n < nameStart[p + 1], checked above), nameType holds string ids, and strings has every id
    const type = index.strings[index.nameType[n] as number] as string;
    // cast: n is a name row of p (see above), nameSurname holds string ids, and strings has every id
    if (type !== '' && type !== 'BIRTH') return '';
    // cast: n is a name row of p (see above), and nameSurname holds string ids
    const id = index.nameSurname[n] as number;
    // cast: strings has every id
    const upper = (this.upper ??= new Array<string | undefined>(index.strings.length));
    // cast: strings has every id
    return (upper[id] ??= (index.strings[id] as string).toUpperCase());
  }

  check(f: number): void {
    const { index, tally, t, facts } = this;
    // cast: callers pass a family number, and familyXref has an entry per family
    const x = index.familyXref[f] as string;
    // cast: callers pass a family number, and husband has an entry per family
    const h = index.husband[f] as number;
    // cast: callers pass a family number, and wife has an entry per family
    const w = index.wife[f] as number;
    const husband = index.isPerson(h) ? h : -1;
    const wife = index.isPerson(w) ? w : -1;
    const hb = facts.firstOf(this.husbandBirth, husband, TAG_BIRT);
    const wb = facts.firstOf(this.wifeBirth, wife, TAG_BIRT);
    if (husband >= 0 && wife >= 0) {
      const hs = index.sex[husband];
      const ws = index.sex[wife];
      if (ws !== SEX_U && hs === ws) tally.add('same_sex_marriage', x);
      else {
        if (hs === SEX_F) tally.add('female_husband', x);
        if (ws === SEX_M) tally.add('male_wife', x);
      }
      const surname = this.surname(husband);
      if (surname !== '' && surname === this.surname(wife)) tally.add('same_surname_spouses', x);
      const gap = Math.max(minSpan(hb, wb), minSpan(wb, hb));
      if (gap > t.hwdif * YEAR_DAYS) tally.add('large_spouse_age_difference', x);
    }
    const marr = facts.marriage(facts.marr, f);
    for (let k = 0; k < 2; k++) {
      const spouse = k === 0 ? husband : wife;
      if (spouse < 0 || !marr.present) continue;
      const sb = spouse === husband ? hb : wb;
      if (before(marr, sb)) tally.add('marriage_before_birth', x);
      if (before(facts.firstOf(this.spouseDeath, spouse, TAG_DEAT), marr)) tally.add('marriage_after_death', x);
      if (maxSpan(sb, marr) < t.yngmar * YEAR_DAYS) tally.add('early_marriage', x);
      if (minSpan(sb, marr) > t.oldmar * YEAR_DAYS) tally.add('late_marriage', x);
    }
    const earliest = this.childEarliest;
    const latest = this.childLatest;
    let born = 0;
    const fd = husband >= 0 ? facts.firstOf(facts.death, husband, TAG_DEAT) : null;
    const md = wife >= 0 ? facts.firstOf(facts.other, wife, TAG_DEAT) : null;
    // cast: childStart has familyCount + 1 entries and f is a family; c < childStart[f + 1] <= child.length
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) {
      // cast: c < childStart[f + 1] <= child.length
      const child = index.child[c] as number;
      if (!index.isPerson(child)) continue;
      const cb = facts.firstOf(this.childBirth, child, TAG_BIRT);
      if (finite(cb)) {
        earliest[born] = cb.earliest;
        latest[born] = cb.latest;
        born++;
      }
      let birthRelation = true;
      // cast: child is a person (isPerson checked), and famcStart has an entry per person plus one
      for (let l = index.famcStart[child] as number, le = index.famcStart[child + 1] as number; l < le; l++) {
        if (index.famcFamily[l] === f) {
          birthRelation = index.famcBirth[l] === 1;
          break;
        }
      }
      if (husband >= 0 && fd !== null) {
        if (minSpan(hb, cb) > t.olddad * YEAR_DAYS) tally.add('old_father', x);
        if (maxSpan(hb, cb) < t.yngdad * YEAR_DAYS && !before(cb, hb)) tally.add('young_father', x);
        if (before(cb, hb)) tally.add('unborn_father', x);
        if (birthRelation && hasLatest(fd) && hasEarliest(cb) && fd.latest + t.posthumous_days < cb.earliest) tally.add('dead_father', x);
      }
      if (wife >= 0 && md !== null) {
        if (minSpan(wb, cb) > t.oldmom * YEAR_DAYS) tally.add('old_mother', x);
        if (maxSpan(wb, cb) < t.yngmom * YEAR_DAYS && !before(cb, wb)) tally.add('young_mother', x);
        if (before(cb, wb)) tally.add('unborn_mother', x);
        if (birthRelation && before(md, cb)) tally.add('dead_mother', x);
      }
    }
    if (born > 1) {
      // children in birth order (a stable sort, as the rule was written over a list)
      const order = this.order;
      for (let i = 0; i < born; i++) order[i] = i;
      sortStable(order, born, this.byEarliest);
      if (this.span(0, born - 1) > t.cbspan * YEAR_DAYS) tally.add('large_children_span', x);
      for (let i = 1; i < born; i++) {
        if (this.span(i - 1, i) > t.cspace * YEAR_DAYS) {
          tally.add('large_children_gap', x);
          break;
        }
      }
    }
    // cast: callers pass a family number, and familyFlags has an entry per family
    if (((index.familyFlags[f] as number) & VITAL_UNSOURCED) !== 0) tally.add('missing_source_vital_event', x);
  }
}
