import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mergeDocuments } from '../../src/gedcom/ops/merge.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { mergeEvalPair, VARIATION_KINDS } from './merge-eval-set.js';
import type { VariationKind } from './merge-eval-set.js';

/** The real exports of the evaluation set (test/fixtures/merge-eval/MANIFEST.md). */
export const MERGE_EVAL_FILES = ['kennedy.ged', 'bourbon.ged', 'EnglishTudorRoyalFamily.ged', 'washington.ged', 'IvarKingOfDublin.ged'] as const;

export interface KindFigures {
  pairs: number;
  merged: number;
  reviewed: number;
}

export interface EvalFigures {
  readonly file: string;
  truePairs: number;
  automatic: number;
  correct: number;
  /** Automatic merges of a trap (a person the left file does not hold). */
  trapsMerged: number;
  traps: number;
  /** True pairs not merged automatically that the review list holds. */
  reviewed: number;
  reviewPairs: number;
  readonly kinds: Map<VariationKind, KindFigures>;
}

export function readEvalFile(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/merge-eval/${name}`, import.meta.url)), 'utf8');
}

/** Merges the left and right file of one export (dry run) and scores the decisions against the truth. */
export function evaluateMerge(file: string, text: string, seed: number): EvalFigures {
  const set = mergeEvalPair(text, seed);
  const result = mergeDocuments(parseGedcomBytes(Buffer.from(set.left)), parseGedcomBytes(Buffer.from(set.right)), { dryRun: true, maxReview: 1000 });
  const kinds = new Map<VariationKind, KindFigures>(VARIATION_KINDS.map((k) => [k, { pairs: 0, merged: 0, reviewed: 0 }]));
  for (const [l] of set.truth) {
    const k = kinds.get(set.kind.get(l) ?? 'exact_copy') as KindFigures;
    k.pairs++;
  }
  const merged = new Map(result.merged.map((p) => [p.left, p.right]));
  const reviewed = new Set(result.review.map((p) => `${p.left} ${p.right}`));
  const figures: EvalFigures = {
    file,
    truePairs: set.truth.size,
    automatic: result.merged.length,
    correct: 0,
    trapsMerged: 0,
    traps: set.traps.size,
    reviewed: 0,
    reviewPairs: result.counts.reviewPairs,
    kinds,
  };
  for (const p of result.merged) {
    if (set.truth.get(p.left) === p.right) figures.correct++;
    if (set.traps.has(p.right)) figures.trapsMerged++;
  }
  for (const [l, r] of set.truth) {
    const k = kinds.get(set.kind.get(l) ?? 'exact_copy') as KindFigures;
    if (merged.get(l) === r) k.merged++;
    else if (reviewed.has(`${l} ${r}`)) {
      k.reviewed++;
      figures.reviewed++;
    }
  }
  return figures;
}

export function evaluateAll(seed: number): EvalFigures[] {
  return MERGE_EVAL_FILES.map((f) => evaluateMerge(f, readEvalFile(f), seed));
}
