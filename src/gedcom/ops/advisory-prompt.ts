import type { MergeResult } from './merge.js';
import type { QualityReport } from './quality.js';
import { LivingEstimator } from './living.js';
import type { LivingOptions } from './living.js';
import type { PersonView, TreeIndex } from './tree-index.js';
import { birthOf, deathOf } from './tree-index.js';
import { jdnToGregorian } from '../date.js';

/**
 * The text an advisory review sends to a model: finding or pair descriptions from the allowed data
 * classes only (names and life-event years), probably-living people redacted. Built beside the
 * operation (in the worker) because it needs the operation's index; bounded by `maxItems`.
 */
const year = (jdn: number): string => (Number.isFinite(jdn) ? String(jdnToGregorian(Math.round(jdn)).year) : '?');

/** A one-line description of a person from the allowed classes, or `[living]`. */
function describe(p: PersonView | undefined, living: LivingEstimator, redacted: Set<string>): string {
  if (p === undefined) return '[unknown]';
  if (living.isProbablyLiving(p.xref)) {
    redacted.add(p.xref);
    return '[living]';
  }
  const n = p.names[0];
  const name = n === undefined ? '[no name]' : `${n.given} ${n.surname}`.trim();
  const b = birthOf(p);
  const d = deathOf(p);
  return `${name} (${b === undefined ? '?' : year((b.earliest + b.latest) / 2)}-${d === undefined ? '?' : year((d.earliest + d.latest) / 2)})`;
}

export interface AdvisoryPrompt {
  readonly prompt: string;
  readonly items: number;
  readonly livingRedacted: number;
}

export function qualityPrompt(index: TreeIndex, report: QualityReport, living: LivingOptions, maxItems: number): AdvisoryPrompt {
  const estimator = new LivingEstimator(index, living);
  const redacted = new Set<string>();
  const lines: string[] = ['Findings of the data check (rule, severity, count, examples):'];
  let items = 0;
  for (const r of report.rules) {
    if (r.rule === 'probably_living' || items >= maxItems) continue;
    items++;
    const examples = r.affected.slice(0, 3).map((x) => (index.people.has(x) ? describe(index.people.get(x), estimator, redacted) : 'a family record'));
    lines.push(`- ${r.rule} (${r.severity}, ${r.count}): ${examples.join('; ')}`);
  }
  return { prompt: lines.join('\n'), items, livingRedacted: redacted.size };
}

export function mergePrompt(left: TreeIndex, right: TreeIndex, result: MergeResult, living: LivingOptions, maxItems: number): AdvisoryPrompt {
  const le = new LivingEstimator(left, living);
  const re = new LivingEstimator(right, living);
  const redacted = new Set<string>();
  const lines: string[] = ['Possible duplicate people the check did not merge (score, left, right):'];
  let items = 0;
  for (const p of result.review) {
    if (items >= maxItems) break;
    items++;
    lines.push(`- ${p.score}: ${describe(left.people.get(p.left), le, redacted)} | ${describe(right.people.get(p.right), re, redacted)}`);
  }
  return { prompt: lines.join('\n'), items, livingRedacted: redacted.size };
}
