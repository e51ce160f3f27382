import type { GedcomDocumentLike } from '../model.js';
import { bounded, OPS_LIMITS } from './limits.js';
import { LivingEstimator } from './living.js';
import type { LivingOptions } from './living.js';
import { selectPeople } from './subtree.js';
import type { EventView, FamilyView, PersonView, TreeIndex } from './tree-index.js';
import { firstEvent, indexTree } from './tree-index.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

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
 */
export const VERIFY_THRESHOLDS = {
  oldage: 90,
  hwdif: 30,
  cspace: 8,
  cbspan: 25,
  yngmar: 17,
  oldmar: 50,
  oldmom: 48,
  yngmom: 17,
  yngdad: 18,
  olddad: 65,
  wedder: 3,
  mxchildmom: 12,
  mxchilddad: 15,
  lngwdw: 30,
  oldunm: 99,
} as const;

export type VerifyThresholds = { readonly [K in keyof typeof VERIFY_THRESHOLDS]: number };

/** Gramps: the father may have died up to this many days before a child's birth. */
const FATHER_POSTHUMOUS_DAYS = 294;
const YEAR_DAYS = 365;

export type QualitySeverity = 'error' | 'warning' | 'info';

export const QUALITY_RULES = {
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
} as const satisfies Record<string, QualitySeverity>;

export type QualityRule = keyof typeof QUALITY_RULES;

export interface QualityRuleResult {
  readonly rule: QualityRule;
  readonly severity: QualitySeverity;
  readonly count: number;
  /** Xrefs of the records concerned, at most `maxAffected`. */
  readonly affected: readonly string[];
}

export interface QualityOptions {
  /** Rooted analysis: only this individual and its ancestors and descendants within `generations`. */
  readonly root?: string | null;
  readonly generations?: number | null;
  readonly thresholds?: Partial<VerifyThresholds>;
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

const finite = (e: EventView | undefined): e is EventView => e !== undefined && e.dated && Number.isFinite(e.earliest) && Number.isFinite(e.latest);
const hasLatest = (e: EventView | undefined): e is EventView => e !== undefined && e.dated && Number.isFinite(e.latest);
const hasEarliest = (e: EventView | undefined): e is EventView => e !== undefined && e.dated && Number.isFinite(e.earliest);
/** Certainly a before b. */
const before = (a: EventView | undefined, b: EventView | undefined): boolean => hasLatest(a) && hasEarliest(b) && a.latest < b.earliest;
/** Both the same single day. */
const sameDay = (a: EventView | undefined, b: EventView | undefined): boolean =>
  finite(a) && finite(b) && a.earliest === a.latest && b.earliest === b.latest && a.earliest === b.earliest;
/** Shortest possible span from a to b, in days (NaN when unknown). */
const minSpan = (a: EventView | undefined, b: EventView | undefined): number => (hasLatest(a) && hasEarliest(b) ? b.earliest - a.latest : NaN);
/** Longest possible span from a to b, in days (NaN when unknown). */
const maxSpan = (a: EventView | undefined, b: EventView | undefined): number => (hasEarliest(a) && hasLatest(b) ? b.latest - a.earliest : NaN);

const BAPTISM_TAGS = ['BAPM', 'CHR'];
const VITAL_TAGS = new Set(['BIRT', 'CHR', 'BAPM', 'DEAT', 'BURI', 'CREM', 'MARR']);

class Tally {
  readonly counts = new Map<QualityRule, number>();
  readonly affected = new Map<QualityRule, string[]>();
  constructor(readonly max: number) {}
  add(rule: QualityRule, xref: string): void {
    this.counts.set(rule, (this.counts.get(rule) ?? 0) + 1);
    let list = this.affected.get(rule);
    if (list === undefined) this.affected.set(rule, (list = []));
    if (list.length < this.max) list.push(xref);
  }
}

function vitalUnsourced(events: readonly EventView[]): boolean {
  return events.some((e) => VITAL_TAGS.has(e.tag) && !e.sourced);
}

/** Persons caught in a parent cycle (iterative three-colour DFS over child -> parents). */
function circularAncestry(index: TreeIndex, scope: ReadonlySet<string> | null): string[] {
  const state = new Map<string, 1 | 2>();
  const inCycle = new Set<string>();
  const parentsOf = (x: string): string[] => {
    const out: string[] = [];
    for (const l of index.people.get(x)?.famc ?? []) {
      const f = index.families.get(l.family);
      if (f === undefined) continue;
      if (f.husband !== null && index.people.has(f.husband)) out.push(f.husband);
      if (f.wife !== null && index.people.has(f.wife)) out.push(f.wife);
    }
    return out;
  };
  for (const start of index.people.keys()) {
    if (scope !== null && !scope.has(start)) continue;
    if (state.has(start)) continue;
    const stack: { x: string; next: string[]; i: number }[] = [{ x: start, next: parentsOf(start), i: 0 }];
    const path: string[] = [start];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { x: string; next: string[]; i: number };
      if (top.i >= top.next.length) {
        state.set(top.x, 2);
        stack.pop();
        path.pop();
        continue;
      }
      const n = top.next[top.i++] as string;
      const s = state.get(n);
      if (s === 1) {
        const at = path.lastIndexOf(n);
        for (let k = Math.max(0, at); k < path.length; k++) inCycle.add(path[k] as string);
      } else if (s === undefined) {
        state.set(n, 1);
        path.push(n);
        stack.push({ x: n, next: parentsOf(n), i: 0 });
      }
    }
  }
  return [...inCycle].sort();
}

