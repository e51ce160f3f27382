import type { MergeResult } from './merge.js';
import type { QualityReport } from './quality.js';
import { LivingEstimator } from './living.js';
import type { LivingOptions } from './living.js';
import type { TreeIndex } from './tree-index.js';
import { jdnToGregorian } from '../date.js';

/**
 * The text an advisory review sends to a model: finding or pair descriptions from the allowed data
 * classes only (names and life-event years), probably-living people redacted. Built beside the
 * operation (in the worker) because it needs the operation's index; bounded by `maxItems`.
 */
const year = (jdn: number): string => (Number.isFinite(jdn) ? String(jdnToGregorian(Math.round(jdn)).year) : '?');

/** Person numbers of the given xrefs (one pass over the index; absent xrefs are left out). */
function peopleOf(index: TreeIndex, xrefs: Iterable<string>): Map<string, number> {
  const wanted = new Set(xrefs);
  const found = new Map<string, number>();
  for (let p = 0; p < index.personCount && found.size < wanted.size; p++) {
    const x = index.personXref[p] as string;
    if (wanted.has(x) && !found.has(x)) found.set(x, p);
  }
  return found;
}

/** A one-line description of a person from the allowed classes, or `[living]`. */
function describe(index: TreeIndex, p: number | undefined, living: LivingEstimator, redacted: Set<string>): string {
  if (p === undefined) return '[unknown]';
  if (living.livingAt(p)) {
    redacted.add(index.personXref[p] as string);
    return '[living]';
  }
  const n = index.nameStart[p] as number;
  const name = n === index.nameStart[p + 1] ? '[no name]' : `${index.strings[index.nameGiven[n] as number]} ${index.strings[index.nameSurname[n] as number]}`.trim();
  const ev = index.personEvents;
  const b = index.birth[p] as number;
  const d = index.death[p] as number;
  const mid = (e: number): string => year(((ev.earliest[e] as number) + (ev.latest[e] as number)) / 2);
  return `${name} (${b < 0 ? '?' : mid(b)}-${d < 0 ? '?' : mid(d)})`;
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
  const shown = report.rules.filter((r) => r.rule !== 'probably_living').slice(0, Math.max(0, maxItems));
  const people = peopleOf(index, shown.flatMap((r) => r.affected.slice(0, 3)));
  for (const r of shown) {
    const examples = r.affected.slice(0, 3).map((x) => (people.has(x) ? describe(index, people.get(x), estimator, redacted) : 'a family record'));
    lines.push(`- ${r.rule} (${r.severity}, ${r.count}): ${examples.join('; ')}`);
  }
  return { prompt: lines.join('\n'), items: shown.length, livingRedacted: redacted.size };
}

export function mergePrompt(left: TreeIndex, right: TreeIndex, result: MergeResult, living: LivingOptions, maxItems: number): AdvisoryPrompt {
  const le = new LivingEstimator(left, living);
  const re = new LivingEstimator(right, living);
  const redacted = new Set<string>();
  const lines: string[] = ['Possible duplicate people the check did not merge (score, left, right):'];
  const shown = result.review.slice(0, Math.max(0, maxItems));
  const lp = peopleOf(left, shown.map((p) => p.left));
  const rp = peopleOf(right, shown.map((p) => p.right));
  for (const p of shown) lines.push(`- ${p.score}: ${describe(left, lp.get(p.left), le, redacted)} | ${describe(right, rp.get(p.right), re, redacted)}`);
  return { prompt: lines.join('\n'), items: shown.length, livingRedacted: redacted.size };
}
