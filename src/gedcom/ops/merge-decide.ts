import { OPS_LIMITS } from './limits.js';
import { CONTEXT_WEIGHTS, pairContext, relativePairs, sameSurnameAlone } from './merge-context.js';
import { contextAllowed, scorePair } from './merge-features.js';
import type { EvidenceCode, SideFeatures } from './merge-features.js';
import { dropAncestryCycles } from './merge-cycles.js';
import type { AcceptedPair } from './merge-cycles.js';
import { rareNamePairs } from './merge-name-frequency.js';
import { recordAgreement } from './merge-record-facts.js';
import { EXACT_SCORE, MERGE_THRESHOLDS, withRecordEvidence } from './merge-score.js';
import type { ScoredPair } from './merge-score.js';
import type { MergeSide } from './merge-sides.js';

/** One component of a pair's score: what agreed (or was merged) and its weight. */
export interface MergeEvidence {
  readonly code: EvidenceCode;
  readonly weight: number;
}

/** A pair as the result reports it: left xref, right xref, score rounded to two decimals, and the evidence that decided it. */
export interface MergePair {
  readonly left: string;
  readonly right: string;
  readonly score: number;
  readonly evidence: readonly MergeEvidence[];
}

export interface MergeDecision {
  /** Pairs merged without review, in the order they were accepted. */
  readonly accepted: readonly AcceptedPair[];
  /** Right person j -> the left person it merges into, or -1. */
  readonly mapped: Int32Array;
  /** Right person xref -> left person xref, for every accepted pair. */
  readonly personMap: ReadonlyMap<string, string>;
  /** Pairs in the review band, best first, at most `maxReview`, from the `reviewOffset`-th on. */
  readonly review: readonly MergePair[];
  /** Every pair in the review band. */
  readonly reviewCount: number;
  /** The weight the pair (left i, right j) gained from its rare name (merge-name-frequency.ts); 0 when none. */
  readonly rareName: (i: number, j: number) => number;
}

/**
 * Decide every scored pair: a pair merges automatically when it is allowed to, scores at least
 * MERGE_THRESHOLDS.automatic and each side is the other's best candidate by
 * MERGE_THRESHOLDS.margin (pairs are one-to-one), unless the merge would make anyone their own
 * ancestor; the pairs left whose people were not merged are the review band. Sorts `pairs`.
 */
export function decidePairs(pairs: ScoredPair[], left: MergeSide, right: MergeSide, page: ReviewPage): MergeDecision {
  const rareName = rareNamePairs(pairs, left, right);
  const accepted = mutualBestPairs(pairs);
  // right person -> left person, then family context rounds, then refuse merges that create an ancestry cycle
  const mapped = new Int32Array(right.index.personCount).fill(-1);
  for (const p of accepted) mapped[p.j] = p.i;
  const known = new Set<number>();
  const width = right.index.personCount + 1;
  for (const p of pairs) known.add(p.i * width + p.j);
  let newly: readonly AcceptedPair[] = accepted;
  for (let round = 0; round < CONTEXT_ROUNDS; round++) {
    relativePairs(left.people, right.people, newly, (i, j) => {
      if (pairs.length >= OPS_LIMITS.candidatePairs || mapped[j] !== -1 || known.has(i * width + j)) return;
      known.add(i * width + j);
      const score = scorePair(left.people, i, right.people, j);
      if (score > 0) pairs.push(withRecordEvidence(left, right, i, j, score));
    });
    const scored = inContext(pairs, mapped, left, right);
    let more = mutualBestPairs(scored);
    if (more.length === 0) more = namedFamilies(scored, left, right);
    for (const p of more) mapped[p.j] = p.i;
    accepted.push(...more);
    newly = more;
    if (more.length === 0) break;
  }
  dropAncestryCycles(left.index, right.index, mapped, accepted, EXACT_SCORE);
  const personMap = new Map<string, string>();
  // cast: an accepted pair joins left person i and right person j, each a person number of its index
  for (const p of accepted) personMap.set(right.index.personXref[p.j] as string, left.index.personXref[p.i] as string);
  const remaining = inContext(pairs, mapped, left, right).sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const { review, reviewCount } = reviewBand(remaining, accepted, left, right, mapped, page, rareName);
  return { accepted, mapped, personMap, review, reviewCount, rareName };
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
    const automatic =
      score >= MERGE_THRESHOLDS.automatic &&
      (p.automatic ||
        (((c.identifies && contextAllowed(left.people, p.i, right.people, p.j)) || c.unnamedParent) &&
          !recordAgreement(left.records, p.i, right.records, p.j).conflict));
    out.push({ i: p.i, j: p.j, score, automatic });
  }
  return out;
}

/**
 * Families named alike on both sides, from the review band: pairs each the other's only candidate
 * by the margin (mutualBestPairs over the review band), every person bearing the same given names
 * as the other side's (or written more or less fully: John Henry / John), no context against them.
 * - A couple: a pair of people and a pair of their spouses. A husband and a wife of the same names
 *   married to each other in both files are one couple even when neither is dated.
 * - A parent and a child: a pair of people and the pair of their fathers (or mothers), when neither
 *   parent has a namesake in its line (a parent, a child or a sibling of the same given names on
 *   its side): a name handed down from father to son (Jean IV, Jean V de Montfort, each with a son
 *   Gilles) would otherwise pair a father in one file with his son in the other. The child's own
 *   namesakes need no guard: a namesake sibling or child of one surname would be a second candidate
 *   (the pair would not be unique), and one of another surname (a daughter Anne Holand of Anne
 *   Plantagenet) is no candidate at all.
 * Their children and parents are then found by the family context rounds.
 */