/**
 * Run every rule over the document (or a rooted part of it). Pure: reads the document only.
 * The index may be passed when the caller already built one.
 */
export function analyzeQuality(doc: GedcomDocumentLike, options: QualityOptions, index: TreeIndex = indexTree(doc, { monitor: options.monitor })): QualityReport {
  const monitor = options.monitor ?? SILENT_MONITOR;
  const t: VerifyThresholds = { ...VERIFY_THRESHOLDS, ...(options.thresholds ?? {}) };
  const tally = new Tally(Math.min(options.maxAffected ?? OPS_LIMITS.affectedXrefsPerRule, OPS_LIMITS.affectedXrefsPerRule));
  let scope: Set<string> | null = null;
  if (options.root !== undefined && options.root !== null) {
    if (!index.people.has(options.root)) throw new QualityRootUnknown();
    const generations = Math.max(0, Math.min(options.generations ?? OPS_LIMITS.maxGenerations, OPS_LIMITS.maxGenerations));
    scope = selectPeople(index, options.root, 'both', generations).people;
  }
  const inScope = (x: string | null): boolean => x !== null && (scope === null || scope.has(x));
  const living = new LivingEstimator(index, options.living);
  const person = (x: string | null): PersonView | undefined => (x === null ? undefined : index.people.get(x));
  const birth = (p: PersonView | undefined): EventView | undefined => (p === undefined ? undefined : firstEvent(p, 'BIRT'));
  const death = (p: PersonView | undefined): EventView | undefined => (p === undefined ? undefined : firstEvent(p, 'DEAT'));
  const primarySurname = (p: PersonView | undefined): string => {
    const n = p?.names[0];
    return n !== undefined && (n.type === '' || n.type === 'BIRTH') ? n.surname.toUpperCase() : '';
  };

  const total = scope?.size ?? index.people.size;
  monitor.step('analyze', 0, total);
  let done = 0;
  let probablyLiving = 0;
  let scopedPeople = 0;
  let visited = 0;
  for (const p of index.people.values()) {
    if ((++visited & STEP_MASK) === 0) monitor.step('analyze', done, total);
    if (!inScope(p.xref)) continue;
    scopedPeople++;
    const x = p.xref;
    const b = birth(p);
    const d = death(p);
    const bapt = p.events.find((e) => BAPTISM_TAGS.includes(e.tag));
    const buri = firstEvent(p, 'BURI');
    if (before(bapt, b)) tally.add('baptism_before_birth', x);
    if (before(d, bapt)) tally.add('death_before_baptism', x);
    if (before(buri, b)) tally.add('burial_before_birth', x);
    if (before(buri, d)) tally.add('burial_before_death', x);
    if (before(d, b)) tally.add('death_before_birth', x);
    if (before(buri, bapt)) tally.add('burial_before_baptism', x);
    const minAgeAtDeath = minSpan(b, d);
    if (minAgeAtDeath > t.oldage * YEAR_DAYS) tally.add('old_age_at_death', x);
    if (p.sex === 'U') tally.add('unknown_gender', x);
    if (p.famc.length > 1) tally.add('multiple_parents', x);
    if (p.fams.length > t.wedder) tally.add('married_often', x);
    if (p.fams.length === 0 && minAgeAtDeath > t.oldunm * YEAR_DAYS) tally.add('old_and_unmarried', x);
    let children = 0;
    for (const fx of p.fams) children += index.families.get(fx)?.children.length ?? 0;
    if ((p.sex === 'M' && children > t.mxchilddad) || (p.sex === 'F' && children > t.mxchildmom)) tally.add('too_many_children', x);
    if (p.famc.length === 0 && p.fams.length === 0) tally.add('disconnected_individual', x);
    if (b !== undefined && !b.dateValid) tally.add('invalid_birth_date', x);
    if (d !== undefined && !d.dateValid) tally.add('invalid_death_date', x);
    const dead = p.events.some((e) => e.tag === 'DEAT' || e.tag === 'BURI');
    if (!dead && hasLatest(b) && options.living.today - b.latest > t.oldage * YEAR_DAYS) tally.add('old_age_but_no_death', x);
    if (sameDay(b, d)) tally.add('birth_equals_death', x);
    for (const fx of p.fams) {
      const marr = index.families.get(fx)?.events.find((e) => e.tag === 'MARR');
      if (sameDay(b, marr)) tally.add('birth_equals_marriage', x);
      if (sameDay(d, marr)) tally.add('death_equals_marriage', x);
    }
    if (vitalUnsourced(p.events)) tally.add('missing_source_vital_event', x);
    if (living.isProbablyLiving(x)) {
      probablyLiving++;
      tally.add('probably_living', x);
    }
    if (++done % 10000 === 0) options.onProgress?.(done, total);
  }

  let scopedFamilies = 0;
  let families = 0;
  for (const f of index.families.values()) {
    if ((++families & STEP_MASK) === 0) monitor.step('analyze', done, total);
    if (scope !== null && !inScope(f.husband) && !inScope(f.wife) && !f.children.some(inScope)) continue;
    scopedFamilies++;
    familyRules(f, tally, t, person, birth, death, primarySurname, index);
  }

  // integrity rules (whole file: they are about records, not people)
  for (const [xref, n] of index.defined) if (n > 1) tally.add('duplicate_xref', xref);
  for (const [pointer, n] of index.dangling) for (let i = 0; i < n; i++) tally.add('dangling_pointer', pointer);
  for (const x of circularAncestry(index, scope)) tally.add('circular_ancestry', x);
  for (let i = 0; i < index.invalidDateCount; i++) tally.add('invalid_date', index.invalidDates[i] ?? '');
  const invalid = tally.affected.get('invalid_date');
  if (invalid !== undefined) tally.affected.set('invalid_date', invalid.filter((x) => x.startsWith('@')));

  const rules: QualityRuleResult[] = [];
  const totals = { error: 0, warning: 0, info: 0 };
  for (const rule of Object.keys(QUALITY_RULES) as QualityRule[]) {
    const count = tally.counts.get(rule) ?? 0;
    if (count === 0) continue;
    const severity = QUALITY_RULES[rule];
    totals[severity] += count;
    rules.push({ rule, severity, count, affected: bounded([...new Set(tally.affected.get(rule) ?? [])], tally.max) });
  }
  monitor.step('analyze', total, total);
  return { scope: { individuals: scopedPeople, families: scopedFamilies, rooted: scope !== null }, rules, totals, probablyLiving };
}

