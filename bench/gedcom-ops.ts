// GEDCOM operations benchmark: merge of two ~100,000-person trees and quality of a
// 1,000,000-person tree (wall time and peak RSS, each measured in its own child process), plus
// merge precision and recall on labelled sets (two overlapping exports of one generated tree with
// typos, date-precision differences and reordered records; the true pairs are known).
// Run: node --import tsx bench/gedcom-ops.ts   (or `npm run bench -- gedcom-ops`)
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseGedcomBytes } from '../src/gedcom/parse/parse.js';
import { generateGedcom } from '../src/gedcom/generate.js';
import { mergeDocuments, MERGE_THRESHOLDS } from '../src/gedcom/ops/merge.js';
import { analyzeQuality } from '../src/gedcom/ops/quality.js';
import { julianDay } from '../src/gedcom/ops/living.js';
import { writeOutputBytes } from '../src/gedcom/ops/output.js';
import { labelledExports } from '../test/support/gedcom-tree.js';

const SELF = fileURLToPath(import.meta.url);
const MERGE_TRUTH_SIZE = 143_000; // each export holds ~70%: two trees of ~100,000 people
const QUALITY_PEOPLE = 1_000_000;

interface ChildReport {
  readonly wallMs: number;
  readonly maxRssBytes: number;
  readonly [key: string]: number | string;
}