function namedFamilies(scored: ScoredPair[], left: MergeSide, right: MergeSide): AcceptedPair[] {
  const l = left.people;
  const r = right.people;
  const unique = mutualBestPairs(scored, MERGE_THRESHOLDS.review, false).filter(
    (p) => (l.compatibleGiven(p.i, r, p.j) || sameSurnameAlone(l, p.i, r, p.j)) && contextAllowed(l, p.i, r, p.j),
  );
  const byLeft = new Map<number, AcceptedPair>();
  for (const p of unique) byLeft.set(p.i, p);
  const out: AcceptedPair[] = [];
  const taken = new Set<number>();
  for (const p of unique) {
    if (taken.has(p.i)) continue;
    const spousesOfJ = new Set<number>();
    r.forEachRelative(p.j, false, (q) => spousesOfJ.add(q));
    l.forEachRelative(p.i, false, (s) => {
      const q = byLeft.get(s);
      if (q === undefined || taken.has(p.i) || taken.has(s) || !spousesOfJ.has(q.j)) return;
      taken.add(p.i);
      taken.add(s);
      out.push(p, q);
    });
  }
  for (const p of unique) {
    for (const father of [true, false]) {
      const pi = l.parent(p.i, father);
      const q = pi < 0 ? undefined : byLeft.get(pi);
      if (q === undefined || q.j !== r.parent(p.j, father) || taken.has(p.i) || taken.has(q.i)) continue;
      if (namesakeInLine(l, q.i) || namesakeInLine(r, q.j)) continue;
      taken.add(p.i);
      taken.add(q.i);
      out.push(p, q);
    }
  }
  return out;
}

/** A parent, a child or a sibling of person p bearing its given names (merge-features.ts sameGiven), on its side. */
function namesakeInLine(side: SideFeatures, p: number): boolean {
  if (side.namesakeSibling(p)) return true;
  for (const father of [true, false]) {
    const q = side.parent(p, father);
    if (q >= 0 && side.sameGiven(p, side, q)) return true;
  }
  let child = false;
  side.forEachRelative(p, true, (q) => {
    child ||= side.sameGiven(p, side, q);
  });
  return child;
}

/**
 * The pairs each side's best candidate by the margin, best first (sorts `pairs`): those scoring at
 * least `min`, allowed to merge without review when `automatic`.
 */
function mutualBestPairs(pairs: ScoredPair[], min: number = MERGE_THRESHOLDS.automatic, automatic = true): AcceptedPair[] {
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
    if (p.score < min) break;
    if ((automatic && !p.automatic) || matchL.has(p.i) || matchR.has(p.j)) continue;
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

/** Which pairs of the review band are listed: `max` of them (at most OPS_LIMITS.reviewPairs) from the `offset`-th on (best first). */
export interface ReviewPage {
  readonly offset: number;
  readonly max: number | undefined;
}

/** The sorted pairs neither of whose people was merged: one page of them (see ReviewPage), and how many there are. */
function reviewBand(
  pairs: readonly ScoredPair[],
  accepted: readonly AcceptedPair[],
  left: MergeSide,
  right: MergeSide,
  mapped: Int32Array,
  page: ReviewPage,
  rareName: (i: number, j: number) => number,
): { review: MergePair[]; reviewCount: number } {
  const max = Math.min(page.max ?? OPS_LIMITS.reviewPairs, OPS_LIMITS.reviewPairs);
  const review: MergePair[] = [];
  let reviewCount = 0;
  const acceptedL = new Set(accepted.map((p) => p.i));
  const acceptedR = new Set(accepted.map((p) => p.j));
  for (const p of pairs) {
    if (acceptedL.has(p.i) || acceptedR.has(p.j)) continue;
    reviewCount++;
    if (reviewCount > page.offset && review.length < max) review.push(reportedPair(left, right, p, mapped, rareName));
  }
  return { review, reviewCount };
}

/**
 * A pair as the result reports it, with its evidence: the components of its score and its family
 * context as the decision left it (`mapped`), or `identical_record` for a pair of identical records.
 */
export function reportedPair(left: MergeSide, right: MergeSide, p: AcceptedPair, mapped: Int32Array, rareName: (i: number, j: number) => number): MergePair {
  const evidence: MergeEvidence[] = [];
  const note = (code: EvidenceCode, weight: number): void => {
    evidence.push({ code, weight });
  };
  if (p.score >= EXACT_SCORE) note('identical_record', EXACT_SCORE);
  else {
    scorePair(left.people, p.i, right.people, p.j, note);
    recordAgreement(left.records, p.i, right.records, p.j, note);
    const rare = rareName(p.i, p.j);
    if (rare > 0) note('rare_name', rare);
    const c = pairContext(left.people, p.i, right.people, p.j, mapped);
    if (c.parents > 0) note('parents_merged', c.parents * CONTEXT_WEIGHTS.parent);
    if (c.spouses > 0) note('spouse_merged', CONTEXT_WEIGHTS.spouse);
    if (c.children > 0) note('children_merged', CONTEXT_WEIGHTS.child + (c.parentOfChild ? CONTEXT_WEIGHTS.parentOfChild : 0));
  }
  return { left: left.people.xref(p.i), right: right.people.xref(p.j), score: Math.round(p.score * 100) / 100, evidence };
}
