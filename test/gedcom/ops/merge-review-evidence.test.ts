import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { mergeEvalPair } from '../../support/merge-eval-set.js';
import { readEvalFile } from '../../support/merge-eval.js';
import { doc } from './fixtures.js';

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const LIVING = { today: 2_461_000, thresholdYears: 110 };

describe('merge review pages and evidence', () => {
  const set = mergeEvalPair(readEvalFile('IvarKingOfDublin.ged'), 1);
  const run = (offset: number, max: number) =>
    mergeDocuments(parseGedcomBytes(Buffer.from(set.left)), parseGedcomBytes(Buffer.from(set.right)), { dryRun: true, maxReview: max, reviewOffset: offset });

  it('pages of the review band follow each other, best first, and reach beyond the first page', () => {
    // 160 people on each side named alike and nothing else (surnames of one Soundex): a name alone never merges, every pair is reviewed
    const people = (x: string): string => {
      let out = '';
      for (let k = 0; k < 160; k++) {
        const surname = [...k.toString(26).padStart(3, '0')].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
        out += `0 @${x}${k}@ INDI\n1 NAME Edmund /Q${surname}/\n1 SEX M\n`;
      }
      return out;
    };
    const band = (offset: number, max: number) =>
      mergeDocuments(doc(`${HEAD}${people('I')}0 TRLR\n`), doc(`${HEAD}${people('P')}0 TRLR\n`), { dryRun: true, maxReview: max, reviewOffset: offset });
    const all = band(0, 1000);
    expect(all.merged).toEqual([]);
    expect(all.counts.reviewPairs).toBeGreaterThan(200);
    const pages = [0, 50, 100, 150].map((offset) => band(offset, 50).review);
    expect(pages.flat().map((p) => `${p.left} ${p.right}`)).toEqual(all.review.slice(0, 200).map((p) => `${p.left} ${p.right}`));
    expect(new Set(pages.flat().map((p) => `${p.left} ${p.right}`)).size).toBe(200);
    expect(band(all.counts.reviewPairs, 50).review).toEqual([]);
  });

  it('every automatic merge and review pair carries codes and weights that add up to its score, never a name or place', () => {
    const r = run(0, 1000);
    for (const p of [...r.merged, ...r.review]) {
      expect(p.evidence.length).toBeGreaterThan(0);
      expect(p.evidence.length).toBeLessThanOrEqual(12);
      for (const e of p.evidence) expect(e.code).toMatch(/^[a-z_]+$/);
    }
    // a review pair's score is its components plus its family context
    for (const p of r.review) expect(p.evidence.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(p.score, 5);
    expect(new Set(r.merged.flatMap((p) => p.evidence.map((e) => e.code)))).toContain('parents_merged');
  });
});

describe('quality rule possible_duplicate', () => {
  const file = `${HEAD}0 @I1@ INDI
1 NAME William /Turner/
1 SEX M
1 BIRT
2 DATE 3 MAR 1850
2 PLAC Leeds, Yorkshire, England
0 @I2@ INDI
1 NAME William /TURNER/
1 SEX M
1 BIRT
2 DATE 3 MAR 1850
2 PLAC Leeds
0 @I3@ INDI
1 NAME William /Turner/
1 SEX M
1 BIRT
2 DATE 9 JUN 1880
2 PLAC Leeds, Yorkshire, England
1 FAMC @F1@
0 @F1@ FAM
1 HUSB @I1@
1 CHIL @I3@
0 TRLR
`;

  it('lists the two records of one man by xref, best first, and not his son of the same name (quality reads no places)', () => {
    const report = analyzeQuality(doc(file), { living: LIVING });
    const rule = report.rules.find((r) => r.rule === 'possible_duplicate');
    expect(rule?.count).toBe(1);
    expect(rule?.pairs).toEqual([{ left: '@I1@', right: '@I2@', score: expect.any(Number) }]);
    expect(rule?.affected).toEqual(['@I1@', '@I2@']);
  });

  it('merging the file with itself is still a no-op', () => {
    const r = mergeDocuments(doc(file), doc(file), { dryRun: true });
    expect(r.counts.outputIndividuals).toBe(3);
    expect(r.merged.map((p) => [p.left, p.right])).toEqual([
      ['@I1@', '@I1@'],
      ['@I2@', '@I2@'],
      ['@I3@', '@I3@'],
    ]);
  });
});
