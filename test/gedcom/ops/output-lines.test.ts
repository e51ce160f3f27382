import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { remappedTree } from '../../../src/gedcom/ops/merge-fold.js';
import { RemappedLines } from '../../../src/gedcom/ops/output-lines.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { canonicalRecordText } from '../../../src/gedcom/write/canonical.js';
import { TERMINATOR_TEXT } from '../../../src/gedcom/write/writer.js';
import { gedcomCorpusFiles, gedcomFixtureFiles } from '../../support/corpus.js';
import { doc } from './fixtures.js';

/** Another xref for every xref (longer, so a line's budget changes too). */
const remap = (x: string): string => `@R${x.slice(1)}`;

/** For every record of a file: the lines' text is the tree's canonical text, or null; how many were written from lines. */
function compare(bytes: Buffer, maxPayload = 200): { lines: number; trees: number } {
  const d = parseGedcomBytes(bytes);
  const reader = d.lineReader();
  const writer = new RemappedLines(remap);
  let lines = 0;
  let trees = 0;
  for (const eol of new Set([TERMINATOR_TEXT[d.terminator], '\r\n'])) {
    const opts = { isV7: d.version.isV7, eol, maxPayload };
    for (const rec of d.records) {
      const text = writer.text(reader, rec, opts);
      if (text === null) trees++;
      else {
        lines++;
        expect(text).toBe(canonicalRecordText(remappedTree(rec, remap), opts));
      }
    }
  }
  return { lines, trees };
}

describe('a record written canonically from its source lines, xrefs remapped', () => {
  it('is the canonical text of its remapped tree for every record of the corpus and the fixtures, or left to the tree', () => {
    let lines = 0;
    let trees = 0;
    for (const { path } of [...gedcomCorpusFiles(), ...gedcomFixtureFiles()]) {
      const n = compare(readFileSync(path));
      lines += n.lines;
      trees += n.trees;
    }
    // most records are written from their lines; the rest (continuations, escapes, long tags) from their trees
    expect(lines).toBeGreaterThan(trees);
    expect(trees).toBeGreaterThan(0);
  });

  it('writes levels as the tree nests the lines, and leaves to the tree what it cannot write as it is', () => {
    const text = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 5.5.1',
      '1 CHAR UTF-8',
      // a skipped level, blank and trailing-space lines, a pointer and a void pointer, lower-case standard tags
      '0 @I1@ INDI',
      '1 NAME Ann /Lee/ ',
      '',
      '3 GIVN Ann',
      '1 famc @F1@',
      '1 ASSO @VOID@',
      '1 birt',
      '2 DATE 1 JAN 1900',
      // an escape, a continuation, a long custom tag, an xref below the first line: the tree writes these
      '0 @I2@ INDI',
      '1 EMAIL a@@b.org',
      '0 @I3@ INDI',
      '1 NOTE a',
      '2 CONT b',
      '0 @I4@ INDI',
      '1 _MARNM Lee',
      '0 @I5@ INDI',
      '1 @X1@ NOTE n',
      `0 @I6@ INDI\n1 NOTE ${'x'.repeat(300)}`,
      '0 TRLR',
      '',
    ].join('\n');
    const d = doc(text);
    const opts = { isV7: false, eol: '\n', maxPayload: 200 };
    const writer = new RemappedLines(remap);
    const written = d.records.map((r) => writer.text(d.lineReader(), r, opts));
    expect(written[1]).toBe('0 @RI1@ INDI\n1 NAME Ann /Lee/ \n2 GIVN Ann\n1 FAMC @RF1@\n1 ASSO @VOID@\n1 BIRT\n2 DATE 1 JAN 1900\n');
    expect(written[1]).toBe(canonicalRecordText(remappedTree(d.records[1] as (typeof d.records)[number], remap), opts));
    expect(written.slice(2, 7)).toEqual([null, null, null, null, null]);
    expect(compare(Buffer.from(text)).lines).toBeGreaterThan(0);
    expect(compare(Buffer.from(text), 10).lines).toBeGreaterThan(0);
  });
});
