import type { GedcomDocumentLike, GedcomNode, GedcomRecord, RecordSpan } from '../model.js';
import { nodesEqual } from '../model.js';
import { bounded, OPS_LIMITS } from './limits.js';
import { cloneNode, createdRecord, outputLike } from './output.js';
import type { OutputDocument, OutputEncoding } from './output.js';
import { holdsEveryCharacter, inRepresentableEncoding } from './output-encoding.js';
import { transientTree } from './tree-index.js';
import { KeyFinder, keyedRecords } from './sync-keys.js';
import { GedcomDocument } from '../document.js';
import { SILENT_MONITOR, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/**
 * Typed incremental synchronisation: the record-level change set from a base to an edited file,
 * applied to a target into a new document.
 *
 * Records are matched by key: the xref, or for records without one (top-level extension records)
 * the tag and its occurrence number. HEAD and TRLR are never part of a change set. A change is
 * applied only where the target still holds the base's version of that record; a record the target
 * changed differently (or added under the same key) is a conflict: reported and left as the
 * target has it. Untouched target records are copied byte for byte.
 */
type ChangeKind = 'added' | 'removed' | 'modified';

interface FieldChange {
  /** Tags from the record down, with occurrence numbers: `BIRT[0].DATE[0]`. Never a value. */
  readonly path: string;
  readonly kind: ChangeKind;
}

interface RecordChange {
  readonly key: string;
  readonly tag: string;
  readonly kind: ChangeKind;
  /** Field-level paths (modified records only), at most OPS_LIMITS.syncPathsPerRecord. */
  readonly fields: readonly FieldChange[];
  readonly fieldCount: number;
}

type ConflictReason = 'target_modified' | 'target_removed' | 'target_added_differently';

interface SyncConflict {
  readonly key: string;
  readonly tag: string;
  readonly reason: ConflictReason;
}

export interface SyncOptions {
  readonly dryRun?: boolean;
  readonly maxListed?: number;
  /**
   * Told the records keyed ('index', the three files in turn), compared ('match': edited, then
   * base, then the change set against the target) and assembled ('apply'); may throw WorkCancelled.
   */
  readonly monitor?: WorkMonitor;
}

export interface SyncResult {
  /** Null for a dry run. */
  readonly document: OutputDocument | null;
  readonly changes: readonly RecordChange[];
  readonly conflicts: readonly SyncConflict[];
  readonly counts: {
    /** By record tag: added / removed / modified. */
    readonly byType: Readonly<Record<string, { added: number; removed: number; modified: number }>>;
    readonly changes: number;
    readonly applied: number;
    /** Changes the target already had. */
    readonly alreadyPresent: number;
    readonly conflicts: number;
  };
  /** The output's encoding: the target's, or UTF-8 when it cannot hold a character written (output-encoding.ts); null for a dry run. */
  readonly outputEncoding: OutputEncoding | null;
}

/** Counts the units of one stage and tells the monitor every STEP_MASK + 1 of them. */
class StageTicker {
  private done = 0;
  constructor(
    private readonly monitor: WorkMonitor,
    private readonly stage: 'index' | 'match' | 'apply',
    private readonly total: number,
  ) {
    monitor.step(stage, 0, total);
  }
  tick(): void {
    if ((++this.done & STEP_MASK) === 0) this.monitor.step(this.stage, Math.min(this.done, this.total), this.total);
  }
  end(): void {
    this.monitor.step(this.stage, this.total, this.total);
  }
}

/**
 * Whether record a of document da and record b of db are unedited source records with the same
 * bytes read alike: equal trees, known without building them (most records of a sync are).
 */
function sameSource(da: GedcomDocumentLike, a: GedcomRecord, db: GedcomDocumentLike, b: GedcomRecord): boolean {
  if (!(da instanceof GedcomDocument) || !(db instanceof GedcomDocument) || !a.readsOnlyFrom(da) || !b.readsOnlyFrom(db)) return false;
  // cast: readsOnlyFrom holds only for a record with a span
  return da.sameSpanBytes(a.span as RecordSpan, db, b.span as RecordSpan);
}

/** Field-level differences between two trees, as tag paths. */
function fieldChanges(base: GedcomNode, edited: GedcomNode, max: number): { fields: FieldChange[]; count: number } {
  const fields: FieldChange[] = [];
  let count = 0;
  const push = (path: string, kind: ChangeKind): void => {
    count++;
    if (fields.length < max) fields.push({ path, kind });
  };
  const walk = (a: GedcomNode, b: GedcomNode, path: string): void => {
    if (a.value !== b.value || a.pointer !== b.pointer || (a.raw ?? null) !== (b.raw ?? null) || a.xref !== b.xref)
      push(path === '' ? a.tag : path, 'modified');
    const byTag = (n: GedcomNode): Map<string, GedcomNode[]> => {
      const m = new Map<string, GedcomNode[]>();
      for (const c of n.children) {
        let l = m.get(c.tag);
        if (l === undefined) m.set(c.tag, (l = []));
        l.push(c);
      }
      return m;
    };
    const ma = byTag(a);
    const mb = byTag(b);
    const tags = new Set([...ma.keys(), ...mb.keys()]);
    for (const tag of tags) {
      const la = ma.get(tag) ?? [];
      const lb = mb.get(tag) ?? [];
      for (let i = 0; i < Math.max(la.length, lb.length); i++) {
        const ca = la[i];
        const cb = lb[i];
        const p = `${path === '' ? '' : path + '.'}${tag}[${i}]`;
        if (ca === undefined) push(p, 'added');
        else if (cb === undefined) push(p, 'removed');
        else if (!nodesEqual(ca, cb)) walk(ca, cb, p);
      }
    }
  };
  walk(base, edited, '');
  return { fields, count };
}

export function syncDocuments(base: GedcomDocumentLike, edited: GedcomDocumentLike, target: GedcomDocumentLike, options: SyncOptions = {}): SyncResult {
  const maxListed = Math.min(options.maxListed ?? OPS_LIMITS.syncChangesListed, OPS_LIMITS.syncChangesListed);
  const monitor = options.monitor ?? SILENT_MONITOR;
  const indexing = new StageTicker(monitor, 'index', base.records.length + edited.records.length + target.records.length);
  const tickIndex = (): void => indexing.tick();
  const baseList = keyedRecords(base, tickIndex);
  const editedList = keyedRecords(edited, tickIndex);
  const targetList = keyedRecords(target, tickIndex);
  indexing.end();
  const baseCount = baseList.keys.length;
  const editedCount = editedList.keys.length;
  const matching = new StageTicker(monitor, 'match', editedCount + baseCount + editedCount);

  const changes: RecordChange[] = [];
  const byType: Record<string, { added: number; removed: number; modified: number }> = {};
  let changeCount = 0;
  const note = (key: string, tag: string, kind: ChangeKind, fields: FieldChange[] = [], fieldCount = 0): void => {
    changeCount++;
    const t = (byType[tag] ??= { added: 0, removed: 0, modified: 0 });
    t[kind]++;
    if (changes.length < maxListed) changes.push({ key, tag, kind, fields, fieldCount });
  };

  // the change set, in edited order then removals in base order
  const added = new Map<string, GedcomNode>();
  const modified = new Map<string, { base: GedcomNode; edited: GedcomNode }>();
  const removed = new Map<string, GedcomNode>();
  const editedTrees = new Map<string, GedcomNode>();
  const inBase = new KeyFinder(baseList.keys);
  // base records whose key the edited file has
  const kept = new Uint8Array(baseCount);
  for (let i = 0; i < editedCount; i++) {
    matching.tick();
    // cast: i < editedCount, the length of the keys
    const key = editedList.keys[i] as string;
    // cast: the records are as many as the keys
    const record = editedList.records[i] as GedcomRecord;
    const at = inBase.find(key);
    if (at >= 0) kept[at] = 1;
    const b = at < 0 ? undefined : baseList.records[at];
    if (b !== undefined && sameSource(base, b, edited, record)) continue;
    const e = transientTree(record);
    if (b === undefined) {
      added.set(key, e);
      editedTrees.set(key, e);
      note(key, record.tag, 'added');
      continue;
    }
    const bt = transientTree(b);
    if (nodesEqual(bt, e)) continue;
    modified.set(key, { base: bt, edited: e });
    editedTrees.set(key, e);
    const f = fieldChanges(bt, e, OPS_LIMITS.syncPathsPerRecord);
    note(key, record.tag, 'modified', f.fields, f.count);
  }
  for (let at = 0; at < baseCount; at++) {
    matching.tick();
    if (kept[at] === 1) continue;
    // cast: at < baseCount, the length of the keys
    const key = baseList.keys[at] as string;
    // cast: the records are as many as the keys
    const record = baseList.records[at] as GedcomRecord;
    removed.set(key, transientTree(record));
    note(key, record.tag, 'removed');
  }

  // the target's positions of the change set's keys, in one walk of the target
  const targetCount = targetList.keys.length;
  const targetAt = new Map<string, number>();
  if (added.size + modified.size + removed.size > 0) {
    for (let i = 0; i < targetCount; i++) {
      // cast: i < the length of the keys
      const key = targetList.keys[i] as string;
      if (added.has(key) || modified.has(key) || removed.has(key)) targetAt.set(key, i);
    }
  }
  // cast: a position of targetAt is below targetCount, the length of the records
  const targetRecord = (key: string): GedcomRecord | undefined =>
    targetAt.has(key) ? (targetList.records[targetAt.get(key) as number] as GedcomRecord) : undefined;

  const conflicts: SyncConflict[] = [];
  let conflictCount = 0;
  const conflict = (key: string, tag: string, reason: ConflictReason): void => {
    conflictCount++;
    if (conflicts.length < maxListed) conflicts.push({ key, tag, reason });
  };
  let applied = 0;
  let alreadyPresent = 0;
  // by position in the target's list
  const replace = new Map<number, GedcomNode>();
  const drop = new Set<string>();
  const dropped = new Uint8Array(targetCount);
  const add = new Set<string>();
  for (const [key, e] of added) {
    matching.tick();
    const t = targetRecord(key);
    if (t === undefined) {
      add.add(key);
      applied++;
    } else if (nodesEqual(transientTree(t), e)) alreadyPresent++;
    else conflict(key, e.tag, 'target_added_differently');
  }
  for (const [key, m] of modified) {
    matching.tick();
    const t = targetRecord(key);
    if (t === undefined) {
      conflict(key, m.edited.tag, 'target_removed');
      continue;
    }
    const tt = transientTree(t);
    if (nodesEqual(tt, m.edited)) alreadyPresent++;
    else if (nodesEqual(tt, m.base)) {
      // cast: t is found, so targetAt has the key
      replace.set(targetAt.get(key) as number, m.edited);
      applied++;
    } else conflict(key, m.edited.tag, 'target_modified');
  }
  for (const [key, b] of removed) {
    matching.tick();
    const t = targetRecord(key);
    if (t === undefined) alreadyPresent++;
    else if (nodesEqual(transientTree(t), b)) {
      drop.add(key);
      // cast: t is found, so targetAt has the key
      dropped[targetAt.get(key) as number] = 1;
      applied++;
    } else conflict(key, b.tag, 'target_modified');
  }

  matching.end();
  const counts = { byType, changes: changeCount, applied, alreadyPresent, conflicts: conflictCount };
  if (options.dryRun === true) return { document: null, changes, conflicts, counts, outputEncoding: null };
  // the records of the output are checked against an 8-bit encoding in one more pass (at most target's and edited's)
  const settle = holdsEveryCharacter(target.encoding.used) ? 0 : target.records.length + editedCount;
  const applying = new StageTicker(monitor, 'apply', editedCount + target.records.length + settle);

  // assemble: target order with replaced and dropped records; each added record follows its
  // nearest predecessor in the edited file that is in the output (or HEAD when it has none); a run
  // of added records follows the target's record before it, in the edited file's order
  const after = new Map<string | null, string[]>();
  const inTarget = new KeyFinder(targetList.keys);
  let previous: string | null = null;
  for (let i = 0; i < editedCount; i++) {
    applying.tick();
    if (add.size === 0) continue;
    // cast: i < editedCount
    const key = editedList.keys[i] as string;
    if (add.has(key)) {
      let list = after.get(previous);
      if (list === undefined) after.set(previous, (list = []));
      list.push(key);
    } else if (!drop.has(key) && inTarget.find(key) >= 0) previous = key;
  }
  const out: GedcomRecord[] = [];
  const insertAfter = (key: string | null): void => {
    // a loop, not a spread: a run may hold any number of records
    // cast: the keys in `after` come from `add`, which takes only keys of `added`, each also set in editedTrees
    for (const k of after.get(key) ?? []) out.push(createdRecord(cloneNode(editedTrees.get(k) as GedcomNode)));
  };
  // a record listed twice takes the position of its last listing
  const positionOf = targetList.eachRecordOnce ? null : new Map(targetList.records.map((r, i) => [r, i]));
  let listed = 0;
  const hasHead = target.records.some((r) => r.tag === 'HEAD');
  if (!hasHead) insertAfter(null);
  for (const r of target.records) {
    applying.tick();
    let at = -1;
    if (positionOf !== null) at = positionOf.get(r) ?? -1;
    else if (targetList.records[listed] === r) at = listed++;
    if (at >= 0 && dropped[at] === 1) continue;
    const repl = at < 0 || replace.size === 0 ? undefined : replace.get(at);
    out.push(repl === undefined ? r : createdRecord(cloneNode(repl)));
    if (r.tag === 'HEAD' && at < 0) insertAfter(null);
    // cast: 0 <= at < the length of the keys
    if (at >= 0 && after.size > 0) insertAfter(targetList.keys[at] as string);
  }
  const document = inRepresentableEncoding(outputLike(target, out), () => applying.tick());
  applying.end();
  return { document, changes: bounded(changes, maxListed), conflicts, counts, outputEncoding: document.outputEncoding };
}
