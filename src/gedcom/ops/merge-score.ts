import { OPS_LIMITS } from './limits.js';
import { candidatePairs } from './merge-candidates.js';
import type { BlockingReport, CandidateScan } from './merge-candidates.js';
import { automaticAllowed, contextAllowed, mayBeIdentical, scorePair } from './merge-features.js';
import { recordAgreement } from './merge-record-facts.js';
import { recordKey } from './merge-record-key.js';
import type { MergeSide } from './merge-sides.js';
import { transientTree } from './tree-index.js';
import { STEP_MASK } from '../monitor.js';
import type { WorkMonitor } from '../monitor.js';

/** The score bands of a pair (see merge.ts). */
export const MERGE_THRESHOLDS = {
  /** Score at or above which a mutual best pair is merged without review. */
  automatic: 3.75,
  /** Score at or above which a pair is reported for review. */
  review: 1.0,
  /** The runner-up of either side must score at least this much less for an automatic merge. */
  margin: 0.5,
} as const;

/** Score given to a pair of identical records (same xref, lines and links). */
export const EXACT_SCORE = 100;

/** Left person i and right person j, scored; `automatic` when the evidence rules allow merging them without review. */
export interface ScoredPair {
  readonly i: number;
  readonly j: number;
  readonly score: number;
  readonly automatic: boolean;
}

/**
 * Every pair worth deciding on: identical person records first (score EXACT_SCORE), then the
 * candidate pairs of the blocks (merge-candidates.ts) that score at least the review threshold,
 * at most OPS_LIMITS.candidatePairs. `vetoed` counts the pairs a sex, date or score veto ended;
 * `blocking` the blocks whose caps left pairs out.
 */
export function scoredPairs(
  left: MergeSide,
  right: MergeSide,
  monitor: WorkMonitor,
  onScored: ((scored: number) => void) | undefined,
): { pairs: ScoredPair[]; vetoed: number; blocking: BlockingReport } {
  const lf = left.people;
  const rf = right.people;
  const { pairs, exact } = identicalPeople(left, right, monitor);
  let scored = 0;
  const scan: CandidateScan = { full: pairs.length >= OPS_LIMITS.candidatePairs, exact, vetoed: 0 };
  const blocking = candidatePairs(
    lf,
    rf,
    scan,
    (i, j) => {
      const score = scorePair(lf, i, rf, j);
      if (score === -1) scan.vetoed++;
      else if (score >= MERGE_THRESHOLDS.review) {
        pairs.push(withRecordEvidence(left, right, i, j, score));
        if (pairs.length >= OPS_LIMITS.candidatePairs) scan.full = true;
      }
      if (++scored % 50000 === 0) onScored?.(scored);
    },
    monitor,
  );
  monitor.step('match', lf.count, lf.count);
  return { pairs, vetoed: scan.vetoed, blocking };
}

/**
 * A pair of people scoring `score` (scorePair, not vetoed), with what their records say beyond the
 * index (merge-record-facts.ts): the same AFN or the same content adds to the score and identifies
 * the person; two different AFNs keep the pair from merging without review.
 */
export function withRecordEvidence(left: MergeSide, right: MergeSide, i: number, j: number, score: number): ScoredPair {
  const lf = left.people;
  const rf = right.people;
  const record = recordAgreement(left.records, i, right.records, j);
  const total = score + record.score;
  const allowed = !record.conflict && (automaticAllowed(lf, i, rf, j) || (record.identifies && contextAllowed(lf, i, rf, j)));
  return { i, j, score: total, automatic: total >= MERGE_THRESHOLDS.automatic && allowed };
}

/**
 * Identical person records (same xref, same lines, same links: one export read twice) pair first;
 * the key holds the xref, so only a left person of the same xref can be one. `exact` maps each
 * right person of such a pair to its left person (-1 for the others; null when there is none).
 */
function identicalPeople(left: MergeSide, right: MergeSide, monitor: WorkMonitor): { pairs: ScoredPair[]; exact: Int32Array | null } {
  const li = left.index;
  const ri = right.index;
  const pairs: ScoredPair[] = [];
  let exact: Int32Array | null = null;
  const leftPeople = new Map<string, number>();
  // cast: i < personCount, and personXref lists the people first
  for (let i = 0; i < li.personCount; i++) leftPeople.set(li.personXref[i] as string, i);
  for (let j = 0; j < ri.personCount; j++) {
    if ((j & STEP_MASK) === 0) monitor.step('match', 0, null);
    // cast: j < personCount, and personXref lists the people first
    const x = ri.personXref[j] as string;
    const i = leftPeople.get(x);
    if (i === undefined || !mayBeIdentical(left.people, i, right.people, j)) continue;
    const l = left.doc.byXref(x);
    const r = right.doc.byXref(x);
    if (l === undefined || r === undefined || recordKey(transientTree(l), true) !== recordKey(transientTree(r), true)) continue;
    exact ??= new Int32Array(ri.personCount).fill(-1);
    exact[j] = i;
    pairs.push({ i, j, score: EXACT_SCORE, automatic: true });
  }
  return { pairs, exact };
}
