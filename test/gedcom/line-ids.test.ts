import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { XrefIds } from '../../src/gedcom/inspect/xref-ids.js';
import { XrefSet } from '../../src/gedcom/lines/xref-set.js';
import { TagIds } from '../../src/gedcom/lines/tag-ids.js';
import { tagFoldsToUpper } from '../../src/gedcom/lines/tag-case.js';
import { CONC_LINE, LineScanner } from '../../src/gedcom/lines/scanner.js';
import { ConcJoinedStats } from '../../src/gedcom/decode/joined-stats.js';
import { statsOf } from '../../src/gedcom/decode/byte-stats.js';

// The structures inspect and the index parse use instead of strings (issue 31 item 3), against the
// plain definitions they stand for: a Map of xref text, a Set, the tag as read, the joined bytes.

/** Xrefs as a file may write them: many prefixes (more than the eight with a table), numbers up to 2e9, leading zeros, odd shapes. */
const xrefArb = fc
  .oneof(
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom('I', 'F', 'S', '', 'ABCD', 'ABCDE', 'é', 'X1', 'N', 'R', 'M', 'P', 'Q', '#'), fc.nat({ max: 2e9 })) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom('I', 'F'), fc.nat({ max: 70_000 })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('I0', 'F00', ''), fc.nat({ max: 99 })) },
  )
  .map(([prefix, n]) => `@${prefix}${n}@`);
const oddArb = fc.constantFrom('@@', '@VOID@', 'I1', '@I1', '@I1x@', '@I012@', '@0@', '@I1234567890@');
const xrefsArb = fc.array(fc.oneof({ weight: 20, arbitrary: xrefArb }, { weight: 1, arbitrary: oddArb }), { maxLength: 3000 });

