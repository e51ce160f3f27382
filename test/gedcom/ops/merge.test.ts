import { describe, expect, it } from 'vitest';
import { danglingPointers, mergeDocuments, MERGE_THRESHOLDS } from '../../../src/gedcom/ops/merge.js';
import { doc, reparse, xrefsOf } from './fixtures.js';

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const LEFT = `${HEAD}0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 BIRT
2 DATE 3 MAR 1850
2 PLAC Leeds, Yorkshire
1 DEAT
2 DATE 1920
1 FAMS @F1@
1 CHAN
2 DATE 1 JAN 2000
0 @I2@ INDI
1 NAME Mary /Jones/
1 SEX F
1 BIRT
2 DATE 1852
2 PLAC Leeds
1 FAMS @F1@
0 @F1@ FAM
1 HUSB @I1@
1 WIFE @I2@
1 MARR
2 DATE 1875
0 @S1@ SOUR
1 TITL Census
0 TRLR
`;
const RIGHT = `${HEAD}0 @I1@ INDI
1 NAME Mary /Jones/
1 SEX F
1 BIRT
2 DATE 4 JUN 1852
2 PLAC Leeds
2 SOUR @S1@
1 FAMS @F7@
1 _FSID ABC-123
0 @I9@ INDI
1 NAME John /Smith/
1 NAME Johnny /Smith/
2 TYPE aka
1 SEX M
1 BIRT
2 DATE 1850
2 PLAC Leeds
1 DEAT
2 DATE 12 FEB 1920
1 FAMS @F7@
1 CHAN
2 DATE 5 MAY 2010
1 NOTE a right-only note
0 @I3@ INDI
1 NAME Ann /Smith/
1 SEX F
1 FAMC @F7@
0 @F7@ FAM
1 HUSB @I9@
1 WIFE @I1@
1 CHIL @I3@
1 MARR
2 DATE 1875
2 PLAC York
0 @S1@ SOUR
1 TITL Different source
0 TRLR
`;

describe('merge', () => {
  it('merges the couple, unifies their family, remaps colliding xrefs and keeps every line', () => {
    const r = mergeDocuments(doc(LEFT), doc(RIGHT));
    expect(r.merged.map((p) => [p.left, p.right]).sort()).toEqual([
      ['@I1@', '@I9@'],
      ['@I2@', '@I1@'],
    ]);
    expect(r.counts.unifiedFamilies).toBe(1);
    const out = reparse(r.document!);
    expect(danglingPointers(out)).toBe(0);
    expect(xrefsOf(out, 'INDI')).toHaveLength(3);
    expect(xrefsOf(out, 'FAM')).toEqual(['@F1@']);
    // the right @S1@ differs from the left one: kept under a fresh xref
    expect(xrefsOf(out, 'SOUR')).toHaveLength(2);
    const text = out.records.map((x) => JSON.stringify(x.root)).join('\n');
    for (const kept of ['ABC-123', 'Johnny', 'a right-only note', '5 MAY 2010', '12 FEB 1920', 'York', 'Different source']) expect(text).toContain(kept);
    // John: second NAME, second BIRT and DEAT as alternates; a second CHAN is kept under _MERGED
    const john = out.byXref('@I1@')!.root;
    expect(john.children.filter((c) => c.tag === 'NAME')).toHaveLength(2);
    expect(john.children.filter((c) => c.tag === 'CHAN')).toHaveLength(1);
    expect(john.children.find((c) => c.tag === '_MERGED')?.children[0]?.tag).toBe('CHAN');
    const fam = out.byXref('@F1@')!.root;
    expect(fam.children.filter((c) => c.tag === 'CHIL')).toHaveLength(1);
    expect(fam.children.filter((c) => c.tag === 'HUSB')).toHaveLength(1);
    expect(r.counts.alternates).toBeGreaterThan(0);
  });

  it('dry run reports the same pairs without a document', () => {
    const full = mergeDocuments(doc(LEFT), doc(RIGHT));
    const dry = mergeDocuments(doc(LEFT), doc(RIGHT), { dryRun: true });
    expect(dry.document).toBeNull();
    expect(dry.merged).toEqual(full.merged);
    expect(dry.counts.outputIndividuals).toBe(full.counts.outputIndividuals);
  });

  it('vetoes conflicting dates and sexes; weak pairs go to review by xref', () => {
    const a = doc(
      `${HEAD}0 @I1@ INDI\n1 NAME Paul /Brown/\n1 SEX M\n1 BIRT\n2 DATE 1800\n1 DEAT\n2 DATE 1850\n0 @I2@ INDI\n1 NAME Lee /Gray/\n1 SEX U\n0 TRLR\n`,
    );
    // X1's birth is never joined with I1's (blocking meets only births a veto would not end); X4's death vetoes
    const b = doc(
      `${HEAD}0 @X1@ INDI\n1 NAME Paul /Brown/\n1 SEX M\n1 BIRT\n2 DATE 1830\n0 @X2@ INDI\n1 NAME Lee /Gray/\n1 SEX M\n0 @X3@ INDI\n1 NAME Lee /Gray/\n1 SEX F\n0 @X4@ INDI\n1 NAME Paul /Brown/\n1 SEX M\n1 BIRT\n2 DATE 1800\n1 DEAT\n2 DATE 1870\n0 TRLR\n`,
    );
    const r = mergeDocuments(a, b);
    expect(r.merged).toEqual([]);
    expect(r.review).toEqual([{ left: '@I2@', right: '@X3@', score: 1, evidence: [{ code: 'name', weight: 1 }] }]);
    expect(r.counts.vetoedPairs).toBeGreaterThanOrEqual(1);
    expect(MERGE_THRESHOLDS.automatic).toBeGreaterThan(MERGE_THRESHOLDS.review);
  });

  it('output in 7.0 from 5.5.1 inputs', () => {
    const r = mergeDocuments(doc(LEFT), doc(RIGHT), { outputVersion: '7.0' });
    const out = reparse(r.document!);
    expect(out.version.family).toBe('7.0');
    expect(danglingPointers(out)).toBe(0);
  });

  it.each([
    ['sources', '2 SOUR @S1@\n3 PAGE p. 4', '2 SOUR @S2@\n3 PAGE p. 9', '0 @S1@ SOUR\n1 TITL Parish register\n0 @S2@ SOUR\n1 TITL Parish register\n'],
    ['notes', '1 NOTE @N1@', '1 NOTE @N2@', '0 @N1@ NOTE Same text\n0 @N2@ NOTE Same text\n'],
  ])('a file merged with itself is unchanged when two of its %s have the same text', (_, anna, carl, records) => {
    const text = `${HEAD}0 @I1@ INDI\n1 NAME Anna /Berg/\n1 BIRT\n2 DATE 1 JAN 1900\n${anna}\n0 @I2@ INDI\n1 NAME Carl /Dahl/\n1 BIRT\n2 DATE 2 FEB 1910\n${carl}\n${records}0 TRLR\n`;
    const r = mergeDocuments(doc(text), doc(text));
    expect(r.counts.alternates).toBe(0);
    const lines = (d: ReturnType<typeof doc>): string[] => d.records.map((x) => JSON.stringify(x.root));
    expect(lines(reparse(r.document!))).toEqual(lines(doc(text)));
  });
});
