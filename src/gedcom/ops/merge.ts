import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { GedcomRecord, nodesEqual } from '../model.js';
import type { ConversionTarget } from '../convert/index.js';
import { canonicalRecordText } from '../write/canonical.js';
import { OPS_LIMITS } from './limits.js';
import { cloneNode, createdRecord, inVersion, outputLike } from './output.js';
import type { OutputDocument } from './output.js';
import { foldAscii, soundex } from './soundex.js';
import type { EventView, NameView, PersonView, TreeIndex } from './tree-index.js';
import { forEachPointer, indexTree, parentsOf, spouseIn, transientTree } from './tree-index.js';
import { monitorSlice, SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * Duplicate finding and loss-minimal merging of two files (left wins, right is folded in).
 *
 * Finding follows Gramps' Find Duplicates (gramps/plugins/tool/finddupes.py): blocking by sex
 * (male vs. everyone else) and the Soundex of each surname; scoring names, birth and death dates
 * and places, parents and spouses; -1 from any component vetoes the pair (conflicting dates,
 * names, places). Beyond Gramps: dates compare as day ranges (approximate dates widened by
 * APPROXIMATE_SLACK_YEARS), pairs are one-to-one (a pair merges automatically only when each side
 * is the other's best candidate by a margin), and a merge that would make anyone their own
 * ancestor is refused.
 *
 * The score alone never merges automatically: Gramps' components include evidence that does not
 * tell a person from a namesake sibling or a namesake in the same region (parents are shared by
 * siblings; an approximate date overlaps any date within its slack; place tokens match on the
 * shared county and country, so "A, Westmark, Land" and "B, Westmark, Land" score as much as equal
 * places). An automatic merge therefore also needs evidence of the person's own identity (see
 * `identifyingEvidence`) and no conflicting spouses; a pair without it stays in the review band.
 *
 * Merging keeps every line of both records: the right record's lines that the left one does not
 * already hold are appended (a differing NAME, BIRT, ... is an alternate; a differing value of a
 * line that may occur once, such as SEX or CHAN, is kept under a `_MERGED` extension line);
 * right-side xrefs are remapped so they never collide; families whose couple was merged are
 * unified; identical non-person records (same text) are kept once.
 */
export const MERGE_THRESHOLDS = {
  /** Score at or above which a mutual best pair is merged without review. */
  automatic: 3.75,
  /** Score at or above which a pair is reported for review. */
  review: 1.0,
  /** The runner-up of either side must score at least this much less for an automatic merge. */
  margin: 0.5,
} as const;

const APPROXIMATE_SLACK_YEARS = 5;
const YEAR = 365.25;
const SINGLETON_TAGS = new Set(['SEX', 'CHAN', 'RESN', 'CREA', 'RIN', 'HUSB', 'WIFE']);

export interface MergePair {
  readonly left: string;
  readonly right: string;
  readonly score: number;
}

export interface MergeOptions {
  readonly dryRun?: boolean;
  /** Output version; null keeps the left file's version. */
  readonly outputVersion?: ConversionTarget | null;
  readonly maxReview?: number;
  readonly onProgress?: (stage: 'index' | 'score' | 'assemble', done: number, total: number | null) => void;
  /**
   * Told the progress of each stage: 'index' (records of both files, conversion included),
   * 'match' (left people whose candidates were scored), 'apply' (records assembled). May throw
   * WorkCancelled.
   */
  readonly monitor?: WorkMonitor;
}

export interface MergeCounts {
  readonly leftIndividuals: number;
  readonly rightIndividuals: number;
  readonly outputIndividuals: number;
  readonly leftFamilies: number;
  readonly rightFamilies: number;
  readonly outputFamilies: number;
  readonly candidatePairs: number;
  readonly automaticPairs: number;
  readonly reviewPairs: number;
  readonly unifiedFamilies: number;
  readonly remappedXrefs: number;
  readonly sharedRecords: number;
  readonly alternates: number;
  readonly vetoedPairs: number;
}

export interface MergeResult {
  /** Null for a dry run. */
  readonly document: GedcomDocumentLike | null;
  /** Every automatic merge (left xref, right xref, score). */
  readonly merged: readonly MergePair[];
  /** Pairs in the review band, best first, at most `maxReview`. */
  readonly review: readonly MergePair[];
  readonly counts: MergeCounts;
}

// ------------------------------------------------------------------ features and scoring

interface NameFeature {
  readonly surnameCode: string;
  readonly suffix: string;
  readonly givenFull: string;
  readonly tokens: readonly { readonly text: string; readonly code: string }[];
}

/** A place as the scores compare it: folded tokens with their Soundex codes, and its locality. */
interface PlaceFeature {
  readonly joined: string;
  readonly tokens: readonly string[];
  readonly codes: readonly string[];
  readonly locality: string;
}

interface PersonFeature {
  readonly xref: string;
  readonly male: boolean;
  readonly sex: 'M' | 'F' | 'U';
  readonly names: readonly NameFeature[];
  readonly birth: EventView | undefined;
  readonly death: EventView | undefined;
  /** Places of `birth` and `death`; null when the event or its place is absent. */
  readonly birthPlace: PlaceFeature | null;
  readonly deathPlace: PlaceFeature | null;
  readonly father: readonly NameFeature[] | null;
  readonly mother: readonly NameFeature[] | null;
  readonly hasParents: boolean;
  readonly spouses: readonly (readonly NameFeature[])[];
  readonly birthDecade: number | null;
}

function nameFeature(n: NameView): NameFeature {
  const given = foldAscii(n.given).toUpperCase().trim();
  const tokens = given.split(/\s+/).filter((t) => t !== '').map((text) => ({ text, code: soundex(text) }));
  return { surnameCode: soundex(n.surname), suffix: foldAscii(n.suffix).toUpperCase().trim(), givenFull: tokens.map((t) => t.text).join(' '), tokens };
}

/**
 * Name and place features computed once per person and per distinct place text: every person's
 * names are also its children's parent names and its spouses' spouse names, and place texts
 * repeat across thousands of events.
 */
class FeatureCache {
  private readonly names = new Map<PersonView, NameFeature[]>();
  private readonly places = new Map<string, PlaceFeature>();

  namesOf(p: PersonView | undefined): NameFeature[] {
    if (p === undefined) return [];
    let hit = this.names.get(p);
    if (hit === undefined) this.names.set(p, (hit = p.names.map(nameFeature)));
    return hit;
  }

  placeOf(e: EventView | undefined): PlaceFeature | null {
    if (e === undefined || e.place === '') return null;
    let hit = this.places.get(e.place);
    if (hit === undefined) {
      const tokens = placeTokens(e.place);
      hit = { joined: tokens.join(' '), tokens, codes: tokens.map(soundex), locality: locality(e) };
      if (this.places.size < 1 << 20) this.places.set(e.place, hit);
    }
    return hit;
  }
}

function vitalEvent(p: PersonView, tags: readonly string[]): EventView | undefined {
  for (const tag of tags) {
    const e = p.events.find((x) => x.tag === tag && x.dated);
    if (e !== undefined) return e;
  }
  for (const tag of tags) {
    const e = p.events.find((x) => x.tag === tag);
    if (e !== undefined) return e;
  }
  return undefined;
}

const BIRTH_TAGS = ['BIRT', 'CHR', 'BAPM'];
const DEATH_TAGS = ['DEAT', 'BURI', 'CREM'];

function featuresOf(index: TreeIndex, p: PersonView, cache: FeatureCache): PersonFeature {
  const parents = parentsOf(index, p);
  const spouses: NameFeature[][] = [];
  for (const fx of p.fams) {
    const f = index.families.get(fx);
    const s = f === undefined ? null : spouseIn(f, p.xref);
    if (s !== null) spouses.push(cache.namesOf(index.people.get(s)));
  }
  const birth = vitalEvent(p, BIRTH_TAGS);
  const death = vitalEvent(p, DEATH_TAGS);
  const mid = birth !== undefined && birth.dated && Number.isFinite(birth.earliest) && Number.isFinite(birth.latest) ? (birth.earliest + birth.latest) / 2 : null;
  return {
    xref: p.xref,
    male: p.sex === 'M',
    sex: p.sex,
    names: cache.namesOf(p),
    birth,
    death,
    birthPlace: cache.placeOf(birth),
    deathPlace: cache.placeOf(death),
    father: parents?.father === undefined ? null : cache.namesOf(parents.father),
    mother: parents?.mother === undefined ? null : cache.namesOf(parents.mother),
    hasParents: parents !== undefined,
    spouses,
    birthDecade: mid === null ? null : Math.floor((mid - 1721426) / YEAR / 10),
  };
}

/** Gramps name_match for one pair of names. */
function nameScore(a: NameFeature, b: NameFeature): number {
  if (a.surnameCode !== b.surnameCode) return -1;
  if (a.suffix !== '' && b.suffix !== '' && a.suffix !== b.suffix) return -1;
  if (a.givenFull === b.givenFull) return 1;
  let score = 0;
  for (const x of a.tokens) {
    for (const y of b.tokens) {
      if (x.text.length === 1 || y.text.length === 1) {
        if (x.text[0] === y.text[0]) score += 0.25;
      } else if (x.text === y.text) score += 0.5;
      else if (x.text[0] === y.text[0] && x.code === y.code) score += 0.25;
    }
  }
  score = Math.min(score, 1);
  return score === 0 ? -1 : score;
}

/** Best score over every pair of names; -1 when every pair vetoes (0 when a side has no name). */
function namesScore(a: readonly NameFeature[], b: readonly NameFeature[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let best = -1;
  for (const x of a) for (const y of b) best = Math.max(best, nameScore(x, y));
  return best;
}

const SLACK_DAYS = APPROXIMATE_SLACK_YEARS * YEAR;

/** Gramps date_match over day ranges (approximate dates widened by the slack); allocation free, it runs for every candidate pair. */
function dateScore(a: EventView | undefined, b: EventView | undefined): number {
  if (a === undefined || b === undefined || !a.dated || !b.dated) return 0;
  if (a.earliest === b.earliest && a.latest === b.latest && !a.approximate && !b.approximate) return 1;
  const sa = a.approximate ? SLACK_DAYS : 0;
  const sb = b.approximate ? SLACK_DAYS : 0;
  const xlo = a.earliest - sa;
  const xhi = a.latest + sa;
  const ylo = b.earliest - sb;
  const yhi = b.latest + sb;
  if (xhi < ylo || yhi < xlo) return -1;
  if (a.approximate || b.approximate) return 0.5;
  // one date is a more precise statement within the other (year vs. full date, within a year)
  const xInner = xhi - xlo <= yhi - ylo;
  const ilo = xInner ? xlo : ylo;
  const ihi = xInner ? xhi : yhi;
  const olo = xInner ? ylo : xlo;
  const ohi = xInner ? yhi : xhi;
  return ilo >= olo && ihi <= ohi && ohi - olo <= 366 ? 0.75 : 0.5;
}

function placeTokens(place: string): string[] {
  return foldAscii(place).toUpperCase().split(/[\s,]+/).filter((t) => t !== '');
}

/** Gramps place_match. */
function placeScore(x: PlaceFeature | null, y: PlaceFeature | null): number {
  if (x === null || y === null) return 0;
  if (x.joined === y.joined) return 1;
  let score = 0;
  for (let i = 0; i < x.tokens.length; i++) {
    const s = x.tokens[i] as string;
    for (let k = 0; k < y.tokens.length; k++) {
      const t = y.tokens[k] as string;
      if (s === t) score += 0.5;
      else if (s[0] === t[0] && x.codes[i] === y.codes[k]) score += 0.25;
    }
  }
  score = Math.min(score, 1);
  return score === 0 ? -1 : score;
}

/**
 * Gramps compare_people: the sum of the components, or -1 when any component vetoes. Every
 * component is a multiple of 0.25, so the sum is exact in any order: the cheap date vetoes run
 * first (most candidate pairs of a block end there).
 */
export function scorePair(a: PersonFeature, b: PersonFeature): number {
  if ((a.sex === 'M' && b.sex === 'F') || (a.sex === 'F' && b.sex === 'M')) return -1;
  const birth = dateScore(a.birth, b.birth);
  if (birth === -1) return -1;
  const death = dateScore(a.death, b.death);
  if (death === -1) return -1;
  const names = namesScore(a.names, b.names);
  if (names === -1) return -1;
  const birthPlace = placeScore(a.birthPlace, b.birthPlace);
  if (birthPlace === -1) return -1;
  const deathPlace = placeScore(a.deathPlace, b.deathPlace);
  if (deathPlace === -1) return -1;
  let total = names + birth + death + birthPlace + deathPlace;
  if (a.hasParents && b.hasParents) {
    if (a.father !== null && b.father !== null) {
      const father = namesScore(a.father, b.father);
      if (father === -1) return -1;
      total += father;
    }
    if (a.mother !== null && b.mother !== null) {
      const mother = namesScore(a.mother, b.mother);
      if (mother === -1) return -1;
      total += mother;
    }
  }
  for (const s of a.spouses) {
    for (const t of b.spouses) {
      const m = namesScore(s, t);
      if (m > 0) total += m;
    }
  }
  return total;
}

/** The most specific level of a place ("Leeds" of "Leeds, Yorkshire, England"), folded; '' when absent. */
function locality(e: EventView | undefined): string {
  if (e === undefined) return '';
  const first = e.place.split(',')[0] ?? '';
  return foldAscii(first).toUpperCase().split(/\s+/).filter((t) => t !== '').join(' ');
}

/**
 * Evidence that singles the person out rather than a relative or a namesake: a birth or death
 * date that agrees precisely (same day, or a day within the other's stated year; an overlap
 * through the slack of an approximate date is not enough), a birth or death place that agrees in
 * its locality (not merely its county or country), or a spouse of the same name. Parents' names
 * are no such evidence: siblings share them.
 */
function identifyingEvidence(a: PersonFeature, b: PersonFeature): boolean {
  if (dateScore(a.birth, b.birth) >= 0.75 || dateScore(a.death, b.death) >= 0.75) return true;
  for (const [x, y] of [[a.birthPlace, b.birthPlace], [a.deathPlace, b.deathPlace]] as const) {
    const l = x?.locality ?? '';
    if (l !== '' && l === (y?.locality ?? '')) return true;
  }
  for (const s of a.spouses) for (const t of b.spouses) if (namesScore(s, t) > 0) return true;
  return false;
}

/** Both sides name spouses and no spouse of one matches a spouse of the other by name. */
function conflictingSpouses(a: PersonFeature, b: PersonFeature): boolean {
  const named = (xs: readonly (readonly NameFeature[])[]): (readonly NameFeature[])[] => xs.filter((x) => x.length > 0);
  const x = named(a.spouses);
  const y = named(b.spouses);
  if (x.length === 0 || y.length === 0) return false;
  for (const s of x) for (const t of y) if (namesScore(s, t) > 0) return false;
  return true;
}

/** Whether a pair scoring at or above the automatic threshold may merge without review. */
function automaticAllowed(a: PersonFeature, b: PersonFeature): boolean {
  return identifyingEvidence(a, b) && !conflictingSpouses(a, b);
}

// ------------------------------------------------------------------ candidate finding

function blockKeys(f: PersonFeature): string[] {
  const group = f.male ? 'M' : 'O';
  const codes = new Set(f.names.map((n) => n.surnameCode));
  if (codes.size === 0) codes.add('Z000');
  return [...codes].map((c) => `${group}:${c}`);
}

function addToBlock(blocks: Map<string, number[]>, key: string, i: number): void {
  let list = blocks.get(key);
  if (list === undefined) blocks.set(key, (list = []));
  list.push(i);
}

/**
 * Pairs (left index, right index) that share a block. A block whose pairs would exceed
 * OPS_LIMITS.pairsPerBlock is split: its pairs must also share the Soundex of a given name and a
 * birth decade (±1), or the given-name code alone when either side has no dated birth. Pairs are
 * generated per left person and de-duplicated there, so memory stays proportional to one
 * person's candidates.
 */
function candidatePairs(left: readonly PersonFeature[], right: readonly PersonFeature[], visit: (i: number, j: number) => void, monitor: WorkMonitor): void {
  const rb = new Map<string, number[]>();
  const lsize = new Map<string, number>();
  right.forEach((f, j) => blockKeys(f).forEach((k) => addToBlock(rb, k, j)));
  left.forEach((f) => blockKeys(f).forEach((k) => lsize.set(k, (lsize.get(k) ?? 0) + 1)));
  // sub-blocks of the large blocks: `${block}|${given}|${decade}` and `${block}|${given}|-`
  const split = new Map<string, Map<string, number[]>>();
  const givenCodes = (f: PersonFeature): string[] => [...new Set(f.names.flatMap((n) => n.tokens.slice(0, 1).map((t) => t.code)))];
  for (const [key, rs] of rb) {
    if ((lsize.get(key) ?? 0) * rs.length <= OPS_LIMITS.pairsPerBlock) continue;
    const sub = new Map<string, number[]>();
    for (const j of rs) {
      const f = right[j] as PersonFeature;
      for (const g of givenCodes(f)) {
        addToBlock(sub, `${g}|${f.birthDecade ?? '-'}`, j);
        if (f.birthDecade !== null) addToBlock(sub, `${g}|*`, j);
      }
    }
    split.set(key, sub);
  }
  // seenBy[j] === i + 1: pair (i, j) was already emitted for this left person
  const seenBy = new Int32Array(right.length);
  let emitted = 0;
  for (let i = 0; i < left.length; i++) {
    const f = left[i] as PersonFeature;
    const stamp = i + 1;
    if ((i & STEP_MASK) === 0) monitor.step('match', i, left.length);
    const emit = (j: number): void => {
      if (seenBy[j] === stamp) return;
      seenBy[j] = stamp;
      if ((++emitted & STEP_MASK) === 0) monitor.step('match', i, left.length);
      visit(i, j);
    };
    for (const key of blockKeys(f)) {
      const sub = split.get(key);
      if (sub === undefined) {
        for (const j of rb.get(key) ?? []) emit(j);
        continue;
      }
      for (const g of givenCodes(f)) {
        if (f.birthDecade === null) {
          for (const j of sub.get(`${g}|*`) ?? []) emit(j);
          for (const j of sub.get(`${g}|-`) ?? []) emit(j);
        } else {
          for (let d = -1; d <= 1; d++) for (const j of sub.get(`${g}|${f.birthDecade + d}`) ?? []) emit(j);
          for (const j of sub.get(`${g}|-`) ?? []) emit(j);
        }
      }
    }
  }
}

// ------------------------------------------------------------------ helpers for assembly

class XrefAllocator {
  private readonly counters = new Map<string, number>();
  constructor(private readonly used: Set<string>) {}
  /** A fresh xref with the same letter prefix as `old`. */
  fresh(old: string): string {
    const prefix = (/^@([A-Za-z_]*)/.exec(old)?.[1] ?? '') || 'X';
    let n = this.counters.get(prefix) ?? 1;
    let candidate = `@${prefix}${n}@`;
    while (this.used.has(candidate)) candidate = `@${prefix}${++n}@`;
    this.counters.set(prefix, n + 1);
    this.used.add(candidate);
    return candidate;
  }
  claim(x: string): boolean {
    if (this.used.has(x)) return false;
    this.used.add(x);
    return true;
  }
}

/** Calls `visit` on every xref and pointer of a tree, in the order {@link remappedTree} remaps them. */
function forEachReference(node: GedcomNode, visit: (x: string) => void): void {
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop() as GedcomNode;
    if (n.xref !== null) visit(n.xref);
    if (n.pointer !== null && n.pointer !== '@VOID@') visit(n.pointer);
    for (const c of n.children) stack.push(c);
  }
}

/** A tree of the record we may change: a fresh one from the source, or a copy of a built one. */
function ownTree(rec: GedcomRecord): GedcomNode {
  return rec.materialized ? cloneNode(rec.root) : rec.transientRoot();
}

/** The record's tree with every xref and pointer remapped (a new tree; the record is untouched). */
function remappedTree(rec: GedcomRecord, map: (x: string) => string): GedcomNode {
  const tree = ownTree(rec);
  const stack = [tree];
  while (stack.length > 0) {
    const n = stack.pop() as GedcomNode;
    if (n.xref !== null) n.xref = map(n.xref);
    if (n.pointer !== null && n.pointer !== '@VOID@') n.pointer = map(n.pointer);
    for (const c of n.children) stack.push(c);
  }
  return tree;
}

/** A left record with the lines of the right records merged into it folded in. */
function foldedTree(rec: GedcomRecord, extra: readonly GedcomRecord[], map: (x: string) => string): { tree: GedcomNode; alternates: number } {
  const tree = ownTree(rec);
  let alternates = 0;
  for (const e of extra) alternates += foldInto(tree, remappedTree(e, map));
  return { tree, alternates };
}

/** Append the right tree's level-1 lines the left one lacks; returns how many were alternates. */
function foldInto(target: GedcomNode, extra: GedcomNode): number {
  let alternates = 0;
  let merged: GedcomNode | null = null;
  const present = target.children.slice();
  for (const line of extra.children) {
    if (present.some((c) => nodesEqual(c, line))) continue;
    const sameTag = present.some((c) => c.tag === line.tag);
    if (sameTag && SINGLETON_TAGS.has(line.tag)) {
      if (merged === null) {
        merged = { tag: '_MERGED', xref: null, pointer: null, value: '', children: [], line: 0 };
        target.children.push(merged);
      }
      merged.children.push(line);
      alternates++;
      continue;
    }
    if (sameTag) alternates++;
    target.children.push(line);
  }
  return alternates;
}

function recordKey(root: GedcomNode, keepXref = false): string {
  return canonicalRecordText(keepXref ? root : { ...root, xref: null }, { isV7: false, eol: '\n', maxPayload: 1 << 30 });
}

/** Score given to a pair of identical records (same xref, lines and links). */
const EXACT_SCORE = 100;

// ------------------------------------------------------------------ the operation

/** Merge `right` into `left`. Pure: neither input is modified. */
export function mergeDocuments(leftInput: GedcomDocumentLike, rightInput: GedcomDocumentLike, options: MergeOptions = {}): MergeResult {
  const target: ConversionTarget = options.outputVersion ?? (leftInput.version.isV7 ? '7.0' : '5.5.1');
  const monitor = options.monitor ?? SILENT_MONITOR;
  // one 'index' stage over both files: conversion (when needed) then indexing, left then right
  let base = 0;
  monitor.step('index', 0, null);
  const left = inVersion(leftInput, target, monitorSlice(monitor, 'index', base, null));
  if (left !== leftInput) base += leftInput.records.length;
  const right = inVersion(rightInput, target, monitorSlice(monitor, 'index', base, null));
  if (right !== rightInput) base += rightInput.records.length;
  const indexTotal = base + left.records.length + right.records.length;
  options.onProgress?.('index', 0, null);
  const li = indexTree(left, { integrity: false, monitor: monitorSlice(monitor, 'index', base, indexTotal) });
  const ri = indexTree(right, { integrity: false, monitor: monitorSlice(monitor, 'index', base + left.records.length, indexTotal) });
  const featureOf = (index: TreeIndex): ((p: PersonView) => PersonFeature) => {
    let n = 0;
    const cache = new FeatureCache();
    return (p: PersonView): PersonFeature => {
      if ((++n & STEP_MASK) === 0) monitor.step('match', 0, null);
      return featuresOf(index, p, cache);
    };
  };
  const lf = [...li.people.values()].map(featureOf(li));
  const rf = [...ri.people.values()].map(featureOf(ri));

  // identical person records (same xref, same lines, same links: one export read twice) pair first
  const pairs: { i: number; j: number; score: number; automatic: boolean }[] = [];
  const exact = new Set<number>();
  const width = rf.length + 1;
  const leftText = new Map<string, number>();
  const leftPeople = [...li.people.keys()];
  const rightPeople = [...ri.people.keys()];
  leftPeople.forEach((x, i) => {
    if ((i & STEP_MASK) === 0) monitor.step('match', 0, null);
    const r = left.byXref(x);
    if (r !== undefined) leftText.set(recordKey(transientTree(r), true), i);
  });
  rightPeople.forEach((x, j) => {
    if ((j & STEP_MASK) === 0) monitor.step('match', 0, null);
    const r = right.byXref(x);
    if (r === undefined) return;
    const key = recordKey(transientTree(r), true);
    const i = leftText.get(key);
    if (i === undefined) return;
    leftText.delete(key);
    exact.add(i * width + j);
    pairs.push({ i, j, score: EXACT_SCORE, automatic: true });
  });
  let vetoed = 0;
  let scored = 0;
  candidatePairs(lf, rf, (i, j) => {
    if (pairs.length >= OPS_LIMITS.candidatePairs || exact.has(i * width + j)) return;
    const a = lf[i] as PersonFeature;
    const b = rf[j] as PersonFeature;
    const score = scorePair(a, b);
    if (score === -1) vetoed++;
    else if (score >= MERGE_THRESHOLDS.review) pairs.push({ i, j, score, automatic: score >= MERGE_THRESHOLDS.automatic && automaticAllowed(a, b) });
    if (++scored % 50000 === 0) options.onProgress?.('score', scored, null);
  }, monitor);
  monitor.step('match', lf.length, lf.length);
  const bestL = new Map<number, number[]>();
  const bestR = new Map<number, number[]>();
  const note = (m: Map<number, number[]>, k: number, s: number): void => {
    const list = m.get(k);
    if (list === undefined) m.set(k, [s]);
    else {
      list.push(s);
      list.sort((a, b) => b - a);
      if (list.length > 2) list.length = 2;
    }
  };
  for (const p of pairs) {
    note(bestL, p.i, p.score);
    note(bestR, p.j, p.score);
  }
  pairs.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const matchL = new Map<number, number>();
  const matchR = new Map<number, number>();
  const accepted: { i: number; j: number; score: number }[] = [];
  for (const p of pairs) {
    if (p.score < MERGE_THRESHOLDS.automatic) break;
    if (!p.automatic || matchL.has(p.i) || matchR.has(p.j)) continue;
    const l = bestL.get(p.i) ?? [];
    const r = bestR.get(p.j) ?? [];
    if ((l[0] ?? 0) > p.score || (r[0] ?? 0) > p.score) continue;
    if ((l[1] ?? -Infinity) > p.score - MERGE_THRESHOLDS.margin || (r[1] ?? -Infinity) > p.score - MERGE_THRESHOLDS.margin) continue;
    matchL.set(p.i, p.j);
    matchR.set(p.j, p.i);
    accepted.push(p);
  }

  // person map right -> left, then refuse merges that create an ancestry cycle
  const personMap = new Map<string, string>();
  for (const p of accepted) personMap.set((rf[p.j] as PersonFeature).xref, (lf[p.i] as PersonFeature).xref);
  dropCycles(li, ri, personMap, accepted, lf, rf);
  const mergedSet = new Set(accepted.map((p) => p.i * (rf.length + 1) + p.j));

  const review: MergePair[] = [];
  let reviewCount = 0;
  const acceptedL = new Set(accepted.map((p) => p.i));
  const acceptedR = new Set(accepted.map((p) => p.j));
  for (const p of pairs) {
    if (mergedSet.has(p.i * (rf.length + 1) + p.j) || acceptedL.has(p.i) || acceptedR.has(p.j)) continue;
    reviewCount++;
    if (review.length < Math.min(options.maxReview ?? OPS_LIMITS.reviewPairs, OPS_LIMITS.reviewPairs)) {
      review.push({ left: (lf[p.i] as PersonFeature).xref, right: (rf[p.j] as PersonFeature).xref, score: Math.round(p.score * 100) / 100 });
    }
  }

  // families of merged couples
  const familyMap = new Map<string, string>();
  const coupleKey = (h: string | null, w: string | null): string => `${h ?? ''}|${w ?? ''}`;
  const leftCouples = new Map<string, string>();
  for (const f of li.families.values()) {
    const k = coupleKey(f.husband, f.wife);
    if (!leftCouples.has(k)) leftCouples.set(k, f.xref);
  }
  for (const f of ri.families.values()) {
    const h = f.husband === null ? null : personMap.get(f.husband) ?? null;
    const w = f.wife === null ? null : personMap.get(f.wife) ?? null;
    if ((f.husband !== null && h === null) || (f.wife !== null && w === null) || (h === null && w === null)) continue;
    const candidate = leftCouples.get(coupleKey(h, w));
    if (candidate === undefined) continue;
    if (h === null || w === null) {
      // a single-parent family is unified only when it shares a merged child
      const lfam = li.families.get(candidate);
      const shared = f.children.some((c) => {
        const m = personMap.get(c);
        return m !== undefined && (lfam?.children.includes(m) ?? false);
      });
      if (!shared) continue;
    }
    if ([...familyMap.values()].includes(candidate)) continue;
    familyMap.set(f.xref, candidate);
  }

  const mergedPairs: MergePair[] = accepted.map((p) => ({ left: (lf[p.i] as PersonFeature).xref, right: (rf[p.j] as PersonFeature).xref, score: Math.round(p.score * 100) / 100 }));
  const baseCounts = {
    leftIndividuals: li.people.size,
    rightIndividuals: ri.people.size,
    outputIndividuals: li.people.size + ri.people.size - accepted.length,
    leftFamilies: li.families.size,
    rightFamilies: ri.families.size,
    outputFamilies: li.families.size + ri.families.size - familyMap.size,
    candidatePairs: pairs.length,
    automaticPairs: accepted.length,
    reviewPairs: reviewCount,
    unifiedFamilies: familyMap.size,
    vetoedPairs: vetoed,
  };
  if (options.dryRun === true) {
    return { document: null, merged: mergedPairs, review, counts: { ...baseCounts, remappedXrefs: 0, sharedRecords: 0, alternates: 0 } };
  }
  options.onProgress?.('assemble', 0, right.records.length);
  const assembled = assemble(left, right, personMap, familyMap, monitor);
  return { document: assembled.document, merged: mergedPairs, review, counts: { ...baseCounts, remappedXrefs: assembled.remapped, sharedRecords: assembled.shared, alternates: assembled.alternates } };
}

function dropCycles(li: TreeIndex, ri: TreeIndex, personMap: Map<string, string>, accepted: { i: number; j: number; score: number }[], lf: readonly PersonFeature[], rf: readonly PersonFeature[]): void {
  for (let round = 0; round < 8; round++) {
    const id = (side: 'L' | 'R', x: string): string => (side === 'R' ? (personMap.has(x) ? `L${personMap.get(x)}` : `R${x}`) : `L${x}`);
    const parents = new Map<string, string[]>();
    const add = (side: 'L' | 'R', index: TreeIndex): void => {
      for (const p of index.people.values()) {
        for (const l of p.famc) {
          const f = index.families.get(l.family);
          if (f === undefined) continue;
          for (const parent of [f.husband, f.wife]) {
            if (parent === null || !index.people.has(parent)) continue;
            const k = id(side, p.xref);
            let list = parents.get(k);
            if (list === undefined) parents.set(k, (list = []));
            list.push(id(side, parent));
          }
        }
      }
    };
    add('L', li);
    add('R', ri);
    const cyclic = cycleMembers(parents);
    if (cyclic.size === 0) return;
    let removed = false;
    for (let k = accepted.length - 1; k >= 0; k--) {
      const p = accepted[k] as { i: number; j: number };
      const lx = (lf[p.i] as PersonFeature).xref;
      if (cyclic.has(`L${lx}`)) {
        personMap.delete((rf[p.j] as PersonFeature).xref);
        accepted.splice(k, 1);
        removed = true;
      }
    }
    if (!removed) return;
  }
}

function cycleMembers(parents: ReadonlyMap<string, readonly string[]>): Set<string> {
  const state = new Map<string, 1 | 2>();
  const members = new Set<string>();
  for (const start of parents.keys()) {
    if (state.has(start)) continue;
    const stack: { x: string; i: number }[] = [{ x: start, i: 0 }];
    const path = [start];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { x: string; i: number };
      const next = parents.get(top.x) ?? [];
      if (top.i >= next.length) {
        state.set(top.x, 2);
        stack.pop();
        path.pop();
        continue;
      }
      const n = next[top.i++] as string;
      const s = state.get(n);
      if (s === 1) for (let k = Math.max(0, path.lastIndexOf(n)); k < path.length; k++) members.add(path[k] as string);
      else if (s === undefined) {
        state.set(n, 1);
        path.push(n);
        stack.push({ x: n, i: 0 });
      }
    }
  }
  return members;
}