describe('xref ids and sets', () => {
  it('XrefIds gives each xref the index of its first sight, as a Map of its text would', () => {
    fc.assert(
      fc.property(xrefsArb, (xrefs) => {
        const ids = new XrefIds();
        const byText = new Map<string, number>();
        for (const xref of xrefs) {
          const bytes = Buffer.from(`x ${xref} y`, 'utf8');
          const want = byText.get(xref) ?? byText.size;
          byText.set(xref, want);
          expect(ids.id(bytes, 2, bytes.length - 2)).toBe(want);
        }
        expect(ids.size).toBe(byText.size);
      }),
      { numRuns: 200 },
    );
  });

  it('an xref met before its table covered its number keeps its id once the table does', () => {
    const ids = new XrefIds();
    const id = (xref: string): number => ids.id(Buffer.from(xref), 0, xref.length);
    const early = [id('@I70000@'), id('@I200000@'), id('@F99999999@')];
    // enough other ids for the tables to grow past 70,000 (but not 200,000)
    for (let n = 1; n <= 5000; n++) expect(id(`@I${n}@`)).toBe(2 + n);
    expect([id('@I70000@'), id('@I200000@'), id('@F99999999@')]).toEqual(early);
    expect(id('@I70001@')).toBe(5003);
    expect(ids.size).toBe(5004);
  });

  it('pointers ahead of their records, as in tangled parentage, get the ids a Map of their text gives', () => {
    const ids = new XrefIds();
    const byText = new Map<string, number>();
    const got: number[] = [];
    const want: number[] = [];
    let seed = 7;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 1);
    for (let n = 0; n < 100_000; n++) {
      // the record, then a pointer to a person up to 150,000 numbers ahead (beyond the tables at first)
      for (const xref of [`@I${n}@`, `@I${n + (next() % 150_000)}@`]) {
        const id = byText.get(xref) ?? byText.size;
        byText.set(xref, id);
        want.push(id);
        got.push(ids.id(Buffer.from(xref, 'latin1'), 0, xref.length));
      }
    }
    expect(got).toEqual(want);
    expect(ids.size).toBe(byText.size);
  });

  it('XrefSet.add is true exactly for an xref not added before', () => {
    fc.assert(
      fc.property(xrefsArb, (xrefs) => {
        const set = new XrefSet();
        const seen = new Set<string>();
        for (const xref of xrefs) {
          const bytes = Buffer.from(xref, 'utf8');
          expect(set.add(bytes, 0, bytes.length, xref)).toBe(!seen.has(xref));
          seen.add(xref);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('tag ids', () => {
  it('two tags have one id exactly when they read alike (a standard tag in any case reads upper case)', () => {
    const tagArb = fc.oneof(
      fc.constantFrom('INDI', 'indi', 'Indi', 'CONC', 'conc', 'CONT', 'HEAD', 'TRLR', 'trlr', 'NAME', 'NAMES', 'NAMEX', '_UID', '_uid', 'É', 'A1', 'a1'),
      fc.string({ unit: fc.constantFrom(...'ACDEINOTacdeint_1@é'.split('')), minLength: 1, maxLength: 7 }),
    );
    fc.assert(
      fc.property(fc.array(tagArb, { maxLength: 500 }), (tags) => {
        const ids = new TagIds();
        const idOf = new Map<string, number>();
        for (const tag of tags) {
          const bytes = Buffer.from(tag, 'latin1');
          const read = tagFoldsToUpper(bytes, 0, bytes.length) ? tag.toUpperCase() : tag;
          const id = ids.id(bytes, 0, bytes.length);
          expect(ids.text(id)).toBe(read);
          expect(idOf.get(read) ?? id).toBe(id);
          idOf.set(read, id);
        }
        expect(new Set(idOf.values()).size).toBe(idOf.size);
      }),
      { numRuns: 300 },
    );
  });

  it('the scanner tells CONC and CONT as tagIs does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'CONTcont_@1'.split('')), minLength: 1, maxLength: 6 }), (tag) => {
        const s = new LineScanner();
        s.reset(Buffer.from(`1 ${tag} x\n`, 'latin1'));
        expect(s.next()).toBe(true);
        const want = s.tagIs('CONC') ? CONC_LINE : s.tagIs('CONT') ? 2 : 0;
        expect(s.continuation()).toBe(want);
      }),
    );
  });
});

/** The file's bytes with every CONC line below level 0 joined to the line before (its terminator and prefix left out). */
function joined(file: Buffer): Buffer {
  const s = new LineScanner();
  s.reset(file);
  const parts: Buffer[] = [];
  let start = 0;
  let lastEnd = -1;
  while (s.next()) {
    if (s.level > 0 && s.tagIs('CONC')) {
      if (lastEnd >= start) parts.push(file.subarray(start, lastEnd));
      start = s.valueStart;
    }
    lastEnd = s.lineEnd;
  }
  parts.push(file.subarray(start));
  return Buffer.concat(parts);
}

describe('byte statistics with CONC lines joined', () => {
  const pieceArb = fc.oneof(
    fc.constantFrom('1 NOTE ', '2 CONC ', '2 conc ', '2 CONT ', '0 CONC ', '2 @X\u00e9@ CONC ', '\n', '\r\n', '\r', 'x', ' '),
    fc.constantFrom(
      ...[[0xc3], [0xa9], [0xe2, 0x82], [0xac], [0xf0, 0x9d], [0x84, 0x9e], [0xe9], [0x80], [0xff]].map((b) => Buffer.from(b).toString('latin1')),
    ),
  );
  const fileArb = fc.array(pieceArb, { maxLength: 60 }).map((pieces) => Buffer.from(pieces.join(''), 'latin1'));

  it('counted buffer by buffer as the lines go by, they say what the joined bytes of the whole file say', () => {
    fc.assert(
      fc.property(fileArb, fc.integer({ min: 1, max: 40 }), fc.boolean(), (file, size, histogram) => {
        const stats = new ConcJoinedStats(histogram);
        // buffers cut at line starts, as inspect's scan hands them over
        const s = new LineScanner();
        s.reset(file);
        let bufferStart = 0;
        const starts: number[] = [];
        while (s.next()) starts.push(s.lineStart);
        s.reset(file);
        for (let k = 0; k <= starts.length; k++) {
          const at = k < starts.length ? (starts[k] as number) : file.length;
          if (k < starts.length && at - bufferStart < size) continue;
          const buf = file.subarray(bufferStart, at);
          if (buf.length > 0) {
            const lines = new LineScanner();
            lines.reset(buf, 1, s.lfcrMode);
            stats.begin(buf);
            while (lines.next()) {
              if (lines.level > 0 && lines.tagIs('CONC')) stats.conc(lines.valueStart);
              stats.line(lines.lineEnd, lines.terminator !== 0);
            }
            stats.end();
          }
          bufferStart = at;
        }
        const got = stats.finish();
        const want = statsOf(joined(file), histogram);
        expect(got.asciiOnly).toBe(want.asciiOnly);
        expect(got.utf8Valid).toBe(want.utf8Valid);
        expect(got.highBytes === null ? null : [...got.highBytes]).toEqual(want.highBytes === null ? null : [...want.highBytes]);
      }),
      { numRuns: 500 },
    );
  });
});