function runChild(args: readonly string[]): ChildReport {
  const out = execFileSync(process.execPath, ['--max-old-space-size=16384', '--import', 'tsx', SELF, '--child', ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as ChildReport;
}

function report(fields: Record<string, number | string>, started: number): void {
  process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, maxRssBytes: process.resourceUsage().maxRSS * 1024, ...fields })}\n`);
}

function precisionRecall(
  merged: readonly { left: string; right: string }[],
  truth: ReadonlyMap<string, string>,
): { tp: number; precision: number; recall: number } {
  const tp = merged.filter((p) => truth.get(p.left) === p.right).length;
  return { tp, precision: merged.length === 0 ? 1 : tp / merged.length, recall: truth.size === 0 ? 1 : tp / truth.size };
}

async function child(kind: string, dir: string): Promise<void> {
  if (kind === 'prepare-merge') {
    const set = labelledExports(MERGE_TRUTH_SIZE, 101);
    writeFileSync(join(dir, 'left.ged'), set.left);
    writeFileSync(join(dir, 'right.ged'), set.right);
    writeFileSync(join(dir, 'truth.json'), JSON.stringify([...set.truth]));
    process.stdout.write('{}\n');
    return;
  }
  if (kind === 'prepare-quality') {
    const out = createWriteStream(join(dir, 'million.ged'));
    const summary = await generateGedcom((chunk) => new Promise<void>((done) => (out.write(chunk) ? done() : out.once('drain', done))), {
      individuals: QUALITY_PEOPLE,
      seed: 7,
    });
    await new Promise<void>((done) => out.end(done));
    process.stdout.write(`${JSON.stringify(summary)}\n`);
    return;
  }
  const started = performance.now();
  if (kind === 'parse-merge' || kind === 'parse-quality') {
    // the index parse alone ('records indexed' of bench/gedcom-parse.ts), the yardstick of the ratios
    const files = kind === 'parse-merge' ? ['left.ged', 'right.ged'] : ['million.ged'];
    const bytes = files.map((f) => readFileSync(join(dir, f)));
    const t0 = performance.now();
    for (const b of bytes) parseGedcomBytes(b);
    report({ parseMs: performance.now() - t0 }, started);
    return;
  }
  if (kind === 'merge') {
    const left = parseGedcomBytes(readFileSync(join(dir, 'left.ged')));
    const right = parseGedcomBytes(readFileSync(join(dir, 'right.ged')));
    const parsedMs = performance.now() - started;
    const r = mergeDocuments(left, right);
    const bytes = writeOutputBytes(r.document!);
    const truth = new Map(JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as [string, string][]);
    const pr = precisionRecall(r.merged, truth);
    report(
      {
        parsedMs,
        left: r.counts.leftIndividuals,
        right: r.counts.rightIndividuals,
        output: r.counts.outputIndividuals,
        automatic: r.counts.automaticPairs,
        review: r.counts.reviewPairs,
        candidates: r.counts.candidatePairs,
        outBytes: bytes.length,
        truth: truth.size,
        tp: pr.tp,
        precision: pr.precision,
        recall: pr.recall,
      },
      started,
    );
    return;
  }
  if (kind === 'quality') {
    const doc = parseGedcomBytes(readFileSync(join(dir, 'million.ged')));
    const parsedMs = performance.now() - started;
    const r = analyzeQuality(doc, { living: { today: julianDay(2025, 1, 1), thresholdYears: 110 } });
    report(
      {
        parsedMs,
        individuals: r.scope.individuals,
        families: r.scope.families,
        rules: r.rules.length,
        errors: r.totals.error,
        warnings: r.totals.warning,
        living: r.probablyLiving,
      },
      started,
    );
    return;
  }
  throw new Error(`unknown child ${kind}`);
}

export async function runGedcomOpsBench(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gedcom-ops-bench-'));
  const lines: string[] = ['## GEDCOM operations (bench/gedcom-ops.ts)', ''];
  try {
    runChild(['prepare-merge', dir]);
    const mergeParse = runChild(['parse-merge', dir]);
    const merge = runChild(['merge', dir]);
    runChild(['prepare-quality', dir]);
    const qualityParse = runChild(['parse-quality', dir]);
    const quality = runChild(['quality', dir]);
    const ratio = (op: ChildReport, parse: ChildReport): string => `${(op.wallMs / Number(parse['parseMs'])).toFixed(1)}x`;
    const mb = (n: number): string => `${(n / 2 ** 20).toFixed(0)} MiB`;
    const leftSize = statSync(join(dir, 'left.ged')).size + statSync(join(dir, 'right.ged')).size;
    const qSize = statSync(join(dir, 'million.ged')).size;
    lines.push(
      "Each figure is one run in a fresh child process (`--max-old-space-size=16384`): wall time covers reading and parsing the files, the operation and, for merge, writing the output; peak RSS is the child's maxRSS.",
      '',
      'The index parse is `parseGedcomBytes` alone on the same input, timed in its own child process in the same run (the "records indexed" variant of bench/gedcom-parse.ts); targets: quality at most 4x it, merge at most 10x, peak RSS at most 4x the input.',
      '',
      '| operation | input | people | wall time | of which parse | index parse alone | time / index parse | peak RSS | peak / input | result |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---|',
      `| merge | two generated exports, ${mb(leftSize)} together | ${merge['left']} + ${merge['right']} | ${(merge.wallMs / 1000).toFixed(1)} s | ${(Number(merge['parsedMs']) / 1000).toFixed(1)} s | ${(Number(mergeParse['parseMs']) / 1000).toFixed(2)} s | ${ratio(merge, mergeParse)} | ${mb(merge.maxRssBytes)} | ${(merge.maxRssBytes / leftSize).toFixed(1)}x | ${merge['automatic']} automatic merges, ${merge['review']} review pairs, ${merge['output']} people out |`,
      `| quality | generated tree (src/gedcom/generate.ts), ${mb(qSize)} | ${quality['individuals']} | ${(quality.wallMs / 1000).toFixed(1)} s | ${(Number(quality['parsedMs']) / 1000).toFixed(1)} s | ${(Number(qualityParse['parseMs']) / 1000).toFixed(2)} s | ${ratio(quality, qualityParse)} | ${mb(quality.maxRssBytes)} | ${(quality.maxRssBytes / qSize).toFixed(1)}x | ${quality['rules']} rules fired, ${quality['errors']} errors, ${quality['warnings']} warnings, ${quality['living']} probably living |`,
      '',
      `Merge quality on the 100,000-person pair above (true pairs known from the generator): precision ${Number(merge['precision']).toFixed(4)}, recall ${Number(merge['recall']).toFixed(4)} (${merge['tp']} of ${merge['truth']} true pairs merged automatically).`,
      '',
      '### Merge precision and recall on labelled sets',
      '',
      `Two overlapping exports of one generated tree (each ~70% of the people; the right one renumbered, shuffled, ~10% given names with a one-letter typo, ~15% dates reduced to the year or written ABT). Thresholds: automatic ${MERGE_THRESHOLDS.automatic}, review ${MERGE_THRESHOLDS.review}, margin ${MERGE_THRESHOLDS.margin}; an automatic merge also needs identifying evidence of the person (a birth or death date agreeing to the day or within a stated year, a birth or death place agreeing in its locality, or a spouse of the same name) and no conflicting spouses, otherwise the pair is reviewed. Targets: precision 1.0 for automatic merges, recall >= 0.9.`,
      '',
      '| people in the tree | seed | true pairs | automatic merges | precision | recall | review pairs (true among listed) |',
      '|---:|---:|---:|---:|---:|---:|---|',
    );
    for (const [size, seed] of [
      [2000, 7],
      [20000, 7],
      [20000, 23],
      [50000, 5],
      [20000, 1],
      [20000, 2],
      [20000, 3],
    ] as const) {
      const set = labelledExports(size, seed);
      const r = mergeDocuments(parseGedcomBytes(Buffer.from(set.left)), parseGedcomBytes(Buffer.from(set.right)), { dryRun: true });
      const pr = precisionRecall(r.merged, set.truth);
      const reviewTrue = r.review.filter((p) => set.truth.get(p.left) === p.right).length;
      lines.push(
        `| ${size} | ${seed} | ${set.truth.size} | ${r.merged.length} | ${pr.precision.toFixed(4)} | ${pr.recall.toFixed(4)} | ${r.counts.reviewPairs} (${reviewTrue} of ${r.review.length}) |`,
      );
    }
    lines.push(
      '',
      `Load average after the run: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')} on ${cpus().length} CPUs.`,
      '',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  const i = process.argv.indexOf('--child');
  if (i >= 0) await child(process.argv[i + 1] as string, process.argv[i + 2] as string);
  else process.stdout.write(await runGedcomOpsBench());
}
