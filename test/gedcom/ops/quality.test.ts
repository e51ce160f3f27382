import { describe, expect, it } from 'vitest';
import { analyzeQuality, type QualityReport } from '../../../src/gedcom/ops/quality.js';
import { julianDay, LivingEstimator } from '../../../src/gedcom/ops/living.js';
import { indexTree } from '../../../src/gedcom/ops/tree-index.js';
import { doc, FAMILY } from './fixtures.js';

const living = { today: julianDay(2025, 6, 1), thresholdYears: 110 };
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

function rule(report: QualityReport, name: string): { count: number; affected: readonly string[] } | undefined {
  return report.rules.find((r) => r.rule === name);
}

describe('quality (Gramps Verify rules over date ranges)', () => {
  it('checks year-only dates (Gramps skips them)', () => {
    const text = `${HEAD}0 @I1@ INDI\n1 NAME A /B/\n1 SEX M\n1 BIRT\n2 DATE 1900\n1 BAPM\n2 DATE 1899\n1 DEAT\n2 DATE 1898\n1 BURI\n2 DATE 1897\n0 TRLR\n`;
    const r = analyzeQuality(doc(text), { living });
    for (const name of [
      'baptism_before_birth',
      'death_before_birth',
      'burial_before_birth',
      'burial_before_death',
      'death_before_baptism',
      'burial_before_baptism',
    ]) {
      expect(rule(r, name)?.affected).toEqual(['@I1@']);
    }
    expect(rule(r, 'disconnected_individual')?.count).toBe(1);
  });

  it('does not fire when ranges overlap (same year, one precise)', () => {
    const text = `${HEAD}0 @I1@ INDI\n1 SEX F\n1 BIRT\n2 DATE 1900\n1 BAPM\n2 DATE 5 JAN 1900\n0 TRLR\n`;
    expect(rule(analyzeQuality(doc(text), { living }), 'baptism_before_birth')).toBeUndefined();
  });

  it('family rules with default thresholds', () => {
    const text = `${HEAD}0 @H@ INDI\n1 NAME H /Same/\n1 SEX F\n1 BIRT\n2 DATE 1800\n1 DEAT\n2 DATE 1850\n1 FAMS @F@\n0 @W@ INDI\n1 NAME W /Same/\n1 SEX M\n1 BIRT\n2 DATE 1845\n1 FAMS @F@\n0 @C1@ INDI\n1 SEX M\n1 BIRT\n2 DATE 1830\n1 FAMC @F@\n0 @C2@ INDI\n1 SEX F\n1 BIRT\n2 DATE 1860\n1 FAMC @F@\n0 @F@ FAM\n1 HUSB @H@\n1 WIFE @W@\n1 CHIL @C1@\n1 CHIL @C2@\n1 MARR\n2 DATE 1855\n0 TRLR\n`;
    const r = analyzeQuality(doc(text), { living });
    for (const name of [
      'female_husband',
      'male_wife',
      'same_surname_spouses',
      'large_spouse_age_difference',
      'marriage_after_death',
      'unborn_mother',
      'dead_father',
      'large_children_span',
      'large_children_gap',
      'late_marriage',
      'early_marriage',
    ]) {
      expect(rule(r, name)?.affected, name).toEqual(['@F@']);
    }
    expect(rule(r, 'missing_source_vital_event')?.count).toBeGreaterThan(0);
    expect(r.totals.error).toBeGreaterThan(0);
  });

  it('integrity: dangling and duplicate xrefs, circular ancestry, invalid dates', () => {
    const text = `${HEAD}0 @A@ INDI\n1 FAMC @F1@\n1 FAMS @F2@\n1 BIRT\n2 DATE 32 FOO 1900\n0 @B@ INDI\n1 FAMC @F2@\n1 FAMS @F1@\n1 NOTE @MISSING@\n0 @B@ INDI\n0 @F1@ FAM\n1 HUSB @B@\n1 CHIL @A@\n0 @F2@ FAM\n1 HUSB @A@\n1 CHIL @B@\n0 TRLR\n`;
    const r = analyzeQuality(doc(text), { living });
    expect(rule(r, 'dangling_pointer')?.affected).toEqual(['@MISSING@']);
    expect(rule(r, 'duplicate_xref')?.affected).toEqual(['@B@']);
    expect(rule(r, 'circular_ancestry')?.affected).toEqual(['@A@', '@B@']);
    expect(rule(r, 'invalid_date')?.count).toBe(1);
    expect(rule(r, 'invalid_birth_date')?.affected).toEqual(['@A@']);
  });

  it('rooted analysis and probably-living counts', () => {
    const d = doc(FAMILY);
    const whole = analyzeQuality(d, { living });
    const rooted = analyzeQuality(d, { living, root: '@I8@', generations: 1 });
    expect(whole.scope.individuals).toBe(8);
    expect(rooted.scope.individuals).toBe(3);
    expect(rooted.scope.rooted).toBe(true);
    // no death facts: Cal (1925) is living; Adam (1900) and Gus (1870) are not; Zed is estimated from his father
    const est = new LivingEstimator(indexTree(d), living);
    expect(est.isProbablyLiving('@I5@')).toBe(true);
    expect(est.isProbablyLiving('@I1@')).toBe(false);
    expect(est.isProbablyLiving('@I3@')).toBe(false);
    expect(est.isProbablyLiving('@I8@')).toBe(true);
    // Gina has no dates of her own: estimated from her child Adam (1900 - 20)
    expect(est.isProbablyLiving('@I4@')).toBe(false);
    expect(whole.probablyLiving).toBe(rule(whole, 'probably_living')?.count);
    expect(new LivingEstimator(indexTree(d), { ...living, thresholdYears: 130 }).isProbablyLiving('@I1@')).toBe(true);
  });

  it('affected lists are bounded, counts exact', () => {
    let text = HEAD;
    for (let i = 0; i < 30; i++) text += `0 @I${i}@ INDI\n1 SEX U\n`;
    text += '0 TRLR\n';
    const r = analyzeQuality(doc(text), { living, maxAffected: 5 });
    expect(rule(r, 'unknown_gender')).toMatchObject({ count: 30 });
    expect(rule(r, 'unknown_gender')?.affected).toHaveLength(5);
  });
});

describe('date fast path', () => {
  it('gives the same day ranges as the engine parser', async () => {
    const { dateRange, parseDate } = await import('../../../src/gedcom/date.js');
    const { eventOf } = await import('../../../src/gedcom/ops/index-views.js');
    for (const text of [
      '1850',
      'MAR 1850',
      '12 MAR 1850',
      '29 FEB 1900',
      '29 FEB 2000',
      '31 DEC 999',
      '1 JAN 1600',
      'ABT 1850',
      'BEF 3 MAR 1850',
      '31 NOV 1850',
    ]) {
      const node = {
        tag: 'BIRT',
        xref: null,
        pointer: null,
        value: '',
        line: 0,
        children: [{ tag: 'DATE', xref: null, pointer: null, value: text, line: 0, children: [] }],
      };
      const e = eventOf(node, '5.5.1');
      const parsed = parseDate(text, '5.5.1');
      const r = parsed.valid ? dateRange(parsed) : undefined;
      expect(e.dateValid, text).toBe(parsed.valid);
      if (r !== undefined) expect([e.earliest, e.latest], text).toEqual([r.earliest, r.latest]);
    }
  });
});
