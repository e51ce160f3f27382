import type { GedcomDocumentLike, GedcomNode } from '../model.js';
import { GedcomRecord, nodesEqual } from '../model.js';
import type { ConversionTarget } from '../convert/index.js';
import { canonicalRecordText } from '../write/canonical.js';
import { OPS_LIMITS } from './limits.js';
import { cloneNode, createdRecord, inVersion, outputLike } from './output.js';
import type { OutputDocument } from './output.js';
import { candidatePairs } from './merge-candidates.js';
import type { CandidateScan } from './merge-candidates.js';
import { automaticAllowed, DateVetoes, FeatureReader, scorePair } from './merge-features.js';
import type { PersonFeature } from './merge-features.js';
import type { TreeIndex } from './tree-index.js';
import { forEachPointer, indexTree, transientTree } from './tree-index.js';
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


const SINGLETON_TAGS: ReadonlySet<string> = new Set(['SEX', 'CHAN', 'RESN', 'CREA', 'RIN', 'HUSB', 'WIFE']);

interface MergePair {
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

interface MergeCounts {
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
  const li = indexTree(left, { integrity: false, places: true, monitor: monitorSlice(monitor, 'index', base, indexTotal) });
  const ri = indexTree(right, { integrity: false, places: true, monitor: monitorSlice(monitor, 'index', base + left.records.length, indexTotal) });
  const featuresOf = (index: TreeIndex): PersonFeature[] => {
    const reader = new FeatureReader(index);
    const out: PersonFeature[] = [];
    for (let p = 0; p < index.personCount; p++) {
      if (((p + 1) & STEP_MASK) === 0) monitor.step('match', 0, null);
      out.push(reader.features(p));
    }
    return out;
  };
  const lf = featuresOf(li);
  const rf = featuresOf(ri);

  // identical person records (same xref, same lines, same links: one export read twice) pair first;
  // the key holds the xref, so only a left person of the same xref can be one
  const pairs: { i: number; j: number; score: number; automatic: boolean }[] = [];
  const exact = new Set<number>();
  const width = rf.length + 1;
  const leftPeople = new Map<string, number>();
  for (let i = 0; i < li.personCount; i++) leftPeople.set(li.personXref[i] as string, i);
  for (let j = 0; j < ri.personCount; j++) {
    if ((j & STEP_MASK) === 0) monitor.step('match', 0, null);
    const x = ri.personXref[j] as string;
    const i = leftPeople.get(x);
    if (i === undefined) continue;
    const l = left.byXref(x);
    const r = right.byXref(x);
    if (l === undefined || r === undefined || recordKey(transientTree(l), true) !== recordKey(transientTree(r), true)) continue;
    exact.add(i * width + j);
    pairs.push({ i, j, score: EXACT_SCORE, automatic: true });
  }
  leftPeople.clear();
  let scored = 0;
  const scan: CandidateScan = { full: pairs.length >= OPS_LIMITS.candidatePairs, exact, width, vetoed: 0 };
  candidatePairs(lf, rf, new DateVetoes(lf), new DateVetoes(rf), scan, (i, j) => {
    const a = lf[i] as PersonFeature;
    const b = rf[j] as PersonFeature;
    const score = scorePair(a, b);
    if (score === -1) scan.vetoed++;
    else if (score >= MERGE_THRESHOLDS.review) {
      pairs.push({ i, j, score, automatic: score >= MERGE_THRESHOLDS.automatic && automaticAllowed(a, b) });
      if (pairs.length >= OPS_LIMITS.candidatePairs) scan.full = true;
    }
    if (++scored % 50000 === 0) options.onProgress?.('score', scored, null);
  }, monitor);
  const vetoed = scan.vetoed;
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

  // right person -> left person, then refuse merges that create an ancestry cycle
  const mapped = new Int32Array(ri.personCount).fill(-1);
  for (const p of accepted) mapped[p.j] = p.i;
  dropCycles(li, ri, mapped, accepted);
  const personMap = new Map<string, string>();
  for (const p of accepted) personMap.set(ri.personXref[p.j] as string, li.personXref[p.i] as string);
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

