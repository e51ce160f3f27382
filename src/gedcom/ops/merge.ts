import type { GedcomDocumentLike } from '../model.js';
import type { OutputEncoding } from './output.js';
import type { ConversionTarget } from '../convert/index.js';
import { applyMerge } from './merge-apply.js';
import { decidePairs, reportedPair } from './merge-decide.js';
import type { MergePair } from './merge-decide.js';
import { identicalFamilies, unifiedFamilies } from './merge-families.js';
import type { BlockingReport } from './merge-candidates.js';
import { scoredPairs } from './merge-score.js';
import { mergeSides } from './merge-sides.js';
import type { ParsedIndexes } from './merge-sides.js';
import { forEachPointer, transientTree } from './tree-index.js';
import { SILENT_MONITOR } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

export { MERGE_THRESHOLDS } from './merge-score.js';

/**
 * Duplicate finding and loss-minimal merging of two files (left wins, right is folded in).
 *
 * Finding follows Gramps' Find Duplicates (gramps/plugins/tool/finddupes.py): blocking by sex
 * (male vs. everyone else) and the Soundex of each surname (with more keys, a join on the birth
 * range and capped blocks reported: merge-candidates.ts); scoring names, birth and death dates
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
 *
 * Name equivalence (nicknames, particles, married names, patronymics: merge-names.ts), dates as
 * ranges (christening, a year off by one), places by hierarchy and family context (merged
 * relatives as evidence and vetoes, merge-context.ts) are described in docs/gedcom-engine.md
 * ("Merge on real files").
 *
 * The steps, in mergeDocuments: mergeSides (merge-sides.ts: both files in the output version,
 * indexed, people's features read) -> block and score: scoredPairs (merge-score.ts: identical
 * records first, then the candidate pairs of the blocks, candidatePairs in merge-candidates.ts,
 * scored by merge-features.ts) -> decide: decidePairs (merge-decide.ts: automatic merges, ancestry
 * cycles refused in merge-cycles.ts, the review band) and unifiedFamilies (merge-families.ts) ->
 * apply: applyMerge (merge-apply.ts).
 */

export interface MergeOptions {
  readonly dryRun?: boolean;
  /** Output version; null keeps the left file's version. */
  readonly outputVersion?: ConversionTarget | null;
  readonly maxReview?: number;
  /** The review pairs listed start at this one (0: the best); a page of `maxReview`. */
  readonly reviewOffset?: number;
  readonly onProgress?: (stage: 'index' | 'score' | 'assemble', done: number, total: number | null) => void;
  /**
   * Told the progress of each stage: 'index' (records of both files, conversion included),
   * 'match' (left people whose candidates were scored), 'apply' (records assembled). May throw
   * WorkCancelled.
   */
  readonly monitor?: WorkMonitor;
  /** Per side, the index its parse built in its own pass (IndexFold with MERGE_INDEX_OPTIONS); a side without one is indexed after the parse. */
  readonly parsedIndexes?: ParsedIndexes;
}

/** Individuals and families count INDI and FAM records (output: written, or for a dry run those that would be). */
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
  /** Pairs in the review band, best first, at most `maxReview` from the `reviewOffset`-th on. */
  readonly review: readonly MergePair[];
  readonly counts: MergeCounts;
  /** Blocks whose size cap left candidate pairs uncompared (merge-candidates.ts): counts and sizes only. */
  readonly blocking: BlockingReport;
  /** The output's encoding: the left file's, or UTF-8 when it cannot hold a character written (output-encoding.ts); null for a dry run. */
  readonly outputEncoding: OutputEncoding | null;
}

