/**
 * Bounds of the pure GEDCOM operations. Every list an operation returns is cut at one of these
 * (the counts stay exact); callers may pass smaller values, never larger ones.
 */
export const OPS_LIMITS = {
  /** Affected xrefs listed per quality rule. */
  affectedXrefsPerRule: 100,
  /** Merge pairs in the review band listed by xref. */
  reviewPairs: 1000,
  /** Capped blocking blocks a merge reports by their sizes (merge-candidates.ts; the count of them is exact). */
  cappedBlocksListed: 10,
  /** Candidate pairs kept overall (scored pairs above the review floor). */
  candidatePairs: 2_000_000,
  /** Record changes listed by a sync (counts are exact). */
  syncChangesListed: 1000,
  /** Field paths listed per modified record. */
  syncPathsPerRecord: 32,
  /** Sync conflicts listed. */
  syncConflictsListed: 1000,
  /** Distinct DATE payloads whose parsed value is memoised (per version); the memo is emptied when full. */
  dateMemoEntries: 200_000,
  /** Pointer values a subtree notes while it closes over the kept records (so their trees are built once); past it, trees are built again. */
  subtreeNotedPointers: 1_000_000,
  /** Generations a subtree or rooted quality walks at most. */
  maxGenerations: 1000,
} as const;

/** Cut a list to a bound; the caller reports the exact count separately. */
export function bounded<T>(items: readonly T[], max: number): T[] {
  return items.length <= max ? [...items] : items.slice(0, max);
}
