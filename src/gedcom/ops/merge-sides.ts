import type { GedcomDocumentLike } from '../model.js';
import type { ConversionTarget } from '../convert/index.js';
import { inVersion } from './output.js';
import { SideFeatures } from './merge-features.js';
import { RecordFacts } from './merge-record-facts.js';
import type { IndexFold, IndexOptions, TreeIndex } from './tree-index.js';
import { indexTree } from './tree-index.js';
import { monitorSlice, STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/** One file of a merge in the output version: its document, its index and its people's features. */
export interface MergeSide {
  readonly doc: GedcomDocumentLike;
  readonly index: TreeIndex;
  /** What merge compares of each person of `index`. */
  readonly people: SideFeatures;
  /** What merge reads of the scored people's records beyond the index (AFN, content). */
  readonly records: RecordFacts;
}

/** What merge's index reads of each side (a fold given to the parse must be made with these). */
export const MERGE_INDEX_OPTIONS: IndexOptions = { integrity: false, places: true };

/** Per side, the index the parse built in its own pass (an {@link IndexFold} made with {@link MERGE_INDEX_OPTIONS}), or null. */
export interface ParsedIndexes {
  readonly left: IndexFold | null;
  readonly right: IndexFold | null;
}

/**
 * The two files of a merge in the `target` version, indexed (one 'index' stage over both:
 * conversion when needed, then indexing, left then right), then their people's features read.
 * A side kept in its version whose parse built its index (`parsed`) takes that index; a side
 * converted is indexed after the conversion.
 */
export function mergeSides(
  leftInput: GedcomDocumentLike,
  rightInput: GedcomDocumentLike,
  target: ConversionTarget,
  monitor: WorkMonitor,
  onIndex: (() => void) | undefined,
  parsed: ParsedIndexes = { left: null, right: null },
): { left: MergeSide; right: MergeSide } {
  let base = 0;
  monitor.step('index', 0, null);
  const left = inVersion(leftInput, target, monitorSlice(monitor, 'index', base, null));
  if (left !== leftInput) base += leftInput.records.length;
  const right = inVersion(rightInput, target, monitorSlice(monitor, 'index', base, null));
  if (right !== rightInput) base += rightInput.records.length;
  const indexTotal = base + left.records.length + right.records.length;
  onIndex?.();
  const index = (doc: GedcomDocumentLike, input: GedcomDocumentLike, fold: IndexFold | null, at: number): TreeIndex => {
    const slice = monitorSlice(monitor, 'index', at, indexTotal);
    if (fold === null || doc !== input) return indexTree(doc, { ...MERGE_INDEX_OPTIONS, monitor: slice });
    return fold.index(doc, slice);
  };
  const li = index(left, leftInput, parsed.left, base);
  const ri = index(right, rightInput, parsed.right, base + left.records.length);
  const lf = personFeatures(li, monitor);
  const rf = personFeatures(ri, monitor);
  return {
    left: { doc: left, index: li, people: lf, records: new RecordFacts(left, lf) },
    right: { doc: right, index: ri, people: rf, records: new RecordFacts(right, rf) },
  };
}

function personFeatures(index: TreeIndex, monitor: WorkMonitor): SideFeatures {
  return new SideFeatures(index, (p) => {
    if (((p + 1) & STEP_MASK) === 0) monitor.step('match', 0, null);
  });
}
