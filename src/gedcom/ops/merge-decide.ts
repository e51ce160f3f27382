import { OPS_LIMITS } from './limits.js';
import { pairContext } from './merge-context.js';
import { contextAllowed } from './merge-features.js';
import { dropAncestryCycles } from './merge-cycles.js';
import type { AcceptedPair } from './merge-cycles.js';
import { EXACT_SCORE, MERGE_THRESHOLDS } from './merge-score.js';
import type { ScoredPair } from './merge-score.js';
import type { MergeSide } from './merge-sides.js';

/** A pair as the result reports it: left xref, right xref, score rounded to two decimals. */
export interface MergePair {
  readonly left: string;
  readonly right: string;
  readonly score: number;
}

export interface MergeDecision {
  /** Pairs merged without review, in the order they were accepted. */
  readonly accepted: readonly AcceptedPair[];
  /** Right person j -> the left person it merges into, or -1. */
  readonly mapped: Int32Array;
  /** Right person xref -> left person xref, for every accepted pair. */
  readonly personMap: ReadonlyMap<string, string>;
  /** Pairs in the review band, best first, at most `maxReview`. */
  readonly review: readonly MergePair[];
  /** Every pair in the review band. */
  readonly reviewCount: number;
}

/**
 * Decide every scored pair: a pair merges automatically when it is allowed to, scores at least
 * MERGE_THRESHOLDS.automatic and each side is the other's best candidate by
 * MERGE_THRESHOLDS.margin (pairs are one-to-one), unless the merge would make anyone their own
 * ancestor; the pairs left whose people were not merged are the review band. Sorts `pairs`.
 */
export function decidePairs(pairs: ScoredPair[], left: MergeSide, right: MergeSide, maxReview: number | undefined): MergeDecision {
  const accepted = mutualBestPairs(pairs);
  // right person -> left person, then family context rounds, then refuse merges that create an ancestry cycle
  const mapped = new Int32Array(right.index.personCount).fill(-1);
  for (const p of accepted) mapped[p.j] = p.i;
  for (let round = 0; round < CONTEXT_ROUNDS; round++) {
    const more = mutualBestPairs(inContext(pairs, mapped, left, right));
    for (const p of more) mapped[p.j] = p.i;
    accepted.push(...more);
    if (more.length === 0) break;
  }
  dropAncestryCycles(left.index, right.index, mapped, accepted, EXACT_SCORE);
  const personMap = new Map<string, string>();
  // cast: an accepted pair joins left person i and right person j, each a person number of its index
  for (const p of accepted) personMap.set(right.index.personXref[p.j] as string, left.index.personXref[p.i] as string);
  const remaining = inContext(pairs, mapped, left, right).sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const { review, reviewCount } = reviewBand(remaining, accepted, left, right, maxReview);
  return { accepted, mapped, personMap, review, reviewCount };
}

/** Rounds of family context at most (each merges the pairs the previous round's merges single out). */
const CONTEXT_ROUNDS = 6;

/**
 * The pairs of people not merged yet, scored with their family context (merge-context.ts); pairs
 * the context vetoes are left out.
 */
function inContext(pairs: readonly ScoredPair[], mapped: Int32Array, left: MergeSide, right: MergeSide): ScoredPair[] {
  const matchedL = new Set<number>();
  for (const to of mapped) if (to >= 0) matchedL.add(to);
  const out: ScoredPair[] = [];
  for (const p of pairs) {
    if (mapped[p.j] !== -1 || matchedL.has(p.i)) continue;
    const c = pairContext(left.people, p.i, right.people, p.j, mapped);
    if (c.score === -1) continue;
    const score = p.score + c.score;
    const automatic = score >= MERGE_THRESHOLDS.automatic && (p.automatic || (c.identifies && contextAllowed(left.people, p.i, right.people, p.j)));
    out.push({ i: p.i, j: p.j, score, automatic });
  }
  return out;
}

/** The pairs each side's best candidate by the margin, best first (sorts `pairs`). */
function mutualBestPairs(pairs: ScoredPair[]): AcceptedPair[] {
  const bestL = new Map<number, number[]>();
  const bestR = new Map<number, number[]>();
  for (const p of pairs) {
    noteScore(bestL, p.i, p.score);
    noteScore(bestR, p.j, p.score);
  }
  pairs.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const matchL = new Set<number>();
  const matchR = new Set<number>();
  const accepted: AcceptedPair[] = [];
  for (const p of pairs) {
    if (p.score < MERGE_THRESHOLDS.automatic) break;
    if (!p.automatic || matchL.has(p.i) || matchR.has(p.j)) continue;
    const l = bestL.get(p.i) ?? [];
    const r = bestR.get(p.j) ?? [];
    if ((l[0] ?? 0) > p.score || (r[0] ?? 0) > p.score) continue;
    if ((l[1] ?? -Infinity) > p.score - MERGE_THRESHOLDS.margin || (r[1] ?? -Infinity) > p.score - MERGE_THRESHOLDS.margin) continue;
    matchL.add(p.i);
    matchR.add(p.j);
    accepted.push(p);
  }
  return accepted;
}

/** Keep the two best scores of person `k`, best first. */
function noteScore(best: Map<number, number[]>, k: number, score: number): void {
  const list = best.get(k);
  if (list === undefined) best.set(k, [score]);
  else {
    list.push(score);
    list.sort((a, b) => b - a);
    if (list.length > 2) list.length = 2;
  }
}

/** The sorted pairs neither of whose people was merged: at most `maxReview` (and OPS_LIMITS.reviewPairs) of them, and how many. */
function reviewBand(
  pairs: readonly ScoredPair[],
  accepted: readonly AcceptedPair[],
  left: MergeSide,
  right: MergeSide,
  maxReview: number | undefined,
): { review: MergePair[]; reviewCount: number } {
  const review: MergePair[] = [];
  let reviewCount = 0;
  const acceptedL = new Set(accepted.map((p) => p.i));
  const acceptedR = new Set(accepted.map((p) => p.j));
  for (const p of pairs) {
    if (acceptedL.has(p.i) || acceptedR.has(p.j)) continue;
    reviewCount++;
    if (review.length < Math.min(maxReview ?? OPS_LIMITS.reviewPairs, OPS_LIMITS.reviewPairs)) review.push(reportedPair(left, right, p));
  }
  return { review, reviewCount };
}

/** A pair as the result reports it. */
export function reportedPair(left: MergeSide, right: MergeSide, p: AcceptedPair): MergePair {
  // cast: an accepted pair's i and j index the left and right feature lists (one feature per person)
  return { left: left.people.xref(p.i), right: right.people.xref(p.j), score: Math.round(p.score * 100) / 100 };
}
