import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import type { GedcomNode } from '../../src/gedcom/model.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { allGedcomFiles } from '../support/corpus.js';

/** Every field of two trees, line numbers and `raw` included; the first difference or null. */
function difference(a: GedcomNode, b: GedcomNode): string | null {
  const left = [a];
  const right = [b];
  for (let x = left.pop(), y = right.pop(); x !== undefined && y !== undefined; x = left.pop(), y = right.pop()) {
    const fields = (n: GedcomNode): string => JSON.stringify([n.tag, n.xref, n.pointer, n.value, n.line, n.raw ?? null, n.children.length]);
    if (fields(x) !== fields(y)) return `line ${x.line}: ${fields(x)} vs ${fields(y)}`;
    left.push(...x.children);
    right.push(...y.children);
  }
  return null;
}

/** A node rebuilt as a plain object, field by field. */
function plain(n: GedcomNode): GedcomNode {
  const out: GedcomNode = { tag: n.tag, xref: n.xref, pointer: n.pointer, value: n.value, children: n.children.map(plain), line: n.line };
  if (n.raw !== undefined) out.raw = n.raw;
  return out;
}

describe('a record tree in its compact form (parse/record-table.ts)', () => {
  const files = allGedcomFiles();

  it('is the tree of plain nodes built at once, on every corpus and fixture file', () => {
    expect(files.length).toBeGreaterThan(100);
    let records = 0;
    for (const f of files) {
      const doc = parseGedcomBytes(readFileSync(f.path));
      for (const r of doc.records) {
        const fresh = r.sourceTree();
        expect(fresh, f.rel).not.toBeNull();
        if (fresh === null) continue;
        expect(difference(r.root, fresh), `${f.rel} record at line ${r.line}`).toBeNull();
        records++;
      }
    }
    expect(records).toBeGreaterThan(10_000);
  });

  it('spreads, serializes and compares as plain nodes do (same keys in the same order)', () => {
    const doc = parseGedcomBytes(
      Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME John /Smith/\n2 GIVN John\n1 NOTE a\n2 CONT b\n2 CONC c\n1 FAMS @F1@\n0 TRLR\n'),
    );
    const indi = doc.byXref('@I1@')?.root;
    expect(indi).toBeDefined();
    if (indi === undefined) return;
    expect(Object.keys(indi)).toEqual(['tag', 'xref', 'pointer', 'value', 'children', 'line']);
    expect(JSON.stringify(indi)).toBe(JSON.stringify(plain(indi)));
    expect(indi).toEqual(plain(indi));
    const copy = { ...indi, xref: null };
    expect(copy.children.map((c) => c.tag)).toEqual(['NAME', 'NOTE', 'FAMS']);
    expect(copy.children[1]?.value).toBe('a\nbc');
    expect(copy.children[2]?.pointer).toBe('@F1@');
  });

  it('keeps what a reader assigns, and the writer writes an edited tree canonically', () => {
    const text = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME John /Smith/\n2 GIVN John\n1 SEX M\n0 TRLR\n';
    const doc = parseGedcomBytes(Buffer.from(text));
    const rec = doc.byXref('@I1@');
    const name = rec?.root.children[0];
    expect(name?.tag).toBe('NAME');
    if (rec === undefined || name === undefined) return;
    name.value = 'Jack /Smith/';
    name.children = [...name.children, { tag: 'SURN', xref: null, pointer: null, value: 'Smith', children: [], line: 0 }];
    expect(rec.root.children[0]?.value).toBe('Jack /Smith/');
    expect(writeGedcomBytes(doc).toString('utf8')).toBe(text.replace('1 NAME John /Smith/\n2 GIVN John\n', '1 NAME Jack /Smith/\n2 GIVN John\n2 SURN Smith\n'));
  });
});
