import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { evaluateAll } from '../../support/merge-eval.js';
import { doc } from './fixtures.js';

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

describe('merge on the realistic evaluation set (test/fixtures/merge-eval)', () => {
  it('seed 1: no wrong automatic merge, no trap merged, recall not below the figures of docs/benchmarks.md', () => {
    const figures = evaluateAll(1);
    let truePairs = 0;
    let correct = 0;
    for (const f of figures) {
      expect({ file: f.file, wrong: f.automatic - f.correct, traps: f.trapsMerged }).toEqual({ file: f.file, wrong: 0, traps: 0 });
      truePairs += f.truePairs;
      correct += f.correct;
    }
    // before issue 34: 0.26 with 3 wrong merges
    expect(correct / truePairs).toBeGreaterThanOrEqual(0.48);
  });
});

describe('merge name, date and place equivalence', () => {
  const person = (x: string, body: string): string => `0 @${x}@ INDI\n${body}`;
  const run = (left: string, right: string) => mergeDocuments(doc(`${HEAD}${left}0 TRLR\n`), doc(`${HEAD}${right}0 TRLR\n`), { dryRun: true });

  it('an alias of digits (GeneWeb `s552//`) is never evidence: two people with such aliases and close dates stay apart', () => {
    const l = person('I1', '1 NAME Jean /Martin/\n1 NAME s552 //\n1 SEX M\n1 BIRT\n2 DATE ABT 1801\n');
    const r = person('P1', '1 NAME Pierre /Lefort/\n1 NAME s552 //\n1 SEX M\n1 BIRT\n2 DATE ABT 1802\n');
    const out = run(l, r);
    expect(out.merged).toEqual([]);
    expect(out.review).toEqual([]);
  });

  it('a nickname, an exact birth day and the place merge automatically (William / Bill)', () => {
    const l = person('I1', '1 NAME William /Turner/\n1 SEX M\n1 BIRT\n2 DATE 3 MAR 1850\n2 PLAC Leeds, Yorkshire, England\n');
    const r = person('P1', '1 NAME Bill /Turner/\n1 SEX M\n1 BIRT\n2 DATE 3 MAR 1850\n2 PLAC Leeds\n');
    expect(run(l, r).merged.map((p) => p.right)).toEqual(['@P1@']);
  });

  it('a birth year written one off is not a conflict, a birth two years apart is', () => {
    const l = person('I1', '1 NAME Anna /Berg/\n1 SEX F\n1 BIRT\n2 DATE 3 MAR 1850\n2 PLAC Leeds, Yorkshire, England\n');
    expect(run(l, person('P1', '1 NAME Anna /Berg/\n1 SEX F\n1 BIRT\n2 DATE 3 MAR 1851\n2 PLAC Leeds, Yorkshire, England\n')).review.length).toBe(1);
    const apart = run(l, person('P1', '1 NAME Anna /Berg/\n1 SEX F\n1 BIRT\n2 DATE 3 MAR 1852\n2 PLAC Leeds, Yorkshire, England\n'));
    expect([...apart.merged, ...apart.review]).toEqual([]);
  });

  it('a christening a few days after the birth is compatible with it', () => {
    const l = person('I1', '1 NAME Anna /Berg/\n1 SEX F\n1 BIRT\n2 DATE 3 MAR 1850\n2 PLAC Leeds, Yorkshire, England\n');
    const out = run(l, person('P1', '1 NAME Anna /Berg/\n1 SEX F\n1 CHR\n2 DATE 17 MAR 1850\n2 PLAC Leeds, Yorkshire, England\n'));
    expect([...out.merged, ...out.review].map((p) => p.right)).toEqual(['@P1@']);
  });

  it('Louis XIII and Louis XIV (father and son) never pair; Gwenllian and Gwenllian II are only reviewed', () => {
    const body = (given: string, year: number): string => `1 NAME ${given} /Capet/\n1 SEX M\n1 DEAT\n2 DATE ${year}\n2 PLAC Paris, France\n`;
    const father = run(person('I1', body('Louis XIII', 1643)), person('P1', body('Louis XIV', 1643)));
    expect([...father.merged, ...father.review]).toEqual([]);
    const sisters = run(person('I1', body('Gwenllian', 1197)), person('P1', body('Gwenllian II', 1197)));
    expect(sisters.merged).toEqual([]);
    expect(sisters.review.map((p) => p.right)).toEqual(['@P1@']);
  });
});
