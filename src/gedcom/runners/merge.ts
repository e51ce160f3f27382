import { GEDCOM_LIMITS } from '../../contract/limits.js';
import type { GedcomDocument } from '../document.js';
import { resolveMemberClashes } from '../gedzip/member-clash.js';
import { mergePrompt } from '../ops/advisory-prompt.js';
import { mergeDocuments } from '../ops/merge.js';
import type { MergeEvidence, MergePair } from '../ops/merge-decide.js';
import { MERGE_THRESHOLDS } from '../ops/merge-score.js';
import { MERGE_INDEX_OPTIONS } from '../ops/merge-sides.js';
import { IndexFold, indexTree } from '../ops/tree-index.js';
import { LISTABLE_XREF } from './listing.js';
import type { OperationRunner } from './runner.js';

/** A pair the API can list: both xrefs nameable (a longer 7.0 xref is counted, not listed). */
const listable = (p: { readonly left: string; readonly right: string }): boolean => LISTABLE_XREF.test(p.left) && LISTABLE_XREF.test(p.right);

/** A pair as the result lists it: xrefs, score and at most `evidencePerPair` pieces of evidence. */
const listed = (p: MergePair): { left: string; right: string; score: number; evidence: { code: MergeEvidence['code']; weight: number }[] } => ({
  left: p.left,
  right: p.right,
  score: p.score,
  evidence: p.evidence.slice(0, GEDCOM_LIMITS.evidencePerPair).map((e) => ({ code: e.code, weight: e.weight })),
});

export const runMerge: OperationRunner<'merge'> = (ctx) => {
  // each side's index is built in its parse's pass (used unless the side is converted to the output version)
  const folds = [new IndexFold(MERGE_INDEX_OPTIONS), new IndexFold(MERGE_INDEX_OPTIONS)] as const;
  // cast: the descriptor declares two inputs (left, right)
  const [left, right] = ctx.documents(folds) as [GedcomDocument, GedcomDocument];
  const [leftMembers, rightMembers] = [ctx.archives[0] ?? null, ctx.archives[1] ?? null];
  // a file of one name and two contents: the right side's is carried renamed (before merging, so its FILE structures follow)
  const renamed = leftMembers !== null && rightMembers !== null ? resolveMemberClashes(leftMembers, rightMembers, right, 1) : [];
  const dryRun = ctx.request.dry_run === true;
  const r = mergeDocuments(left, right, {
    dryRun,
    outputVersion: ctx.request.output_version ?? null,
    maxReview: GEDCOM_LIMITS.reviewPairs,
    reviewOffset: (ctx.request.review_page ?? 0) * GEDCOM_LIMITS.reviewPairs,
    monitor: ctx.monitor,
    // a member renamed above changed the right document after its parse: indexed again
    parsedIndexes: { left: folds[0], right: renamed.length === 0 ? folds[1] : null },
  });
  if (r.document !== null) ctx.write(r.document, renamed);
  const prompt =
    ctx.advisoryItems > 0 ? mergePrompt(indexTree(left, { integrity: false }), indexTree(right, { integrity: false }), r, ctx.living, ctx.advisoryItems) : null;
  const c = r.counts;
  const outputVersion = ctx.request.output_version ?? (left.version.isV7 ? '7.0' : '5.5.1');
  const decisions = { thresholds: MERGE_THRESHOLDS, output_version: outputVersion, merged: r.merged.map((p) => [p.left, p.right]) };
  return {
    section: {
      dry_run: dryRun,
      individuals: { left: c.leftIndividuals, right: c.rightIndividuals, output: c.outputIndividuals },
      families: { left: c.leftFamilies, right: c.rightFamilies, output: c.outputFamilies, unified: c.unifiedFamilies },
      pairs: { candidates: c.candidatePairs, automatic: c.automaticPairs, review: c.reviewPairs, vetoed: c.vetoedPairs },
      thresholds: { ...MERGE_THRESHOLDS },
      blocking: {
        capped_blocks: r.blocking.cappedBlocks,
        pairs_left_out: r.blocking.pairsLeftOut,
        largest_capped: r.blocking.largest.slice(0, GEDCOM_LIMITS.cappedBlocksListed).map((b) => ({ left: b.left, right: b.right })),
      },
      merged: r.merged.filter(listable).slice(0, GEDCOM_LIMITS.mergedPairsListed).map(listed),
      review: r.review.filter(listable).slice(0, GEDCOM_LIMITS.reviewPairs).map(listed),
      review_page: {
        index: ctx.request.review_page ?? 0,
        size: GEDCOM_LIMITS.reviewPairs,
        pages: Math.min(Math.ceil(c.reviewPairs / GEDCOM_LIMITS.reviewPairs), GEDCOM_LIMITS.reviewPages),
      },
      remapped_xrefs: c.remappedXrefs,
      shared_records: c.sharedRecords,
      alternates: c.alternates,
      output_encoding: r.outputEncoding,
      media: leftMembers === null && rightMembers === null ? null : { renamed: renamed.length },
      plan_digest: ctx.planDigest(decisions),
    },
    prompt,
  };
};
