import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gedcomCorpusFiles } from '../../support/corpus.js';
import { parseGedcomBytes } from '../../../src/gedcom/parse/parse.js';
import { generateGedcomBytes } from '../../../src/gedcom/generate.js';
import { IndexFold, indexTree } from '../../../src/gedcom/ops/tree-index.js';
import type { IndexOptions, TreeIndex } from '../../../src/gedcom/ops/tree-index.js';
import { familyView, personView } from '../../../src/gedcom/ops/index-views.js';

/** Everything an index holds, as plain data (maps in insertion order). */
function plain(index: TreeIndex): unknown {
  const { records: _records, ...rows } = index;
  return { rows, duplicates: [...index.duplicates.entries()], dangling: [...index.dangling.entries()] };
}

/** The index built in the parse's pass, and whether it was (rather than indexTree after it). */
function foldedIndex(bytes: Buffer, options: IndexOptions): { index: TreeIndex; folded: boolean } {
  const fold = new IndexFold(options);
  const index = fold.index(parseGedcomBytes(bytes, { lines: fold }));
  return { index, folded: fold.folded };
}

/**
 * The index read from the source lines, after the parse and in the parse's pass, equals the
 * index read from record trees (materialized records take the tree path).
 */
function expectSameIndex(bytes: Buffer): void {
  for (const options of [
    { integrity: true },
    { integrity: false },
    { integrity: true, places: true },
    { integrity: false, places: true },
    { integrity: false, linksOnly: true },
  ]) {
    const scanned = indexTree(parseGedcomBytes(bytes), options);
    const doc = parseGedcomBytes(bytes);
    doc.materializeAll();
    const trees = plain(indexTree(doc, options));
    expect(plain(scanned)).toEqual(trees);
    expect(plain(foldedIndex(bytes, options).index)).toEqual(trees);
  }
}

const EDGE_CASES = [
  // CONC / CONT on values the index reads, pointer lines continued, level jumps, malformed lines, escapes
  '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Jo/Sm\n2 CONC ith/ Jr\n1 BIRT\n2 DATE 1 JAN\n2 CONC  1900\n2 PLAC A\n3 CONT B\n0 TRLR\n',
  '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 FAMC @F1@\n2 CONT @F2@\n1 NAME A /B/\n3 GIVN skipped\n1 SEX\n2 CONT M\n0 @F1@ FAM\n1 HUSB @I1@\n2 CONC x\n1 CHIL @I1@\n0 TRLR\n',
  '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME A@@b /B/\n1 BIRT\n2 DATE ABT 1900\n2 SOUR @S9@\n1 DEAT\n2 DATE not a date\n1 NOTE x\n2 CONT y\n3 CONC z\nthis is no line\n1 EVEN\n2 TYPE odd\n0 @I2@ INDI\n  1 NAME  Lead  /Space/\n1 SEX F\n1 FAMS @VOID@\n0 @I2@ INDI\n1 NAME Dup /X/\n0 @S1@ SOUR\n1 DATE 31 FEB 1900\n1 REPO @R404@\n0 TRLR\n',
  '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @I1@ INDI\n1 NAME @@x /Y/\n1 FAMC @F1@\n2 PEDI adopted\n2 PEDI BIRTH\n0 @F1@ FAM\n1 HUSB @VOID@\n1 HUSB @I1@\n1 MARR\n2 DATE BET 1900 AND 1910\n2 PLAC  P ,Q \n0 TRLR\n',
];

describe('index from source lines', () => {
  it.each(EDGE_CASES.map((text, i) => [i, text] as const))('edge case %i matches the tree index', (_i, text) => {
    expectSameIndex(Buffer.from(text, 'utf8'));
  });

  it('matches the tree index on generated trees (5.5.1 and 7.0)', async () => {
    expectSameIndex(await generateGedcomBytes({ individuals: 800, seed: 9 }));
    expectSameIndex(await generateGedcomBytes({ individuals: 800, seed: 9, version: '7.0' }));
  });

  it.each(gedcomCorpusFiles().map((f) => [f.rel, f.path] as const))('matches the tree index on %s', (_rel, path) => {
    expectSameIndex(readFileSync(path));
  });

  it("is built in the parse's pass when every record reads from its lines, and by indexTree after it otherwise", async () => {
    const generated = await generateGedcomBytes({ individuals: 300, seed: 4 });
    expect(foldedIndex(generated, {}).folded).toBe(true);
    expect(foldedIndex(generated, { integrity: false, linksOnly: true }).folded).toBe(true);
    // a NAME continued with CONC needs its record's tree
    expect(foldedIndex(Buffer.from(EDGE_CASES[0] as string, 'utf8'), {}).folded).toBe(false);
    // no record at all
    expect(foldedIndex(Buffer.alloc(0), {}).folded).toBe(false);
  });

  it('builds person and family views on request with every event, place and link', () => {
    const index = indexTree(parseGedcomBytes(Buffer.from(EDGE_CASES[3] as string, 'utf8')));
    expect(personView(index, 0)).toEqual({
      xref: '@I1@',
      sex: 'U',
      names: [{ given: '@x', surname: 'Y', suffix: '', type: '' }],
      events: [],
      famc: [{ family: '@F1@', birth: false }],
      fams: [],
      sourced: false,
    });
    const family = familyView(index, 0);
    expect(family).toMatchObject({ xref: '@F1@', husband: '@I1@', wife: null, children: [] });
    expect(family.events).toMatchObject([{ tag: 'MARR', dated: true, dateValid: true, place: 'P ,Q', approximate: false }]);
    const withPlaces = indexTree(parseGedcomBytes(Buffer.from(EDGE_CASES[0] as string, 'utf8')), { places: true });
    expect(withPlaces.strings[withPlaces.personEvents.place[0] as number]).toBe('A\nB');
  });
});