/** Merge `right` into `left`. Pure: neither input is modified. */
export function mergeDocuments(leftInput: GedcomDocumentLike, rightInput: GedcomDocumentLike, options: MergeOptions = {}): MergeResult {
  const monitor = options.monitor ?? SILENT_MONITOR;
  // the sides (indexes, features) are no longer reachable once decided: apply and the writing run without them
  const decided = decideMerge(leftInput, rightInput, options, monitor);
  const { left, right, merged, review, blocking, baseCounts } = decided;
  if (options.dryRun === true) {
    return { document: null, merged, review, blocking, counts: { ...baseCounts, remappedXrefs: 0, sharedRecords: 0, alternates: 0 }, outputEncoding: null };
  }
  options.onProgress?.('assemble', 0, right.records.length);
  const applied = applyMerge(left, right, decided.maps, monitor);
  return {
    document: applied.document,
    merged,
    review,
    blocking,
    counts: {
      ...baseCounts,
      outputIndividuals: applied.individuals,
      outputFamilies: applied.families,
      remappedXrefs: applied.remapped,
      sharedRecords: applied.shared,
      alternates: applied.alternates,
    },
    outputEncoding: applied.document.outputEncoding,
  };
}

/** The steps up to the decisions: both sides in the output version, blocked, scored and decided; what applying them needs. */
function decideMerge(
  leftInput: GedcomDocumentLike,
  rightInput: GedcomDocumentLike,
  options: MergeOptions,
  monitor: WorkMonitor,
): {
  left: GedcomDocumentLike;
  right: GedcomDocumentLike;
  maps: { personMap: ReadonlyMap<string, string>; familyMap: ReadonlyMap<string, string> };
  merged: MergePair[];
  review: readonly MergePair[];
  blocking: BlockingReport;
  baseCounts: Omit<MergeCounts, 'remappedXrefs' | 'sharedRecords' | 'alternates'>;
} {
  const target: ConversionTarget = options.outputVersion ?? (leftInput.version.isV7 ? '7.0' : '5.5.1');
  const { left, right } = mergeSides(leftInput, rightInput, target, monitor, () => options.onProgress?.('index', 0, null), options.parsedIndexes);
  const { pairs, vetoed, blocking } = scoredPairs(left, right, monitor, (scored) => options.onProgress?.('score', scored, null));
  const decision = decidePairs(pairs, left, right, { offset: Math.max(0, options.reviewOffset ?? 0), max: options.maxReview });
  const { accepted, personMap, review } = decision;
  const familyMap = unifiedFamilies(left.index, right.index, decision.mapped, identicalFamilies(left.doc, right.doc, right.index, personMap));
  const merged = accepted.map((p) => reportedPair(left, right, p, decision.mapped, decision.rareName));
  // records, not xrefs: a person defined twice (a duplicate xref) counts twice, as it is written twice
  const folded = (x: string | null): boolean => x !== null && (personMap.has(x) || familyMap.has(x));
  const leftIndividuals = countRecords(left.doc, 'INDI');
  const rightIndividuals = countRecords(right.doc, 'INDI');
  const leftFamilies = countRecords(left.doc, 'FAM');
  const rightFamilies = countRecords(right.doc, 'FAM');
  const baseCounts = {
    leftIndividuals,
    rightIndividuals,
    outputIndividuals: leftIndividuals + rightIndividuals - countRecords(right.doc, 'INDI', folded),
    leftFamilies,
    rightFamilies,
    outputFamilies: leftFamilies + rightFamilies - countRecords(right.doc, 'FAM', folded),
    candidatePairs: pairs.length,
    automaticPairs: accepted.length,
    reviewPairs: decision.reviewCount,
    unifiedFamilies: familyMap.size,
    vetoedPairs: vetoed,
  };
  return { left: left.doc, right: right.doc, maps: { personMap, familyMap }, merged, review, blocking, baseCounts };
}

/** Records of `tag` in a document (those whose xref passes `only`, when given). */
function countRecords(doc: GedcomDocumentLike, tag: string, only?: (xref: string | null) => boolean): number {
  let n = 0;
  for (const r of doc.records) if (r.tag === tag && (only === undefined || only(r.xref))) n++;
  return n;
}

/** Used by tests: every pointer of a document is defined. */
export function danglingPointers(doc: GedcomDocumentLike): number {
  const defined = new Set(doc.records.map((r) => r.xref).filter((x): x is string => x !== null));
  let n = 0;
  for (const r of doc.records) forEachPointer(transientTree(r), (p) => (n += defined.has(p) ? 0 : 1));
  return n;
}