function assemble(
  left: GedcomDocumentLike,
  right: GedcomDocumentLike,
  personMap: ReadonlyMap<string, string>,
  familyMap: ReadonlyMap<string, string>,
  monitor: WorkMonitor,
): { document: OutputDocument; remapped: number; shared: number; alternates: number } {
  // 'apply' counts the passes over the records: left keys, right xrefs, folds, left out, right out
  const total = 2 * left.records.length + 3 * right.records.length;
  let done = 0;
  const tick = (): void => {
    if ((++done & STEP_MASK) === 0) monitor.step('apply', done, total);
  };
  monitor.step('apply', 0, total);
  const used = new Set<string>();
  for (const r of left.records) if (r.xref !== null) used.add(r.xref);
  const allocator = new XrefAllocator(used);
  // identical non-person records are kept once
  const leftKeys = new Map<string, string>();
  for (const r of left.records) {
    tick();
    if (r.xref === null || r.tag === 'INDI' || r.tag === 'FAM') continue;
    const k = `${r.tag}\n${recordKey(transientTree(r))}`;
    if (!leftKeys.has(k)) leftKeys.set(k, r.xref);
  }
  const map = new Map<string, string>();
  for (const [r, l] of personMap) map.set(r, l);
  for (const [r, l] of familyMap) map.set(r, l);
  let shared = 0;
  let remapped = 0;
  const rightRecords = right.records.filter((r) => r.tag !== 'HEAD' && r.tag !== 'TRLR');
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x === null || map.has(x)) continue;
    if (r.tag !== 'INDI' && r.tag !== 'FAM') {
      const same = leftKeys.get(`${r.tag}\n${recordKey(transientTree(r))}`);
      if (same !== undefined) {
        map.set(x, same);
        shared++;
        continue;
      }
    }
    if (allocator.claim(x)) map.set(x, x);
    else {
      map.set(x, allocator.fresh(x));
      remapped++;
    }
  }
  const remap = (x: string): string => {
    const m = map.get(x);
    if (m !== undefined) return m;
    // a pointer the right file does not define: keep it dangling, but never onto a left record
    const fresh = used.has(x) ? allocator.fresh(x) : x;
    if (fresh !== x) remapped++;
    map.set(x, fresh);
    return fresh;
  };

  // Output records made from right records are derived (model.ts, GedcomRecord.derived): their
  // trees are built when written and dropped, so the output holds no copy of the inputs. Every
  // xref they use is settled here first, in the order the trees remap them (fresh xrefs for
  // dangling pointers are numbered in that order), so building them later only looks up `map`.
  const folded = new Map<string, GedcomRecord[]>();
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x === null) continue;
    const into = personMap.get(x) ?? familyMap.get(x);
    if (into === undefined) continue;
    let list = folded.get(into);
    if (list === undefined) folded.set(into, (list = []));
    list.push(r);
    forEachReference(transientTree(r), remap);
  }
  const settled = (x: string): string => map.get(x) ?? remap(x);
  let alternates = 0;
  const out: GedcomRecord[] = [];
  const trailer: GedcomRecord[] = [];
  for (const r of left.records) {
    tick();
    if (r.tag === 'TRLR') {
      trailer.push(r);
      continue;
    }
    if (r.tag === 'HEAD') {
      out.push(withSchemas(r, right));
      continue;
    }
    const extra = r.xref === null ? undefined : folded.get(r.xref);
    if (extra === undefined) {
      out.push(r);
      continue;
    }
    alternates += foldedTree(r, extra, settled).alternates;
    out.push(GedcomRecord.derived(r.tag, r.xref, () => foldedTree(r, extra, settled).tree));
  }
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x !== null && (personMap.has(x) || familyMap.has(x))) continue;
    if (x !== null && map.get(x) !== undefined && r.tag !== 'INDI' && r.tag !== 'FAM' && leftHas(left, map.get(x) as string) && map.get(x) !== x) continue;
    if (x !== null && map.get(x) === x && leftHas(left, x)) continue;
    forEachReference(transientTree(r), remap);
    out.push(GedcomRecord.derived(r.tag, x === null ? null : settled(x), () => remappedTree(r, settled)));
  }
  out.push(...trailer);
  monitor.step('apply', total, total);
  return { document: outputLike(left, out), remapped, shared, alternates };
}

