import type { GedcomDocumentLike, GedcomNode, GedcomRecord } from '../model.js';
import type { ConversionTarget } from '../convert/index.js';
import { OPS_LIMITS } from './limits.js';
import { cloneNode, convertsTo, createdRecord, inVersion, outputLike } from './output.js';
import type { OutputEncoding } from './output.js';
import { holdsEveryCharacter, inRepresentableEncoding } from './output-encoding.js';
import { selectPeople } from './select-people.js';
import type { SubtreeDirection } from './select-people.js';
import type { IndexOptions, TreeIndex } from './tree-index.js';
import { forEachPointer, indexTree, transientTree } from './tree-index.js';
import { monitorSlice, SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export interface SubtreeOptions {
  /** Root individual, with `@` signs. */
  readonly root: string;
  readonly direction: SubtreeDirection;
  /** Generations walked from the root (0: the root alone). Default: unbounded (OPS_LIMITS.maxGenerations). */
  readonly generations?: number;
  /** Add the spouses of every selected person (they are not walked further). */
  readonly includeSpouses?: boolean;
  /** Output version; null keeps the source's version. */
  readonly outputVersion?: ConversionTarget | null;
  /** Told the records indexed ('index', when no index is passed) and selected ('apply'); may throw WorkCancelled. */
  readonly monitor?: WorkMonitor;
}

export interface SubtreeResult {
  readonly document: GedcomDocumentLike;
  readonly counts: {
    readonly individuals: number;
    readonly families: number;
    /** Sources, repositories, notes, media, submitters and other records pulled in by reference. */
    readonly referenced: number;
    /** Pointer lines removed because their target is outside the subtree or undefined. */
    readonly prunedPointers: number;
    readonly generationsReached: number;
  };
  /** The output's encoding: the source's, UTF-8 when it cannot hold a character written (output-encoding.ts), or the conversion's. */
  readonly outputEncoding: OutputEncoding;
}

export class SubtreeRootUnknown extends Error {
  constructor() {
    super('subtree root is not an individual of the file');
    this.name = 'SubtreeRootUnknown';
  }
}

/**
 * The records a pointer may pull into a subtree: by xref, the first record defining it, left out
 * when that record is a person or a family (those are selected, not pulled in). Holds the other
 * records only, not one entry per person.
 */
function referencedRecords(records: readonly GedcomRecord[]): Map<string, GedcomRecord> {
  const first = new Map<string, number>();
  for (let i = 0; i < records.length; i++) {
    // cast: i < records.length
    const r = records[i] as GedcomRecord;
    const x = r.xref;
    if (x === null || r.tag === 'INDI' || r.tag === 'FAM' || first.has(x)) continue;
    first.set(x, i);
  }
  // an xref whose first record is a person or family is never pulled in
  for (let i = 0; i < records.length && first.size > 0; i++) {
    // cast: i < records.length
    const r = records[i] as GedcomRecord;
    const x = r.xref;
    if (x === null || (r.tag !== 'INDI' && r.tag !== 'FAM')) continue;
    const at = first.get(x);
    if (at !== undefined && at > i) first.delete(x);
  }
  const out = new Map<string, GedcomRecord>();
  // cast: first maps xrefs to indexes of records
  for (const [x, i] of first) out.set(x, records[i] as GedcomRecord);
  return out;
}

/** Remove pointer lines whose target is not kept; returns how many were removed. */
function prune(node: GedcomNode, keep: (pointer: string) => boolean): number {
  let removed = 0;
  const kept: GedcomNode[] = [];
  for (const c of node.children) {
    if (c.pointer !== null && c.pointer !== '@VOID@' && !keep(c.pointer)) {
      removed++;
      continue;
    }
    removed += prune(c, keep);
    kept.push(c);
  }
  node.children = kept;
  return removed;
}

/** What a subtree's walk reads of the index: the links only. */
export function subtreeIndexOptions(monitor?: WorkMonitor): IndexOptions {
  return monitor === undefined ? { integrity: false, linksOnly: true } : { integrity: false, linksOnly: true, monitor };
}

/**
 * Extract a rooted subtree: the root, its ancestors and/or descendants up to a generation bound,
 * optionally their spouses, the families that link two selected people, and the closure of every
 * record they reference (sources, repositories, notes, media, submitters, extension records).
 * Pointers to anything left out are removed, so the output has no dangling pointer. Untouched
 * records are copied byte for byte; pruned ones are written canonically.
 */
export function extractSubtree(
  doc: GedcomDocumentLike,
  options: SubtreeOptions,
  index: TreeIndex = indexTree(doc, subtreeIndexOptions(options.monitor)),
): SubtreeResult {
  const root = index.findPerson(options.root);
  if (root < 0) throw new SubtreeRootUnknown();
  const monitor = options.monitor ?? SILENT_MONITOR;
  // 'apply': the closure visits and the output pass over the records (a conversion adds its own pass)
  const records = doc.records.length;
  let total = 2 * records;
  let done = 0;
  let phaseEnd = records;
  const tick = (): void => {
    if ((++done & STEP_MASK) === 0) monitor.step('apply', Math.min(done, phaseEnd), total);
  };
  monitor.step('apply', 0, total);
  const generations = Math.max(0, Math.min(options.generations ?? OPS_LIMITS.maxGenerations, OPS_LIMITS.maxGenerations));
  const { mask, count, reached } = selectPeople(index, root, options.direction, generations);
  let individuals = count;
  if (options.includeSpouses === true) {
    const selected: number[] = [];
    for (let p = 0; p < index.personCount; p++) if (mask[p] === 1) selected.push(p);
    for (const x of selected) {
      // cast: selected holds person numbers, and famsStart has an entry per person plus one
      for (let l = index.famsStart[x] as number, end = index.famsStart[x + 1] as number; l < end; l++) {
        // cast: l < famsStart[x + 1] <= famsFamily.length
        const f = index.famsFamily[l] as number;
        if (!index.isFamily(f)) continue;
        // cast: f is a family (isFamily checked), and husband and wife have an entry per family
        const s = index.husband[f] === x ? (index.wife[f] as number) : (index.husband[f] as number);
        if (index.isPerson(s) && mask[s] === 0) {
          mask[s] = 1;
          individuals++;
        }
      }
    }
  }
  const people = new Set<string>();
  // cast: p < personCount, and personXref lists the people first
  for (let p = 0; p < index.personCount; p++) if (mask[p] === 1) people.add(index.personXref[p] as string);
  const families = new Set<string>();
  const selectedPerson = (m: number): boolean => index.isPerson(m) && mask[m] === 1;
  for (let f = 0; f < index.familyCount; f++) {
    // cast: f < familyCount, and husband and wife have an entry per family
    const spouses = (selectedPerson(index.husband[f] as number) ? 1 : 0) + (selectedPerson(index.wife[f] as number) ? 1 : 0);
    let kids = 0;
    // cast: f < familyCount, childStart has familyCount + 1 entries, and c < childStart[f + 1] <= child.length
    for (let c = index.childStart[f] as number, end = index.childStart[f + 1] as number; c < end; c++) if (selectedPerson(index.child[c] as number)) kids++;
    // cast: f < familyCount, and familyXref lists the families first
    if (spouses + kids >= 2 && (spouses > 0 || kids >= 2)) families.add(index.familyXref[f] as string);
  }

  // referential closure over everything else; each kept record's pointers are noted on its one
  // visit, so the output pass builds a tree again only for a record that loses a pointer
  const keepRecord = new Set<string>([...people, ...families]);
  const recordByXref = referencedRecords(doc.records);
  const pointersOf = new Map<GedcomRecord, string[]>();
  const visited = new Set<GedcomRecord>();
  // A pointer's fate is known at its record's visit: the people and families are all in keepRecord
  // before the first visit, and any other xref is kept exactly when recordByXref has it (added
  // then). So a record that loses a pointer is pruned at its visit, from the tree read there (the
  // output holds that pruned copy anyway), not read again by the output pass.
  const prunedAt = new Map<GedcomRecord, { tree: GedcomNode; removed: number }>();
  let noted = 0;
  const pending: string[] = [];
  const visit = (r: GedcomRecord): void => {
    tick();
    if (pointersOf.has(r) || visited.has(r)) return;
    const pointers: string[] = [];
    let dangling = false;
    const tree = transientTree(r);
    forEachPointer(tree, (p) => {
      pointers.push(p);
      if (keepRecord.has(p)) return;
      if (!recordByXref.has(p)) {
        dangling = true;
        return;
      }
      keepRecord.add(p);
      pending.push(p);
    });
    if (dangling) {
      // a tree read from the source is the visit's own; one the record holds is copied
      const copy = !r.materialized && r.span !== null ? tree : cloneNode(tree);
      prunedAt.set(r, { tree: copy, removed: prune(copy, (p) => keepRecord.has(p)) });
    }
    if (noted + pointers.length <= OPS_LIMITS.subtreeNotedPointers) {
      noted += pointers.length;
      pointersOf.set(r, pointers);
    } else visited.add(r);
  };
  const header = doc.records.find((r) => r.tag === 'HEAD');
  if (header !== undefined) visit(header);
  // the selected people and families by the first record of their xref
  const selected = new Map<string, GedcomRecord>();
  for (const r of doc.records) {
    const x = r.xref;
    if (x !== null && keepRecord.has(x) && !selected.has(x)) selected.set(x, r);
  }
  for (const x of keepRecord) {
    const r = selected.get(x) ?? recordByXref.get(x);
    if (r !== undefined) visit(r);
  }
  for (let x = pending.pop(); x !== undefined; x = pending.pop()) {
    const r = recordByXref.get(x);
    if (r !== undefined) visit(r);
  }

  const keep = (p: string): boolean => keepRecord.has(p);
  let prunedPointers = 0;
  let referenced = 0;
  const out: GedcomRecord[] = [];
  const emitted = new Set<string>();
  done = Math.max(done, records);
  phaseEnd = 2 * records;
  for (const r of doc.records) {
    tick();
    const x = r.xref;
    const isFrame = r.tag === 'HEAD' || r.tag === 'TRLR';
    if (!isFrame && (x === null || !keepRecord.has(x) || emitted.has(x))) continue;
    if (x !== null) emitted.add(x);
    if (x !== null && !people.has(x) && !families.has(x)) referenced++;
    const pruned = prunedAt.get(r);
    if (pruned !== undefined) {
      prunedPointers += pruned.removed;
      out.push(createdRecord(pruned.tree));
      continue;
    }
    const noted = pointersOf.get(r);
    let dangling = false;
    if (noted !== undefined) dangling = noted.some((p) => !keep(p));
    else
      forEachPointer(transientTree(r), (p) => {
        if (!keep(p)) dangling = true;
      });
    if (!dangling) {
      out.push(r);
      continue;
    }
    const copy = cloneNode(transientTree(r));
    prunedPointers += prune(copy, keep);
    out.push(createdRecord(copy));
  }
  let output = outputLike(doc, out);
  const target = options.outputVersion ?? null;
  let document: GedcomDocumentLike = output;
  if (convertsTo(output, target)) {
    total += output.records.length;
    document = inVersion(output, target, monitorSlice(monitor, 'apply', 2 * records, total));
  } else if (!holdsEveryCharacter(output.encoding.used)) {
    total += output.records.length;
    phaseEnd = total;
    document = output = inRepresentableEncoding(output, tick);
  }
  monitor.step('apply', total, total);
  const outputEncoding = document === output ? output.outputEncoding : { encoding: document.encoding.used, replaced: null, unrepresentable: 0 };
  return { document, counts: { individuals, families: families.size, referenced, prunedPointers, generationsReached: reached }, outputEncoding };
}
