import { describe, expect, it } from 'vitest';
import { extractSubtree, SubtreeRootUnknown } from '../../../src/gedcom/ops/subtree.js';
import { danglingPointers } from '../../../src/gedcom/ops/merge.js';
import { doc, FAMILY, reparse, xrefsOf } from './fixtures.js';

describe('subtree', () => {
  it('descendants of the root with their families and no spouses', () => {
    const r = extractSubtree(doc(FAMILY), { root: '@I1@', direction: 'descendants' });
    const out = reparse(r.document);
    expect(xrefsOf(out, 'INDI').sort()).toEqual(['@I1@', '@I5@', '@I6@', '@I8@']);
    expect(xrefsOf(out, 'FAM').sort()).toEqual(['@F2@', '@F3@']);
    // Eve and Kim are spouses: not selected, their pointers removed
    expect(danglingPointers(out)).toBe(0);
    expect(r.counts.prunedPointers).toBeGreaterThan(0);
    // SOUR -> REPO closure, SUBM from HEAD; NOTE and OBJE of unselected people are not pulled in
    expect(xrefsOf(out, 'SOUR')).toEqual(['@S1@']);
    expect(xrefsOf(out, 'REPO')).toEqual(['@R1@']);
    expect(xrefsOf(out, 'SUBM')).toEqual(['@U1@']);
    expect(xrefsOf(out, 'NOTE')).toEqual([]);
    expect(out.records[0]?.tag).toBe('HEAD');
    expect(out.records[out.records.length - 1]?.tag).toBe('TRLR');
  });

  it('generation bound, spouses and their references', () => {
    const r = extractSubtree(doc(FAMILY), { root: '@I1@', direction: 'descendants', generations: 1, includeSpouses: true });
    const out = reparse(r.document);
    expect(xrefsOf(out, 'INDI').sort()).toEqual(['@I1@', '@I2@', '@I5@', '@I6@', '@I7@']);
    expect(xrefsOf(out, 'NOTE')).toEqual(['@N1@']);
    expect(danglingPointers(out)).toBe(0);
    expect(r.counts.generationsReached).toBe(1);
  });

  it('ancestors pull in media of ancestors; both directions; 7.0 output', () => {
    const up = reparse(extractSubtree(doc(FAMILY), { root: '@I5@', direction: 'ancestors' }).document);
    expect(xrefsOf(up, 'INDI').sort()).toEqual(['@I1@', '@I2@', '@I3@', '@I4@', '@I5@']);
    expect(xrefsOf(up, 'OBJE')).toEqual(['@O1@']);
    const both = extractSubtree(doc(FAMILY), { root: '@I5@', direction: 'both', generations: 1, outputVersion: '7.0' });
    const out = reparse(both.document);
    expect(out.version.family).toBe('7.0');
    expect(xrefsOf(out, 'INDI').sort()).toEqual(['@I1@', '@I2@', '@I5@', '@I8@']);
    expect(danglingPointers(out)).toBe(0);
  });

  it('untouched records are copied byte for byte; unknown roots are refused', () => {
    const source = doc(FAMILY);
    const r = extractSubtree(source, { root: '@I3@', direction: 'ancestors' });
    const out = reparse(r.document);
    expect(xrefsOf(out, 'INDI')).toEqual(['@I3@']);
    expect(() => extractSubtree(source, { root: '@X9@', direction: 'both' })).toThrow(SubtreeRootUnknown);
  });

  it('pruning leaves the input alone, whether its trees were built or not, and gives the same output both ways', () => {
    const fresh = doc(FAMILY);
    const built = doc(FAMILY);
    for (const r of built.records) void r.root;
    const before = JSON.stringify(built.records.map((r) => r.root));
    const a = extractSubtree(fresh, { root: '@I1@', direction: 'descendants' });
    const b = extractSubtree(built, { root: '@I1@', direction: 'descendants' });
    expect(a.counts.prunedPointers).toBeGreaterThan(0);
    expect(b.counts).toEqual(a.counts);
    expect(JSON.stringify(built.records.map((r) => r.root))).toBe(before);
    expect(reparse(b.document).source.text.toString()).toBe(reparse(a.document).source.text.toString());
    expect(fresh.records.every((r) => !r.materialized)).toBe(true);
  });
});
