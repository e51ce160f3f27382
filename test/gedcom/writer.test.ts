import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { createNode } from '../../src/gedcom/model.js';
import { corpusRoot } from '../support/corpus.js';

const file = (rel: string): Buffer => readFileSync(join(corpusRoot(), 'gedcom', rel));

describe('writing edited records', () => {
  it.each([
    ['torture-test-tgc55/TGC551.ged', 'ANSEL', '\r'],
    ['cacack-gedcom-go/encoding/utf16le.ged', 'UTF-16LE', '\r\n'],
    ['cacack-gedcom-go/encoding/utf16be.ged', 'UTF-16BE', '\r\n'],
    ['arbre-app-public-gedcoms/files/pres2020.ged', 'UTF-8', '\n'],
  ] as const)('%s: only the edited record changes, in the file encoding and terminator', (rel, encoding, eol) => {
    const bytes = file(rel);
    const doc = parseGedcomBytes(bytes);
    expect(doc.encoding.used).toBe(encoding);
    const indi = doc.records.find((r) => r.tag === 'INDI');
    if (indi === undefined) throw new Error('no INDI');
    const text = 'Edited: Łódź, Zoë Ångström, café @home\nsecond line ' + 'x'.repeat(300);
    indi.root.children.push(createNode('NOTE', text));
    const out = writeGedcomBytes(doc);
    const again = parseGedcomBytes(out);
    expect(again.encoding.used).toBe(encoding);
    const edited = again.records.find((r) => r.xref === indi.xref);
    expect(edited?.root.children.at(-1)?.value).toBe(text);
    // every other record is byte-identical
    for (let i = 0; i < doc.records.length; i++) {
      const a = doc.records[i];
      const b = again.records[i];
      if (a === undefined || b === undefined || a === indi) continue;
      expect(a.span && b.span ? doc.source.fileBytes(a.span.start, a.span.end).equals(again.source.fileBytes(b.span.start, b.span.end)) : false).toBe(true);
    }
    const editedSpan = edited?.span;
    const editedText = editedSpan ? again.source.text.subarray(editedSpan.start, editedSpan.end).toString('latin1') : '';
    expect(editedText.includes(eol === '\n' ? '\n' : eol)).toBe(true);
    if (eol === '\r') expect(editedText.includes('\n')).toBe(false);
  });

  it('5.x splits long values with CONC and escapes @; 7.0 does not use CONC', () => {
    const v5 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE x\n0 TRLR\n'));
    const n5 = v5.byXref('@N1@');
    if (n5 === undefined) throw new Error('missing');
    n5.root.value = 'a@b ' + 'y'.repeat(500);
    const out5 = writeGedcomBytes(v5).toString('utf8');
    expect(out5).toContain('0 @N1@ NOTE a@@b');
    expect(out5).toContain('\n1 CONC ');
    const v7 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @N1@ SNOTE x\n0 TRLR\n'));
    const n7 = v7.byXref('@N1@');
    if (n7 === undefined) throw new Error('missing');
    n7.root.value = '@lead a@b\n@second ' + 'y'.repeat(500);
    const out7 = writeGedcomBytes(v7).toString('utf8');
    expect(out7).toContain('0 @N1@ SNOTE @@lead a@b\n1 CONT @@second ');
    expect(out7).not.toContain('CONC');
    expect(parseGedcomBytes(Buffer.from(out7)).byXref('@N1@')?.root.value).toBe(n7.root.value);
  });

  it('5.x CONC splits keep every line within 255 characters for runs of @ and spaces', () => {
    for (const value of ['@'.repeat(300), 'a' + ' '.repeat(400) + 'b', 'mail ' + '@'.repeat(150) + ' '.repeat(150) + '@#DJULIAN@ 1 JAN 1700']) {
      const v5 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE x\n0 TRLR\n'));
      const n5 = v5.byXref('@N1@');
      if (n5 === undefined) throw new Error('missing');
      n5.root.value = value;
      const out = writeGedcomBytes(v5).toString('utf8');
      expect(Math.max(...out.split('\n').map((l) => l.length))).toBeLessThanOrEqual(254);
      const again = parseGedcomBytes(Buffer.from(out));
      expect(again.byXref('@N1@')?.root.value).toBe(value);
      expect(again.diagnostics.some((d) => d.code === 'LINE_TOO_LONG')).toBe(false);
    }
  });

  it('5.x date escapes separated by @ only read back as written', () => {
    for (const value of ['@#DJULIAN@@#DJULIAN@', '@#DJULIAN@@@#DJULIAN@', '@#DJULIAN@@@@#DGREGORIAN@ x', 'a@#DJULIAN@@b', '@@#DJULIAN@']) {
      const v5 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE x\n0 TRLR\n'));
      const n5 = v5.byXref('@N1@');
      if (n5 === undefined) throw new Error('missing');
      n5.root.value = value;
      expect(parseGedcomBytes(writeGedcomBytes(v5)).byXref('@N1@')?.root.value).toBe(value);
    }
  });

  it('diagnoses version, whitespace and CONC rules with stable codes', () => {
    const v7 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 7.0\n\n  0 @N1@ SNOTE x\n1 CONC y\n0 TRLR\n'));
    const codes = new Map(v7.diagnosticSummary().map((d) => [d.code, d]));
    expect(codes.get('LINE_BLANK')?.severity).toBe('error');
    expect(codes.get('LINE_LEADING_WHITESPACE')?.firstLine).toBe(5);
    expect(codes.get('CONC_IN_V7')?.firstLine).toBe(6);
    const v5 = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n\n0 @I1@ INDI\n2 NAME x\n0 TRLR'));
    const c5 = new Map(v5.diagnosticSummary().map((d) => [d.code, d]));
    expect(c5.get('LINE_BLANK')?.severity).toBe('warning');
    expect(c5.get('LINE_LEVEL_JUMP')?.firstLine).toBe(7);
    expect(c5.get('LINE_NO_FINAL_TERMINATOR')?.firstLine).toBe(8);
    const vers = parseGedcomBytes(Buffer.from('0 HEAD\n1 SOUR X\n2 VERS 7.0\n1 GEDC\n2 VERS 5.5.1\n0 TRLR\n'));
    expect(vers.version.family).toBe('5.5.1');
  });
});