  const familyMap = unifiedFamilies(li, ri, mapped, identicalFamilies(left, right, ri, personMap));
  const mergedPairs: MergePair[] = accepted.map((p) => ({ left: (lf[p.i] as PersonFeature).xref, right: (rf[p.j] as PersonFeature).xref, score: Math.round(p.score * 100) / 100 }));
  const baseCounts = {
    leftIndividuals: li.personCount,
    rightIndividuals: ri.personCount,
    outputIndividuals: li.personCount + ri.personCount - accepted.length,
    leftFamilies: li.familyCount,
    rightFamilies: ri.familyCount,
    outputFamilies: li.familyCount + ri.familyCount - familyMap.size,
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

/**
 * Right families whose couple was merged onto a left family's couple (right xref -> left xref);
 * a single-parent family is unified only when it shares a merged child. `mapped[j]` is the left
 * person right person j merged into, or -1.
 */
function unifiedFamilies(li: TreeIndex, ri: TreeIndex, mapped: Int32Array, identical: ReadonlyMap<string, string>): Map<string, string> {
  const familyMap = new Map<string, string>(identical);
  const used = new Set<number>();
  for (let f = 0; f < li.familyCount; f++) if (identical.has(li.familyXref[f] as string)) used.add(f);
  const coupleKey = (h: number, w: number): string => `${h}|${w}`;
  const leftCouples = new Map<string, number>();
  for (let f = 0; f < li.familyCount; f++) {
    const k = coupleKey(li.husband[f] as number, li.wife[f] as number);
    if (!leftCouples.has(k)) leftCouples.set(k, f);
  }
  const onto = (p: number): number => (ri.isPerson(p) ? (mapped[p] as number) : -1);
  for (let f = 0; f < ri.familyCount; f++) {
    if (identical.has(ri.familyXref[f] as string)) continue;
    const rh = ri.husband[f] as number;
    const rw = ri.wife[f] as number;
    const h = rh < 0 ? -1 : onto(rh);
    const w = rw < 0 ? -1 : onto(rw);
    if ((rh >= 0 && h < 0) || (rw >= 0 && w < 0) || (h < 0 && w < 0)) continue;
    const candidate = leftCouples.get(coupleKey(h, w));
    if (candidate === undefined) continue;
    if (h < 0 || w < 0) {
      let shared = false;
      for (let c = ri.childStart[f] as number, end = ri.childStart[f + 1] as number; c < end && !shared; c++) {
        const m = onto(ri.child[c] as number);
        if (m < 0) continue;
        for (let k = li.childStart[candidate] as number, ke = li.childStart[candidate + 1] as number; k < ke; k++) {
          if (li.child[k] === m) {
            shared = true;
            break;
          }
        }
      }
      if (!shared) continue;
    }
    if (used.has(candidate)) continue;
    used.add(candidate);
    familyMap.set(ri.familyXref[f] as string, li.familyXref[candidate] as string);
  }
  return familyMap;
}

/**
 * Right families identical to the left family of the same xref (same lines and links) whose every
 * member is the identical left person: one family read twice (merge of a file with itself), kept
 * once whatever its couple (no parent, one parent, several families of one couple).
 */
function identicalFamilies(left: GedcomDocumentLike, right: GedcomDocumentLike, ri: TreeIndex, personMap: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (let f = 0; f < ri.familyCount; f++) {
    const x = ri.familyXref[f] as string;
    const l = left.byXref(x);
    const r = right.byXref(x);
    if (l === undefined || r === undefined || l.tag !== 'FAM' || r.tag !== 'FAM') continue;
    const tree = transientTree(r);
    let members = true;
    for (const c of tree.children) {
      if (c.tag !== 'HUSB' && c.tag !== 'WIFE' && c.tag !== 'CHIL') continue;
      if (c.pointer === null || c.pointer === '@VOID@') continue;
      // a member must be the identical left person; a pointer to no person is the same dangling line on both sides
      if (right.byXref(c.pointer)?.tag === 'INDI' && personMap.get(c.pointer) !== c.pointer) members = false;
    }
    if (members && recordKey(transientTree(l), true) === recordKey(tree, true)) out.set(x, x);
  }
  return out;
}

/**
 * Drop accepted merges (latest first) whose left person would sit on a parent cycle of the merged
 * tree, until none does (at most 8 rounds). Nodes: left people 0..L-1, unmerged right people L+j.
 */
function dropCycles(li: TreeIndex, ri: TreeIndex, mapped: Int32Array, accepted: { i: number; j: number; score: number }[]): void {
  const leftCount = li.personCount;
  for (let round = 0; round < 8; round++) {
    const parents = new Map<number, number[]>();
    const add = (index: TreeIndex, node: (p: number) => number): void => {
      for (let p = 0; p < index.personCount; p++) {
        for (let l = index.famcStart[p] as number, end = index.famcStart[p + 1] as number; l < end; l++) {
          const f = index.famcFamily[l] as number;
          if (!index.isFamily(f)) continue;
          for (const parent of [index.husband[f] as number, index.wife[f] as number]) {
            if (!index.isPerson(parent)) continue;
            const k = node(p);
            let list = parents.get(k);
            if (list === undefined) parents.set(k, (list = []));
            list.push(node(parent));
          }
        }
      }
    };
    add(li, (p) => p);
    add(ri, (p) => ((mapped[p] as number) >= 0 ? (mapped[p] as number) : leftCount + p));
    const cyclic = cycleMembers(parents, leftCount + ri.personCount);
    if (cyclic.size === 0) return;
    let removed = false;
    for (let k = accepted.length - 1; k >= 0; k--) {
      const p = accepted[k] as { i: number; j: number; score: number };
      // an identical record read twice adds no parent link the left file lacks: never the cause
      if (cyclic.has(p.i) && p.score !== EXACT_SCORE) {
        mapped[p.j] = -1;
        accepted.splice(k, 1);
        removed = true;
      }
    }
    if (!removed) return;
  }
}

function cycleMembers(parents: ReadonlyMap<number, readonly number[]>, nodes: number): Set<number> {
  const state = new Uint8Array(nodes);
  const members = new Set<number>();
  const none: readonly number[] = [];
  for (const start of parents.keys()) {
    if (state[start] !== 0) continue;
    const stack: { x: number; i: number }[] = [{ x: start, i: 0 }];
    const path = [start];
    state[start] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { x: number; i: number };
      const next = parents.get(top.x) ?? none;
      if (top.i >= next.length) {
        state[top.x] = 2;
        stack.pop();
        path.pop();
        continue;
      }
      const n = next[top.i++] as number;
      const s = state[n];
      if (s === 1) for (let k = Math.max(0, path.lastIndexOf(n)); k < path.length; k++) members.add(path[k] as number);
      else if (s === 0) {
        state[n] = 1;
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
  // records without an xref identical to one of the left file's are kept once (a file merged with itself)
  const leftAnonymous = new Map<string, number>();
  for (const r of left.records) {
    if (r.xref !== null || r.tag === 'HEAD' || r.tag === 'TRLR') continue;
    const k = recordKey(transientTree(r), true);
    leftAnonymous.set(k, (leftAnonymous.get(k) ?? 0) + 1);
  }
  for (const r of rightRecords) {
    tick();
    const x = r.xref;
    if (x !== null && (personMap.has(x) || familyMap.has(x))) continue;
    if (x === null && leftAnonymous.size > 0) {
      const k = recordKey(transientTree(r), true);
      const n = leftAnonymous.get(k) ?? 0;
      if (n > 0) {
        leftAnonymous.set(k, n - 1);
        shared++;
        continue;
      }
    }
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