function familyRules(
  f: FamilyView,
  tally: Tally,
  t: VerifyThresholds,
  person: (x: string | null) => PersonView | undefined,
  birth: (p: PersonView | undefined) => EventView | undefined,
  death: (p: PersonView | undefined) => EventView | undefined,
  surname: (p: PersonView | undefined) => string,
  index: TreeIndex,
): void {
  const x = f.xref;
  const husband = person(f.husband);
  const wife = person(f.wife);
  if (husband !== undefined && wife !== undefined) {
    if (wife.sex !== 'U' && husband.sex === wife.sex) tally.add('same_sex_marriage', x);
    else {
      if (husband.sex === 'F') tally.add('female_husband', x);
      if (wife.sex === 'M') tally.add('male_wife', x);
    }
    const hs = surname(husband);
    if (hs !== '' && hs === surname(wife)) tally.add('same_surname_spouses', x);
    const hb = birth(husband);
    const wb = birth(wife);
    const gap = Math.max(minSpan(hb, wb), minSpan(wb, hb));
    if (gap > t.hwdif * YEAR_DAYS) tally.add('large_spouse_age_difference', x);
  }
  const marr = f.events.find((e) => e.tag === 'MARR');
  for (const spouse of [husband, wife]) {
    if (spouse === undefined || marr === undefined) continue;
    const sb = birth(spouse);
    if (before(marr, sb)) tally.add('marriage_before_birth', x);
    if (before(death(spouse), marr)) tally.add('marriage_after_death', x);
    if (maxSpan(sb, marr) < t.yngmar * YEAR_DAYS) tally.add('early_marriage', x);
    if (minSpan(sb, marr) > t.oldmar * YEAR_DAYS) tally.add('late_marriage', x);
  }
  const childBirths: EventView[] = [];
  for (const cx of f.children) {
    const child = index.people.get(cx);
    if (child === undefined) continue;
    const cb = birth(child);
    if (finite(cb)) childBirths.push(cb);
    const birthRelation = child.famc.find((l) => l.family === x)?.birth ?? true;
    const fb = birth(husband);
    const mb = birth(wife);
    if (husband !== undefined) {
      if (minSpan(fb, cb) > t.olddad * YEAR_DAYS) tally.add('old_father', x);
      if (maxSpan(fb, cb) < t.yngdad * YEAR_DAYS && !before(cb, fb)) tally.add('young_father', x);
      if (before(cb, fb)) tally.add('unborn_father', x);
      const fd = death(husband);
      if (birthRelation && hasLatest(fd) && hasEarliest(cb) && fd.latest + FATHER_POSTHUMOUS_DAYS < cb.earliest) tally.add('dead_father', x);
    }
    if (wife !== undefined) {
      if (minSpan(mb, cb) > t.oldmom * YEAR_DAYS) tally.add('old_mother', x);
      if (maxSpan(mb, cb) < t.yngmom * YEAR_DAYS && !before(cb, mb)) tally.add('young_mother', x);
      if (before(cb, mb)) tally.add('unborn_mother', x);
      if (birthRelation && before(death(wife), cb)) tally.add('dead_mother', x);
    }
  }
  if (childBirths.length > 1) {
    childBirths.sort((a, b) => a.earliest - b.earliest);
    const first = childBirths[0] as EventView;
    const last = childBirths[childBirths.length - 1] as EventView;
    if (minSpan(first, last) > t.cbspan * YEAR_DAYS) tally.add('large_children_span', x);
    for (let i = 1; i < childBirths.length; i++) {
      if (minSpan(childBirths[i - 1], childBirths[i]) > t.cspace * YEAR_DAYS) {
        tally.add('large_children_gap', x);
        break;
      }
    }
  }
  if (vitalUnsourced(f.events)) tally.add('missing_source_vital_event', x);
}