function leftHas(left: GedcomDocumentLike, x: string): boolean {
  return left.byXref(x) !== undefined;
}

/** The left HEAD, plus the right file's SCHMA TAG declarations it lacks (7.0 extension tags). */
function withSchemas(head: GedcomRecord, right: GedcomDocumentLike): GedcomRecord {
  const rightHead = right.records.find((r) => r.tag === 'HEAD');
  if (rightHead === undefined) return head;
  const theirs = transientTree(rightHead).children.find((c) => c.tag === 'SCHMA');
  if (theirs === undefined || theirs.children.length === 0) return head;
  const tree = cloneNode(transientTree(head));
  let mine = tree.children.find((c) => c.tag === 'SCHMA');
  let changed = false;
  if (mine === undefined) {
    mine = { tag: 'SCHMA', xref: null, pointer: null, value: '', children: [], line: 0 };
    tree.children.push(mine);
  }
  for (const tag of theirs.children) {
    if (mine.children.some((c) => nodesEqual(c, tag))) continue;
    mine.children.push(cloneNode(tag));
    changed = true;
  }
  return changed ? createdRecord(tree) : head;
}

/** Used by tests: every pointer of a document is defined. */
export function danglingPointers(doc: GedcomDocumentLike): number {
  const defined = new Set(doc.records.map((r) => r.xref).filter((x): x is string => x !== null));
  let n = 0;
  for (const r of doc.records) forEachPointer(transientTree(r), (p) => (n += defined.has(p) ? 0 : 1));
  return n;
}
