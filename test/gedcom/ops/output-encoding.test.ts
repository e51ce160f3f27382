import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { mergeDocuments } from '../../../src/gedcom/ops/merge.js';
import { extractSubtree } from '../../../src/gedcom/ops/subtree.js';
import { syncDocuments } from '../../../src/gedcom/ops/sync.js';
import { writeOutputBytes } from '../../../src/gedcom/ops/output.js';
import type { WriteReport } from '../../../src/gedcom/write/writer.js';
import type { GedcomDocumentLike } from '../../../src/gedcom/model.js';

// ANSEL: 0xE2 acute and 0xE8 umlaut precede their letter (José /Müller/)
const ANSEL_LEFT = Buffer.from(
  '0 HEAD\n1 GEDC\n2 VERS 5.5\n1 CHAR ANSEL\n2 VERS ANSI Z39.47-1985\n0 @I1@ INDI\n1 NAME Jos\xe2e /M\xe8uller/\n1 SEX M\n1 BIRT\n2 DATE 1 JAN 1900\n0 @N1@ NOTE Fran\xf0cois\n0 @N2@ NOTE Jos\xe2\n1 CONC e rest\n0 TRLR\n',
  'latin1',
);
const UTF8_RIGHT = Buffer.from(
  '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME 王 /小明/\n1 SEX M\n1 NOTE “curly” Łódź ✝ 1900 😀\n0 TRLR\n',
  'utf8',
);

function written(doc: GedcomDocumentLike): { bytes: Buffer; report: WriteReport } {
  const report: WriteReport = { rawRecords: 0, canonicalRecords: 0, unrepresentable: 0 };
  return { bytes: writeOutputBytes(doc, report), report };
}

function values(doc: GedcomDocumentLike, tag: string): string[] {
  return doc.records.flatMap((r) => r.root.children.filter((c) => c.tag === tag).map((c) => c.value));
}

describe('outputs never lose a character to an 8-bit encoding', () => {
  it('merge of a UTF-8 file into an ANSEL one is written in UTF-8, every character kept and the switch reported', () => {
    const left = parseGedcomBytes(ANSEL_LEFT);
    expect(left.encoding.used).toBe('ANSEL');
    const r = mergeDocuments(left, parseGedcomBytes(UTF8_RIGHT));
    // 王 小 明 “ ” ✝ 😀 (ANSEL has Ł and the marks of ó and ź)
    expect(r.outputEncoding).toEqual({ encoding: 'UTF-8', replaced: 'ANSEL', unrepresentable: 7 });
    expect(r.document?.diagnostics.map((d) => [d.code, d.severity])).toEqual([['ENCODING_UNREPRESENTABLE', 'warning']]);
    const { bytes, report } = written(r.document!);
    expect(report.unrepresentable).toBe(0);
    expect(bytes.includes('?')).toBe(false);
    const again = parseGedcomBytes(bytes);
    expect(again.encoding.used).toBe('UTF-8');
    const head = again.records[0]!.root;
    expect(head.children.find((c) => c.tag === 'CHAR')).toMatchObject({ value: 'UTF-8', children: [] });
    expect(head.children.find((c) => c.tag === 'GEDC')?.children[0]?.value).toBe('5.5');
    expect(values(again, 'NAME')).toEqual(['José /Müller/', '王 /小明/']);
    expect(values(again, 'NOTE')).toEqual(['“curly” Łódź ✝ 1900 😀']);
    expect(again.byXref('@N1@')?.root.value).toBe('François');
    // a mark that ends a line belongs to the letter the CONC continues with: that record is written canonically
    expect(again.byXref('@N2@')?.root.value).toBe('José rest');
    // the untouched left records are their own lines, re-encoded
    expect(bytes.toString('utf8')).toContain('0 @I1@ INDI\n1 NAME José /Müller/\n1 SEX M\n1 BIRT\n2 DATE 1 JAN 1900\n0 @N1@ NOTE François\n');
  });

  it('merge keeps the left encoding and its bytes when it holds every character', () => {
    const right = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Zoë /Ångström/\n0 TRLR\n', 'utf8');
    const r = mergeDocuments(parseGedcomBytes(ANSEL_LEFT), parseGedcomBytes(right));
    expect(r.outputEncoding).toEqual({ encoding: 'ANSEL', replaced: null, unrepresentable: 0 });
    const { bytes, report } = written(r.document!);
    expect(report.unrepresentable).toBe(0);
    expect(bytes.subarray(0, ANSEL_LEFT.indexOf('0 TRLR')).equals(ANSEL_LEFT.subarray(0, ANSEL_LEFT.indexOf('0 TRLR')))).toBe(true);
    expect(values(parseGedcomBytes(bytes), 'NAME')).toEqual(['José /Müller/', 'Zoë /Ångström/']);
    expect(mergeDocuments(parseGedcomBytes(ANSEL_LEFT), parseGedcomBytes(right), { dryRun: true }).outputEncoding).toBeNull();
  });

  it('sync of a UTF-8 edit into an ANSEL target is written in UTF-8', () => {
    const base = parseGedcomBytes(ANSEL_LEFT);
    // the edit as a UTF-8 file: the same records with a CJK note
    const editedUtf8 = parseGedcomBytes(
      Buffer.from(
        '0 HEAD\n1 GEDC\n2 VERS 5.5\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME José /Müller/\n1 SEX M\n1 BIRT\n2 DATE 1 JAN 1900\n1 NOTE 王\n0 @N1@ NOTE François\n0 @N2@ NOTE José rest\n0 TRLR\n',
        'utf8',
      ),
    );
    const r = syncDocuments(base, editedUtf8, base);
    expect(r.counts.applied).toBe(1);
    expect(r.outputEncoding).toEqual({ encoding: 'UTF-8', replaced: 'ANSEL', unrepresentable: 1 });
    const again = parseGedcomBytes(written(r.document!).bytes);
    expect(again.encoding.used).toBe('UTF-8');
    expect(again.byXref('@I1@')?.root.children.find((c) => c.tag === 'NOTE')?.value).toBe('王');
    expect(again.byXref('@N1@')?.root.value).toBe('François');
    expect(again.byXref('@N2@')?.root.value).toBe('José rest');
  });

  it('subtree with an edited record holding a character of no code page is written in UTF-8', () => {
    const source = parseGedcomBytes(
      Buffer.from(
        '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR ANSI\n0 @I1@ INDI\n1 NAME Ren\xe9 /Dupr\xe9/\n1 FAMS @F1@\n0 @I2@ INDI\n1 NAME Other /One/\n0 @F1@ FAM\n1 HUSB @I1@\n0 TRLR\n',
        'latin1',
      ),
    );
    expect(source.encoding.used).toBe('CP1252');
    const kept = extractSubtree(source, { root: '@I1@', direction: 'both' });
    expect(kept.outputEncoding).toEqual({ encoding: 'CP1252', replaced: null, unrepresentable: 0 });
    const person = source.byXref('@I1@')!;
    person.root.children.push({ tag: 'NOTE', xref: null, pointer: null, value: 'Ω ≠ 王', children: [], line: 0 });
    const r = extractSubtree(source, { root: '@I1@', direction: 'both' });
    expect(r.outputEncoding).toEqual({ encoding: 'UTF-8', replaced: 'CP1252', unrepresentable: 3 });
    const again = parseGedcomBytes(written(r.document).bytes);
    expect(again.encoding.used).toBe('UTF-8');
    expect(again.byXref('@I1@')?.root.children.map((c) => c.value)).toEqual(['René /Dupré/', 'Ω ≠ 王']);
  });
});
