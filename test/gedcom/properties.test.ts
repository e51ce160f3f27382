import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { inspectGedcomBytes } from '../../src/gedcom/inspect/inspect.js';
import { GedcomDocument } from '../../src/gedcom/document.js';
import { nodesEqual } from '../../src/gedcom/model.js';
import type { GedcomEncoding, GedcomNode } from '../../src/gedcom/model.js';

const structural = fc.constantFrom(...'0123 @_ABCDINOT\n\r\t'.split('').map((c) => c.charCodeAt(0)), 0x00, 0xef, 0xbb, 0xbf, 0xff, 0xfe, 0xe2, 0xc3);
const gedcomish = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), structural), { maxLength: 400 }).map((a) => Buffer.from(a));
const headed = fc
  .tuple(fc.constantFrom('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR ANSEL\n', '0 HEAD\n1 GEDC\n2 VERS 7.0\n', '\ufeff0 HEAD\n1 CHAR IBMPC\n', ''), gedcomish)
  .map(([h, b]) => Buffer.concat([Buffer.from(h, 'utf8'), b]));

describe('arbitrary bytes', () => {
  it('parse, materialize, write and inspect never throw; untouched bytes round-trip', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          gedcomish,
          headed,
          fc.uint8Array({ maxLength: 300 }).map((u) => Buffer.from(u)),
        ),
        async (bytes) => {
          const doc = parseGedcomBytes(bytes);
          doc.materializeAll();
          const out = writeGedcomBytes(doc);
          const invalid = doc.diagnosticSummary().some((d) => d.code === 'ENCODING_INVALID_BYTES');
          if (!invalid) expect(out.equals(bytes)).toBe(true);
          writeGedcomBytes(doc, { canonical: true });
          const result = await inspectGedcomBytes(bytes);
          expect(result.bytes).toBe(bytes.length);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

const tagArb = fc.constantFrom('NAME', 'NOTE', 'DATE', 'PLAC', 'SOUR', 'PAGE', 'TEXT', '_UID', '_X1', 'EVEN', 'TYPE', 'FAMC', 'BIRT');
const textArb = fc
  .string({
    unit: fc.oneof(fc.constantFrom('@', ' ', '\n', '#', 'D', 'é', 'ß', 'x', '\t', 'Ø'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    maxLength: 500,
  })
  .map((s) => s.replace(/\r/g, ''))
  .filter((s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')));
const xrefArb = fc.stringMatching(/^@[A-Z][A-Z0-9_]{0,8}@$/);

const nodeArb: fc.Memo<GedcomNode> = fc.memo((depth) =>
  fc
    .record({
      tag: tagArb,
      pointer: fc.option(xrefArb, { freq: 4 }),
      value: textArb,
      children: depth > 1 ? fc.array(nodeArb(depth - 1), { maxLength: 4 }) : fc.constant([]),
    })
    .map(({ tag, pointer, value, children }): GedcomNode => ({
      tag,
      xref: null,
      pointer,
      value: pointer === null ? value : '',
      children: [...children],
      line: 0,
    })),
);

const recordArb = fc
  .record({ tag: fc.constantFrom('INDI', 'FAM', 'NOTE', 'SOUR', '_LOC'), xref: xrefArb, value: textArb, children: fc.array(nodeArb(3), { maxLength: 5 }) })
  .map((r): GedcomNode => ({ tag: r.tag, xref: r.xref, pointer: null, value: r.tag === 'NOTE' ? r.value : '', children: r.children, line: 0 }));

function roundTrip(version: string, encoding: GedcomEncoding, roots: GedcomNode[]): void {
  const doc = GedcomDocument.create({ version, encoding, bom: encoding !== 'ANSEL' });
  for (const r of roots) doc.addRecord(r);
  const bytes = writeGedcomBytes(doc);
  const again = parseGedcomBytes(bytes);
  expect(again.records.length).toBe(roots.length);
  roots.forEach((r, i) => {
    const got = again.records[i]?.root;
    expect(got !== undefined && nodesEqual(r, got)).toBe(true);
  });
}

describe('parse(write(model)) == model', () => {
  for (const [version, encoding] of [
    ['5.5.1', 'UTF-8'],
    ['7.0', 'UTF-8'],
    ['5.5.1', 'UTF-16LE'],
    ['5.5.1', 'UTF-16BE'],
  ] as const) {
    it(`${version} ${encoding}`, () => {
      fc.assert(
        fc.property(fc.array(recordArb, { maxLength: 6 }), (records) => {
          const head: GedcomNode = {
            tag: 'HEAD',
            xref: null,
            pointer: null,
            value: '',
            line: 0,
            children: [
              {
                tag: 'GEDC',
                xref: null,
                pointer: null,
                value: '',
                line: 0,
                children: [{ tag: 'VERS', xref: null, pointer: null, value: version, line: 0, children: [] }],
              },
              ...(version === '7.0'
                ? []
                : [{ tag: 'CHAR', xref: null, pointer: null, value: encoding === 'UTF-8' ? 'UTF-8' : 'UNICODE', line: 0, children: [] }]),
            ],
          };
          const trlr: GedcomNode = { tag: 'TRLR', xref: null, pointer: null, value: '', line: 0, children: [] };
          roundTrip(version, encoding, [head, ...records, trlr]);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('5.x lines stay within 255 characters: runs of @, spaces, date escapes, marks, astral characters', () => {
    const run = fc
      .tuple(fc.constantFrom('@', ' ', 'x', 'é', '\u0301', '😀', '@#DJULIAN@', '@#', '\n'), fc.integer({ min: 1, max: 320 }))
      .map(([u, n]) => u.repeat(n));
    const value = fc.array(run, { minLength: 1, maxLength: 4 }).map((runs) => runs.join(''));
    const xref = fc.constantFrom('@N1@', '@' + 'N'.repeat(60) + '@');
    for (const encoding of ['UTF-8', 'UTF-16LE'] as const) {
      fc.assert(
        fc.property(value, xref, (text, x) => {
          const doc = GedcomDocument.create({ version: '5.5.1', encoding, bom: encoding !== 'UTF-8' });
          doc.addRecord({ tag: 'NOTE', xref: x, pointer: null, value: text, line: 0, children: [] });
          const bytes = writeGedcomBytes(doc);
          const lines = bytes
            .toString(encoding === 'UTF-8' ? 'utf8' : 'utf16le')
            .replace(/^\ufeff/, '')
            .split('\n');
          for (const line of lines) expect(line.length + 1).toBeLessThanOrEqual(255);
          const again = parseGedcomBytes(bytes);
          expect(again.diagnostics.filter((d) => d.code === 'LINE_TOO_LONG')).toEqual([]);
          expect(again.byXref(x)?.root.value).toBe(text);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('5.5.1 ANSEL with Latin letters', () => {
    const latin = fc.string({ unit: fc.constantFrom(...'aeéèêëøØßñçÅåŁłÆæŒœ @\nxyz'.split('')), maxLength: 400 });
    fc.assert(
      fc.property(latin, (text) => {
        const head: GedcomNode = {
          tag: 'HEAD',
          xref: null,
          pointer: null,
          value: '',
          line: 0,
          children: [
            {
              tag: 'GEDC',
              xref: null,
              pointer: null,
              value: '',
              line: 0,
              children: [{ tag: 'VERS', xref: null, pointer: null, value: '5.5.1', line: 0, children: [] }],
            },
            { tag: 'CHAR', xref: null, pointer: null, value: 'ANSEL', line: 0, children: [] },
          ],
        };
        const note: GedcomNode = { tag: 'NOTE', xref: '@N1@', pointer: null, value: text.normalize('NFC'), line: 0, children: [] };
        roundTrip('5.5.1', 'ANSEL', [head, note]);
      }),
      { numRuns: 300 },
    );
  });
});
