import type { MergeResult } from './merge.js';
import type { QualityReport } from './quality.js';
import { LivingEstimator } from './living.js';
import type { LivingOptions } from './living.js';
import type { TreeIndex } from './tree-index.js';
import { jdnToGregorian } from '../date.js';
import { PERSON_RESTRICTED } from './index-builder.js';

/**
 * The text an advisory review sends to a model: finding or pair descriptions from the allowed data
 * classes only (names and life-event years); probably-living people (in a merge pair, both sides when
 * either is) and people under RESN privacy or confidential are withheld. Built beside the
 * operation (in the worker) because it needs the operation's index; bounded by `maxItems`.
 */
const year = (jdn: number): string => (Number.isFinite(jdn) ? String(jdnToGregorian(Math.round(jdn)).year) : '?');

/** Person numbers of the given xrefs (one pass over the index; absent xrefs are left out). */
function peopleOf(index: TreeIndex, xrefs: Iterable<string>): Map<string, number> {
  const wanted = new Set(xrefs);
  const found = new Map<string, number>();
  for (let p = 0; p < index.personCount && found.size < wanted.size; p++) {
    // cast: p < personCount, and personXref lists the people first
    const x = index.personXref[p] as string;
    if (wanted.has(x) && !found.has(x)) found.set(x, p);
  }
  return found;
}

/** Why a person is withheld from a prompt, or null when they may be described. */
type Withheld = 'living' | 'restricted' | null;

/** RESN privacy or confidential first (whatever the dates), then the living-person estimate (which fails closed). */
function withheld(index: TreeIndex, p: number, living: LivingEstimator): Withheld {
  // cast: callers pass a person number, and personFlags has an entry per person
  if (((index.personFlags[p] as number) & PERSON_RESTRICTED) !== 0) return 'restricted';
  return living.livingAt(p) ? 'living' : null;
}

/** The people withheld from a prompt, by reason (each person counted once). */
class Redactions {
  readonly living = new Set<string>();
  readonly restricted = new Set<string>();

  add(index: TreeIndex, p: number, reason: 'living' | 'restricted'): string {
    // cast: callers pass a person number, and personXref lists the people first
    (reason === 'living' ? this.living : this.restricted).add(index.personXref[p] as string);
    return reason === 'living' ? '[living]' : '[restricted]';
  }
}

/** A one-line description of a person from the allowed classes (name and life-event years); nothing of a withheld person. */
function describe(index: TreeIndex, p: number): string {
  // cast: nameStart has an entry per person plus one, and callers pass a person number
  const n = index.nameStart[p] as number;
  // cast: p has a name (n < nameStart[p + 1]), and nameGiven and nameSurname have an entry per name row
  const name =
    n === index.nameStart[p + 1] ? '[no name]' : `${index.strings[index.nameGiven[n] as number]} ${index.strings[index.nameSurname[n] as number]}`.trim();
  const ev = index.personEvents;
  // cast: callers pass a person number, and birth has an entry per person
  const b = index.birth[p] as number;
  // cast: callers pass a person number, and death has an entry per person
  const d = index.death[p] as number;
  // cast: mid is called only with an event row (b or d >= 0, checked below)
  const mid = (e: number): string => year(((ev.earliest[e] as number) + (ev.latest[e] as number)) / 2);
  return `${name} (${b < 0 ? '?' : mid(b)}-${d < 0 ? '?' : mid(d)})`;
}

/** A person of a quality finding: described, or a redaction label. */
function person(index: TreeIndex, p: number | undefined, living: LivingEstimator, redactions: Redactions): string {
  if (p === undefined) return '[unknown]';
  const reason = withheld(index, p, living);
  return reason === null ? describe(index, p) : redactions.add(index, p, reason);
}

export interface AdvisoryPrompt {
  readonly prompt: string;
  readonly items: number;
  /** People withheld as probably living (in a merge pair: both sides when either is). */
  readonly livingRedacted: number;
  /** People withheld for RESN privacy or confidential. */
  readonly restrictedRedacted: number;
}

export function qualityPrompt(index: TreeIndex, report: QualityReport, living: LivingOptions, maxItems: number): AdvisoryPrompt {
  const estimator = new LivingEstimator(index, living);
  const redactions = new Redactions();
  const lines: string[] = ['Findings of the data check (rule, severity, count, examples):'];
  const shown = report.rules.filter((r) => r.rule !== 'probably_living').slice(0, Math.max(0, maxItems));
  const people = peopleOf(
    index,
    shown.flatMap((r) => r.affected.slice(0, 3)),
  );
  for (const r of shown) {
    const examples = r.affected.slice(0, 3).map((x) => (people.has(x) ? person(index, people.get(x), estimator, redactions) : 'a family record'));
    lines.push(`- ${r.rule} (${r.severity}, ${r.count}): ${examples.join('; ')}`);
  }
  return { prompt: lines.join('\n'), items: shown.length, livingRedacted: redactions.living.size, restrictedRedacted: redactions.restricted.size };
}

export function mergePrompt(
  left: TreeIndex,
  right: TreeIndex,
  result: { readonly review: readonly Pick<MergeResult['review'][number], 'left' | 'right' | 'score'>[] },
  living: LivingOptions,
  maxItems: number,
): AdvisoryPrompt {
  const le = new LivingEstimator(left, living);
  const re = new LivingEstimator(right, living);
  const redactions = new Redactions();
  const lines: string[] = ['Possible duplicate people the check did not merge (score, left, right):'];
  const shown = result.review.slice(0, Math.max(0, maxItems));
  const lp = peopleOf(
    left,
    shown.map((p) => p.left),
  );
  const rp = peopleOf(
    right,
    shown.map((p) => p.right),
  );
  for (const pair of shown) {
    const l = lp.get(pair.left);
    const r = rp.get(pair.right);
    if (l === undefined || r === undefined) {
      lines.push(`- ${pair.score}: ${person(left, l, le, redactions)} | ${person(right, r, re, redactions)}`);
      continue;
    }
    // One person in two files: withheld on both sides when either side is (a restriction first, then living).
    const reasons = [withheld(left, l, le), withheld(right, r, re)];
    const reason = reasons.includes('restricted') ? 'restricted' : reasons.includes('living') ? 'living' : null;
    if (reason === null) lines.push(`- ${pair.score}: ${describe(left, l)} | ${describe(right, r)}`);
    else lines.push(`- ${pair.score}: ${redactions.add(left, l, reason)} | ${redactions.add(right, r, reason)}`);
  }
  return { prompt: lines.join('\n'), items: shown.length, livingRedacted: redactions.living.size, restrictedRedacted: redactions.restricted.size };
}
