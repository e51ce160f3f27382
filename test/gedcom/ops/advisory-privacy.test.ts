import { describe, expect, it } from 'vitest';
import { mergePrompt, qualityPrompt } from '../../../src/gedcom/ops/advisory-prompt.js';
import { julianDay } from '../../../src/gedcom/ops/living.js';
import { analyzeQuality } from '../../../src/gedcom/ops/quality.js';
import { indexTree } from '../../../src/gedcom/ops/tree-index.js';
import { doc } from './fixtures.js';

const living = { today: julianDay(2026, 11, 1), thresholdYears: 110 };
const HEAD = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';

/** A quality prompt whose examples include every person of the file (each is disconnected). */
function promptOf(text: string): ReturnType<typeof qualityPrompt> {
  const d = doc(text);
  const index = indexTree(d);
  return qualityPrompt(index, analyzeQuality(d, { living }, index), living, 64);
}

describe('advisory prompts fail closed on privacy (issue 18 item 5)', () => {
  it('never sends a person under RESN privacy or confidential, whatever their dates', () => {
    for (const resn of ['privacy', 'confidential', 'CONFIDENTIAL, LOCKED']) {
      const prompt = promptOf(
        `${HEAD}0 @I1@ INDI\n1 NAME Hidden /Person/\n1 RESN ${resn}\n1 BIRT\n2 DATE 1801\n1 DEAT\n2 DATE 1870\n0 @I2@ INDI\n1 NAME Open /Person/\n1 BIRT\n2 DATE 1802\n1 DEAT\n2 DATE 1871\n0 TRLR\n`,
      );
      expect(prompt.prompt).not.toContain('Hidden');
      expect(prompt.prompt).not.toContain('1801');
      expect(prompt.prompt).toContain('[restricted]');
      expect(prompt.prompt).toContain('Open Person (1802-1871)');
      expect(prompt.restrictedRedacted).toBe(1);
    }
    // `locked` only forbids edits: the person may be described.
    expect(promptOf(`${HEAD}0 @I1@ INDI\n1 NAME Locked /Person/\n1 RESN locked\n1 BIRT\n2 DATE 1801\n1 DEAT\n2 DATE 1870\n0 TRLR\n`).prompt).toContain(
      'Locked Person',
    );
  });

  it('reads a two-digit 5.x year as uncertain: could be living, withheld, and an invalid date for quality', () => {
    const text = `${HEAD}0 @I1@ INDI\n1 NAME Young /Person/\n1 BIRT\n2 DATE 12 MAR 60\n0 TRLR\n`;
    const prompt = promptOf(text);
    expect(prompt.prompt).not.toContain('Young');
    expect(prompt.prompt).not.toMatch(/\b60\b/);
    expect(prompt.livingRedacted).toBe(1);
    const report = analyzeQuality(doc(text), { living });
    expect(report.rules.find((r) => r.rule === 'invalid_date')?.affected).toEqual(['@I1@']);
  });

  it('judges a merge pair as one person: both sides withheld when either is living or restricted', () => {
    const left = indexTree(
      doc(
        `${HEAD}0 @L1@ INDI\n1 NAME Ann /Lee/\n1 BIRT\n2 DATE 1990\n0 @L2@ INDI\n1 NAME Bob /Old/\n1 BIRT\n2 DATE 1801\n1 DEAT\n2 DATE 1880\n0 @L3@ INDI\n1 NAME Cay /Res/\n1 BIRT\n2 DATE 1802\n1 DEAT\n2 DATE 1881\n0 TRLR\n`,
      ),
    );
    const right = indexTree(
      doc(
        `${HEAD}0 @R1@ INDI\n1 NAME Ann /Lee/\n1 BIRT\n2 DATE 1890\n1 DEAT\n2 DATE 1950\n0 @R2@ INDI\n1 NAME Bob /Old/\n1 BIRT\n2 DATE 1801\n1 DEAT\n2 DATE 1880\n0 @R3@ INDI\n1 NAME Cay /Res/\n1 RESN confidential\n1 BIRT\n2 DATE 1802\n1 DEAT\n2 DATE 1881\n0 TRLR\n`,
      ),
    );
    const review = [
      { left: '@L1@', right: '@R1@', score: 0.8 },
      { left: '@L2@', right: '@R2@', score: 0.9 },
      { left: '@L3@', right: '@R3@', score: 0.85 },
    ];
    const prompt = mergePrompt(left, right, { review }, living, 10);
    expect(prompt.prompt).not.toContain('Ann');
    expect(prompt.prompt).not.toContain('Cay');
    expect(prompt.prompt).toContain('- 0.8: [living] | [living]');
    expect(prompt.prompt).toContain('- 0.85: [restricted] | [restricted]');
    expect(prompt.prompt).toContain('- 0.9: Bob Old (1801-1880) | Bob Old (1801-1880)');
    expect(prompt.livingRedacted).toBe(2);
    expect(prompt.restrictedRedacted).toBe(2);
  });
});
