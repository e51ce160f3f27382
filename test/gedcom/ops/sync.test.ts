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
});
