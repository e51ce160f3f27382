import type { GedcomDocumentLike, GedcomNode, GedcomRecord } from '../model.js';
import type { ConversionTarget } from '../convert/index.js';
import { OPS_LIMITS } from './limits.js';
import { cloneNode, createdRecord, inVersion, outputLike } from './output.js';
import type { TreeIndex } from './tree-index.js';
import { forEachPointer, indexTree, transientTree } from './tree-index.js';
import { monitorSlice, SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export type SubtreeDirection = 'ancestors' | 'descendants' | 'both';

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
}

export class SubtreeRootUnknown extends Error {
  constructor() {
    super('subtree root is not an individual of the file');
    this.name = 'SubtreeRootUnknown';
  }
}

/** The individuals of a rooted selection (pure; used by subtree and rooted quality). */
export function selectPeople(index: TreeIndex, root: string, direction: SubtreeDirection, generations: number): { people: Set<string>; reached: number } {
  const people = new Set<string>([root]);
  let reached = 0;
  const walk = (up: boolean): void => {
    let frontier = [root];
    for (let g = 1; g <= generations && frontier.length > 0; g++) {
      const next: string[] = [];
      for (const x of frontier) {
        const p = index.people.get(x);
        if (p === undefined) continue;
        const families = up ? p.famc.map((l) => l.family) : p.fams;
        for (const fx of families) {
          const f = index.families.get(fx);
          if (f === undefined) continue;
          const members = up ? [f.husband, f.wife] : f.children;
          for (const m of members) {
            if (m === null || people.has(m) || !index.people.has(m)) continue;
            people.add(m);
            next.push(m);
          }
        }
      }
      if (next.length > 0) reached = Math.max(reached, g);
      frontier = next;
    }
  };
  if (direction !== 'descendants') walk(true);
  if (direction !== 'ancestors') walk(false);
  return { people, reached };
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

/**
 * Extract a rooted subtree: the root, its ancestors and/or descendants up to a generation bound,
 * optionally their spouses, the families that link two selected people, and the closure of every
 * record they reference (sources, repositories, notes, media, submitters, extension records).
 * Pointers to anything left out are removed, so the output has no dangling pointer. Untouched
 * records are copied byte for byte; pruned ones are written canonically.
 */
export function extractSubtree(doc: GedcomDocumentLike, options: SubtreeOptions, index: TreeIndex = indexTree(doc, { integrity: false, monitor: options.monitor })): SubtreeResult {
  if (!index.people.has(options.root)) throw new SubtreeRootUnknown();
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
  const { people, reached } = selectPeople(index, options.root, options.direction, generations);
  if (options.includeSpouses === true) {
    for (const x of [...people]) {
      for (const fx of index.people.get(x)?.fams ?? []) {
        const f = index.families.get(fx);
        if (f === undefined) continue;
        const s = f.husband === x ? f.wife : f.husband;
        if (s !== null && index.people.has(s)) people.add(s);
      }
    }
  }
  const families = new Set<string>();
  for (const f of index.families.values()) {
    const spouses = [f.husband, f.wife].filter((m): m is string => m !== null && people.has(m));
    const kids = f.children.filter((c) => people.has(c));
    if (spouses.length + kids.length >= 2 && (spouses.length > 0 || kids.length >= 2)) families.add(f.xref);
  }

  // referential closure over everything else
  const keepRecord = new Set<string>([...people, ...families]);
  const recordByXref = new Map<string, GedcomRecord>();
  for (const r of doc.records) if (r.xref !== null && !recordByXref.has(r.xref)) recordByXref.set(r.xref, r);
  const pending: string[] = [];
  const visit = (root: GedcomNode): void => {
    tick();
    forEachPointer(root, (p) => {
      if (keepRecord.has(p)) return;
      const target = recordByXref.get(p);
      if (target === undefined || target.tag === 'INDI' || target.tag === 'FAM') return;
      keepRecord.add(p);
      pending.push(p);
    });
  };
  const header = doc.records.find((r) => r.tag === 'HEAD');
  if (header !== undefined) visit(transientTree(header));
  for (const x of keepRecord) {
    const r = recordByXref.get(x);
    if (r !== undefined) visit(transientTree(r));
  }
  while (pending.length > 0) {
    const r = recordByXref.get(pending.pop() as string);
    if (r !== undefined) visit(transientTree(r));
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
    const tree = transientTree(r);
    let dangling = false;
    forEachPointer(tree, (p) => {
      if (!keep(p)) dangling = true;
    });
    if (!dangling) {
      out.push(r);
      continue;
    }
    const copy = cloneNode(tree);
    prunedPointers += prune(copy, keep);
    out.push(createdRecord(copy));
  }
  const output = outputLike(doc, out);
  if (options.outputVersion !== undefined && options.outputVersion !== null) total += output.records.length;
  const document = inVersion(output, options.outputVersion ?? null, monitorSlice(monitor, 'apply', 2 * records, total));
  monitor.step('apply', total, total);
  return { document, counts: { individuals: people.size, families: families.size, referenced, prunedPointers, generationsReached: reached } };
}
