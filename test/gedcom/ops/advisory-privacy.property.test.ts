// Issue 18 item 5: on generated trees whose people have a known living status, no field of a
// probably living or restricted person reaches any advisory prompt (quality or merge), no place or
// note of anyone does, and a merge pair is withheld when either side is. The long dead are shown,
// so a filter that withheld everything would fail too.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergePrompt, qualityPrompt } from '../../../src/gedcom/ops/advisory-prompt.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { indexTree } from '../../../src/gedcom/ops/tree-index.js';
import { doc } from './fixtures.js';

const living = { today: julianDay(2026, 11, 1), thresholdYears: 110 };
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

/** How a generated person is recorded, and whether an advisory prompt may describe them. */
const STATUSES = {
  long_dead: { shown: true, facts: (y: number) => [`1 BIRT`, `2 DATE 12 MAR ${1700 + (y % 90)}`, `1 DEAT`, `2 DATE 3 JUN ${1800 + (y % 60)}`] },
  born_recently: { shown: false, facts: (y: number) => [`1 BIRT`, `2 DATE 4 APR ${1990 + (y % 30)}`] },
  christened_recently: { shown: false, facts: (y: number) => [`1 CHR`, `2 DATE ${1985 + (y % 35)}`] },
  range_recent: { shown: false, facts: (y: number) => [`1 BIRT`, `2 DATE BET ${1960 + (y % 20)} AND ${1990 + (y % 20)}`] },
  phrase_only: { shown: false, facts: () => [`1 BIRT`, `2 DATE (spring, the year the war ended)`] },
  two_digit_year: { shown: false, facts: (y: number) => [`1 BIRT`, `2 DATE 12 MAR ${10 + (y % 89)}`] },
  other_calendar: { shown: false, facts: (y: number) => [`1 BIRT`, `2 DATE @#DHEBREW@ 5${760 + (y % 20)}`] },
  no_dates: { shown: false, facts: () => [] },
  restricted_dead: {
    shown: false,
    facts: (y: number) => [`1 RESN ${y % 2 === 0 ? 'privacy' : 'confidential'}`, `1 BIRT`, `2 DATE ${1700 + (y % 90)}`, `1 DEAT`, `2 DATE ${1800 + (y % 60)}`],
  },
} as const;
type Status = keyof typeof STATUSES;
const STATUS_NAMES = Object.keys(STATUSES) as Status[];

/** Letters only, unique per person and side: a token found in a prompt names exactly one field of one person. */
function token(kind: string, index: number, side: string): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
  return `${kind}${letters}${side}q`;
}

interface Person {
  readonly xref: string;
  readonly status: Status;
  readonly given: string;
  readonly surname: string;
  readonly place: string;
  readonly note: string;
  readonly year: number;
}

function people(statuses: readonly Status[], years: readonly number[], side: 'L' | 'R'): Person[] {
  return statuses.map((status, i) => ({
    xref: `@${side}${i + 1}@`,
    status,
    given: token('Gv', i, side),
    surname: token('Sn', i, side),
    place: token('Pl', i, side),
    note: token('Nt', i, side),
    year: years[i] ?? 0,
  }));
}

/** The tree: each person with their facts, a place and a note; `no_dates` people are parents of a child born recently. */
function treeText(persons: readonly Person[], side: 'L' | 'R'): string {
  const lines = [HEAD.trimEnd()];
  let families = 0;
  for (const p of persons) {
    lines.push(
      `0 ${p.xref} INDI`,
      `1 NAME ${p.given} /${p.surname}/`,
      ...STATUSES[p.status].facts(p.year),
      '1 RESI',
      `2 PLAC ${p.place}, Northshire`,
      `1 NOTE Remembered as ${p.note}`,
    );
    if (p.status === 'no_dates') {
      families++;
      lines.push(`1 FAMS @${side}F${families}@`);
    }
  }
  families = 0;
  for (const p of persons) {
    if (p.status !== 'no_dates') continue;
    families++;
    const child = `@${side}C${families}@`;
    lines.push(`0 @${side}F${families}@ FAM`, `1 HUSB ${p.xref}`, `1 CHIL ${child}`);
    lines.push(
      `0 ${child} INDI`,
      `1 NAME Kid${token('', families, side)} /${p.surname}/`,
      '1 BIRT',
      `2 DATE ${2001 + (p.year % 20)}`,
      `1 FAMC @${side}F${families}@`,
    );
  }
  lines.push('0 TRLR', '');
  return lines.join('\n');
}

/** Every field of a person that may not reach a prompt when they are withheld, and never their place or note. */
function expectWithheld(prompt: string, p: Person): void {
  for (const field of [p.given, p.surname]) expect(prompt, `${p.status} ${field}`).not.toContain(field);
}

function expectNoPlaceOrNote(prompt: string, persons: readonly Person[]): void {
  for (const p of persons) {
    expect(prompt).not.toContain(p.place);
    expect(prompt).not.toContain(p.note);
  }
}

const tree = fc.record({
  left: fc.array(fc.constantFrom(...STATUS_NAMES), { minLength: 1, maxLength: 24 }),
  right: fc.array(fc.constantFrom(...STATUS_NAMES), { minLength: 24, maxLength: 24 }),
  years: fc.array(fc.nat({ max: 10_000 }), { minLength: 24, maxLength: 24 }),
});

describe('advisory prompts on generated trees with known living status', () => {
  it('the quality prompt shows only the long dead, and never a place or a note', () => {
    fc.assert(
      fc.property(tree, ({ left, years }) => {
        const persons = people(left, years, 'L');
        const d = doc(treeText(persons, 'L'));
        const index = indexTree(d);
        const prompt = qualityPrompt(index, analyzeQuality(d, { living }, index), living, 64).prompt;
        for (const p of persons) if (!STATUSES[p.status].shown) expectWithheld(prompt, p);
        expectNoPlaceOrNote(prompt, persons);
        expect(prompt).not.toMatch(/Kid[a-z]+Lq/);
      }),
      { numRuns: 150 },
    );
  });

  it('the merge prompt withholds a pair when either side is probably living or restricted, and shows a pair of the long dead', () => {
    fc.assert(
      fc.property(tree, ({ left, right, years }) => {
        const lp = people(left, years, 'L');
        const rp = people(right.slice(0, left.length), years, 'R');
        const li = indexTree(doc(treeText(lp, 'L')));
        const ri = indexTree(doc(treeText(rp, 'R')));
        const review = lp.map((p, i) => ({ left: p.xref, right: rp[i]?.xref ?? '@R1@', score: 0.7 + (i % 10) / 100 }));
        const prompt = mergePrompt(li, ri, { review }, living, 64);
        lp.forEach((l, i) => {
          const r = rp[i] as Person;
          const pairShown = STATUSES[l.status].shown && STATUSES[r.status].shown;
          if (!pairShown) {
            expectWithheld(prompt.prompt, l);
            expectWithheld(prompt.prompt, r);
          } else {
            expect(prompt.prompt).toContain(`${l.given} ${l.surname}`);
            expect(prompt.prompt).toContain(`${r.given} ${r.surname}`);
          }
        });
        expectNoPlaceOrNote(prompt.prompt, [...lp, ...rp]);
        const withheldPairs = lp.filter((l, i) => !(STATUSES[l.status].shown && STATUSES[(rp[i] as Person).status].shown)).length;
        expect(prompt.livingRedacted + prompt.restrictedRedacted).toBe(2 * withheldPairs);
      }),
      { numRuns: 150 },
    );
  });
});
