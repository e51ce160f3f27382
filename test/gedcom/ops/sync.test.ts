import { describe, expect, it } from 'vitest';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';
import { doc, FAMILY, reparse } from './fixtures.js';

const edit = (text: string, from: string, to: string): string => {
  if (!text.includes(from)) throw new Error(`fixture lacks ${from}`);
  return text.replace(from, to);
};

describe('sync', () => {
  const base = FAMILY;
  const edited = edit(
    edit(edit(FAMILY, '2 DATE 1870', '2 DATE 1871'), '0 @I8@ INDI\n1 NAME Zed /Root/\n1 SEX M\n1 FAMC @F3@\n', ''),
    '0 @S1@ SOUR',
    '0 @I9@ INDI\n1 NAME New /Person/\n0 @S1@ SOUR',
  ).replace('1 CHIL @I8@\n', '');

  it('typed change set with field paths', () => {
    const r = syncDocuments(doc(base), doc(edited), doc(base), { dryRun: true });
    expect(r.document).toBeNull();
    expect(r.counts.byType['INDI']).toEqual({ added: 1, removed: 1, modified: 1 });
    expect(r.counts.byType['FAM']).toEqual({ added: 0, removed: 0, modified: 1 });
    const gus = r.changes.find((c) => c.key === '@I3@');
    expect(gus?.fields).toEqual([{ path: 'BIRT[0].DATE[0]', kind: 'modified' }]);
    expect(r.changes.find((c) => c.key === '@F3@')?.fields).toEqual([{ path: 'CHIL[0]', kind: 'removed' }]);
  });

  it('applies to an untouched target, leaves the rest byte for byte', () => {
    const r = syncDocuments(doc(base), doc(edited), doc(base));
    expect(r.counts.conflicts).toBe(0);
    expect(writeOutputBytes(r.document!).toString()).toBe(doc(edited).source.text.toString().replace(/^\s+/gm, ''));
  });

  it('a record the target changed differently is a conflict and keeps the target version', () => {
    const target = edit(FAMILY, '2 DATE 1870', '2 DATE 1869');
    const r = syncDocuments(doc(base), doc(edited), doc(target));
    expect(r.conflicts).toEqual([{ key: '@I3@', tag: 'INDI', reason: 'target_modified' }]);
    const out = reparse(r.document!);
    expect(JSON.stringify(out.byXref('@I3@')!.root)).toContain('1869');
    expect(out.byXref('@I9@')).toBeDefined();
    expect(out.byXref('@I8@')).toBeUndefined();
  });

  describe('keys', () => {
    const file = (body: string): string => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n${body}0 TRLR\n`;
    const people = '0 @I1@ INDI\n1 NAME A /X/\n0 @I2@ INDI\n1 NAME B /X/\n0 _LOC\n1 NAME Here\n0 _LOC\n1 NAME There\n';

    it('an xref defined twice in the file: the second is its own record, keyed by its position', () => {
      const twice = '0 @I1@ INDI\n1 NAME A /X/\n0 @I1@ INDI\n1 NAME B /X/\n';
      const r = syncDocuments(doc(file(twice)), doc(file(edit(twice, 'B /X/', 'C /X/'))), doc(file(twice)));
      expect(r.changes.map((c) => [c.key, c.kind])).toEqual([['@I1@#dup1', 'modified']]);
      expect(r.counts.applied).toBe(1);
      expect(writeOutputBytes(r.document!).toString()).toContain('0 @I1@ INDI\n1 NAME A /X/\n0 @I1@ INDI\n1 NAME C /X/\n');
    });

    it('an xref made a duplicate by an edit in memory after a clean parse', () => {
      const edited = doc(file(people));
      const second = edited.records[2]!;
      second.root = { ...second.root, xref: '@I1@' };
      const r = syncDocuments(doc(file(people)), edited, doc(file(people)));
      expect(r.changes.map((c) => [c.key, c.kind])).toEqual([
        ['@I1@#dup1', 'added'],
        ['@I2@', 'removed'],
      ]);
      expect(r.counts.applied).toBe(2);
      const out = writeOutputBytes(r.document!).toString();
      expect(out.match(/0 @I1@ INDI/g)).toHaveLength(2);
      expect(out).not.toContain('@I2@');
    });

    it('records in another order are no change; records without an xref are keyed by tag and occurrence', () => {
      const moved = '0 _LOC\n1 NAME Here\n0 @I2@ INDI\n1 NAME B /X/\n0 @I1@ INDI\n1 NAME A /X/\n0 _LOC\n1 NAME Elsewhere\n';
      const r = syncDocuments(doc(file(people)), doc(file(moved)), doc(file(people)));
      expect(r.changes.map((c) => [c.key, c.kind])).toEqual([['_LOC#1', 'modified']]);
      expect(writeOutputBytes(r.document!).toString()).toBe(file(edit(people, 'There', 'Elsewhere')));
    });

    it('an added record follows its predecessor in the edited file, when the target has it in another place', () => {
      const edited = edit(people, '0 @I2@ INDI', '0 @I3@ INDI\n1 NAME N /X/\n0 @I2@ INDI');
      const target = '0 @I2@ INDI\n1 NAME B /X/\n0 _LOC\n1 NAME Here\n0 @I1@ INDI\n1 NAME A /X/\n0 _LOC\n1 NAME There\n';
      const r = syncDocuments(doc(file(people)), doc(file(edited)), doc(file(target)));
      expect(r.changes.map((c) => [c.key, c.kind])).toEqual([['@I3@', 'added']]);
      expect(writeOutputBytes(r.document!).toString()).toBe(file(edit(target, '1 NAME A /X/\n', '1 NAME A /X/\n0 @I3@ INDI\n1 NAME N /X/\n')));
    });

    it('a run of added records is applied whole, in the edited order, at the start, in the middle and at the end', () => {
      const added = (n: number): string => `0 @N${n}@ INDI\n1 NAME N${n} /X/\n`;
      const two = '0 @I1@ INDI\n1 NAME A /X/\n0 @I2@ INDI\n1 NAME B /X/\n';
      const edited = added(1) + added(2) + '0 @I1@ INDI\n1 NAME A /X/\n' + added(3) + added(4) + added(5) + '0 @I2@ INDI\n1 NAME B /X/\n' + added(6) + added(7);
      const r = syncDocuments(doc(file(two)), doc(file(edited)), doc(file(two)));
      expect(r.counts.applied).toBe(7);
      expect(writeOutputBytes(r.document!).toString()).toBe(file(edited));
    });
  });
});
