import { describe, expect, it } from 'vitest';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { doc, reparse } from './fixtures.js';

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const LEFT = `${HEAD}0 @I1@ INDI\n1 NAME Anna /Alpha/\n1 FAMS @F1@\n0 @I1@ INDI\n1 NAME Carl /Delta/\n1 BIRT\n2 DATE 1850\n0 @F1@ FAM\n1 WIFE @I1@\n0 TRLR\n`;
const RIGHT = `${HEAD}0 @I1@ INDI\n1 NAME Zed /Zulu/\n1 _CUSTOM keep me\n0 @N1@ NOTE shared note\n0 @I2@ INDI\n1 NAME Carl /Delta/\n1 BIRT\n2 DATE 1850\n1 NOTE @N1@\n0 TRLR\n`;

describe('duplicate xrefs (a second record with the same xref)', () => {
  it('merge counts the INDI and FAM records written, dry run or not', () => {
    const full = mergeDocuments(doc(LEFT), doc(RIGHT));
    const dry = mergeDocuments(doc(LEFT), doc(RIGHT), { dryRun: true });
    const out = reparse(full.document!);
    const individuals = out.records.filter((r) => r.tag === 'INDI').length;
    expect(individuals).toBe(4);
    expect(full.counts).toMatchObject({
      leftIndividuals: 2,
      rightIndividuals: 2,
      outputIndividuals: individuals,
      leftFamilies: 1,
      rightFamilies: 0,
      outputFamilies: 1,
    });
    expect(dry.counts.outputIndividuals).toBe(individuals);
    expect(dry.counts.outputFamilies).toBe(1);
  });

  it('merge of a file with itself writes each record of a duplicated xref once, as it was', () => {
    const copies = 4000;
    const text =
      HEAD + Array.from({ length: copies }, (_, i) => `0 @I1@ INDI\n1 NAME Copy${i} /Same/\n1 FAMS @F1@\n`).join('') + '0 @F1@ FAM\n1 HUSB @I1@\n0 TRLR\n';
    const r = mergeDocuments(doc(text), doc(text));
    const out = reparse(r.document!);
    expect(r.counts.automaticPairs).toBe(1);
    const indi = out.records.filter((x) => x.tag === 'INDI');
    expect(indi.length).toBe(copies);
    expect(r.counts.outputIndividuals).toBe(copies);
    expect(r.counts.alternates).toBe(0);
    // every copy once, as it was: the right copies are the left duplicates, not alternates of the first
    expect(indi.map((x) => x.root.children.map((c) => [c.tag, c.value, c.pointer]))).toEqual(
      Array.from({ length: copies }, (_, i) => [
        ['NAME', `Copy${i} /Same/`, null],
        ['FAMS', '', '@F1@'],
      ]),
    );
  });

  it('a right record merged into a duplicated xref with other text is still folded into the first record', () => {
    const ann = '1 NAME Ann /Same/\n1 BIRT\n2 DATE 1 JAN 1900\n2 PLAC Leeds\n1 DEAT\n2 DATE 2 FEB 1970\n';
    const left = `${HEAD}0 @I1@ INDI\n${ann}0 @I1@ INDI\n1 NAME Bob /Same/\n0 TRLR\n`;
    const right = `${HEAD}0 @I1@ INDI\n${ann}1 OCCU Baker\n0 @I1@ INDI\n1 NAME Bob /Same/\n0 TRLR\n`;
    const r = mergeDocuments(doc(left), doc(right));
    expect(r.counts.automaticPairs).toBe(1);
    const out = reparse(r.document!);
    expect(out.records.filter((x) => x.tag === 'INDI').map((x) => x.root.children.map((c) => `${c.tag} ${c.value}`))).toEqual([
      ['NAME Ann /Same/', 'BIRT ', 'DEAT ', 'OCCU Baker'],
      ['NAME Bob /Same/'],
    ]);
  });

  it('quality counts each record of a duplicated person in its scope', () => {
    const living = { today: julianDay(2025, 6, 1), thresholdYears: 110 };
    const text = `${HEAD}0 @I1@ INDI\n1 NAME A /B/\n1 FAMS @F1@\n0 @I1@ INDI\n1 NAME C /D/\n0 @I2@ INDI\n1 NAME E /F/\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I1@\n1 WIFE @I2@\n0 @F1@ FAM\n1 HUSB @I1@\n0 @I9@ INDI\n1 NAME Far /Away/\n0 TRLR\n`;
    const whole = analyzeQuality(doc(text), { living });
    expect(whole.scope).toEqual({ individuals: 4, families: 2, rooted: false });
    // the root alone (no ancestors or descendants), in its two records, and the two records of its family
    const rooted = analyzeQuality(doc(text), { living, root: '@I1@' });
    expect(rooted.scope).toEqual({ individuals: 2, families: 2, rooted: true });
    expect(whole.rules.find((x) => x.rule === 'duplicate_xref')?.affected).toEqual(['@I1@', '@F1@']);
  });
});
