// Merge precision and recall on the realistic evaluation set (issue 34): real exports of
// test/fixtures/merge-eval/ turned into left/right pairs with a known truth by
// test/support/merge-eval-set.ts; `npm run bench -- merge-realistic`.
import { evaluateAll } from '../test/support/merge-eval.js';
import type { EvalFigures, KindFigures } from '../test/support/merge-eval.js';

const SEEDS = [1, 2, 3];
const ratio = (a: number, b: number): string => (b === 0 ? '-' : (a / b).toFixed(2));
/** Precision with the wrong merges counted (1.00 to two decimals could hide one). */
const precision = (correct: number, merged: number): string => `${ratio(correct, merged)} (${merged - correct} wrong)`;

function add(into: KindFigures, k: KindFigures): void {
  into.pairs += k.pairs;
  into.merged += k.merged;
  into.reviewed += k.reviewed;
}

export async function runMergeRealisticBench(): Promise<string> {
  const runs: EvalFigures[] = [];
  for (const seed of SEEDS) runs.push(...evaluateAll(seed));
  const files = new Map<string, EvalFigures[]>();
  for (const f of runs) files.set(f.file, [...(files.get(f.file) ?? []), f]);
  const rows: string[] = [];
  const total = { truePairs: 0, automatic: 0, correct: 0, trapsMerged: 0, traps: 0, reviewed: 0 };
  const kinds = new Map<string, KindFigures>();
  for (const [file, list] of files) {
    const t = { truePairs: 0, automatic: 0, correct: 0, trapsMerged: 0, traps: 0, reviewed: 0 };
    for (const f of list) {
      for (const key of Object.keys(t) as (keyof typeof t)[]) t[key] += f[key];
      for (const [k, v] of f.kinds) {
        const into = kinds.get(k) ?? { pairs: 0, merged: 0, reviewed: 0 };
        add(into, v);
        kinds.set(k, into);
      }
    }
    for (const key of Object.keys(t) as (keyof typeof t)[]) total[key] += t[key];
    rows.push(
      `| ${file} | ${t.truePairs} | ${t.automatic} | ${precision(t.correct, t.automatic)} | ${ratio(t.correct, t.truePairs)} | ${t.trapsMerged} of ${t.traps} | ${ratio(t.reviewed, t.truePairs - t.correct)} |`,
    );
  }
  const kindRows = [...kinds].map(([k, v]) => `| ${k} | ${v.pairs} | ${ratio(v.merged, v.pairs)} | ${ratio(v.reviewed, v.pairs - v.merged)} |`);
  return `### Merge on the realistic evaluation set (issue 34)

Five real exports (test/fixtures/merge-eval/MANIFEST.md: Ancestris, Legacy and Family Origins files, 2,675 people) turned into left/right pairs by test/support/merge-eval-set.ts, seeds ${SEEDS.join(', ')}: about 70% of the people on each side (40% on both), the right side renumbered, reordered and written with another producer's habits, one variation per shared person, near-miss traps added on the right (a son of the same name a generation later, a cousin of the same name born 2-4 years apart elsewhere with another father). In-process dry runs of mergeDocuments; the truth is never in the files. Goals: precision 1.0 and no trap merged; recall >= 0.9 overall and >= 0.75 per variation kind; at least half of the true pairs not merged automatically in the review list.

| file | true pairs | automatic merges | precision | recall | traps merged | missed pairs in review |
|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
| all | ${total.truePairs} | ${total.automatic} | ${precision(total.correct, total.automatic)} | ${ratio(total.correct, total.truePairs)} | ${total.trapsMerged} of ${total.traps} | ${ratio(total.reviewed, total.truePairs - total.correct)} |

| variation kind | true pairs | recall | missed pairs in review |
|---|---:|---:|---:|
${kindRows.join('\n')}
`;
}
