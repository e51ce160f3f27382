import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANSEL_COMBINING, ANSEL_SPACING } from '../../src/gedcom/decode/ansel-table.js';
import { decodeAnsel, encodeAnsel } from '../../src/gedcom/decode/ansel.js';
import { singleByteCodec } from '../../src/gedcom/decode/single-byte.js';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { inspectGedcom } from '../../src/gedcom/inspect/inspect.js';

describe('ANSEL', () => {
  it('every spacing character round-trips', () => {
    for (const [byte, cp] of ANSEL_SPACING) {
      const ch = String.fromCodePoint(cp);
      expect(decodeAnsel(Buffer.from([byte]))).toBe(ch);
      const back = encodeAnsel(ch);
      expect(back.unrepresentable).toBe(0);
      expect(decodeAnsel(back.bytes)).toBe(ch);
      if (byte !== 0xc7) expect([...back.bytes]).toEqual([byte]);
    }
  });

  it('every combining mark precedes its base letter and round-trips', () => {
    for (const [byte, cp] of ANSEL_COMBINING) {
      for (const base of ['a', 'e', 'o', 'u', 'A', 'Z', 'n', 'c', 's']) {
        const text = decodeAnsel(Buffer.from([byte, base.charCodeAt(0)]));
        expect(text).toBe((base + String.fromCharCode(cp)).normalize('NFC'));
        const back = encodeAnsel(text);
        expect(back.unrepresentable).toBe(0);
        expect([...back.bytes]).toEqual([byte, base.charCodeAt(0)]);
      }
    }
  });

  it('decode(encode(text)) == NFC(text) for representable text', () => {
    const chars = [...'abcXYZ 019@', ...ANSEL_SPACING.filter(([b]) => b >= 0xa0).map(([, cp]) => String.fromCodePoint(cp)), 'é', 'ü', 'ñ', 'Å', 'ç', 'ő', 'ž'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...chars) }), (text) => {
        const enc = encodeAnsel(text);
        expect(enc.unrepresentable).toBe(0);
        expect(decodeAnsel(enc.bytes)).toBe(text.normalize('NFC'));
      }),
    );
  });

  it('joins CONC payloads as bytes, so a mark at the end of one line applies to the next letter', () => {
    const file = Buffer.concat([
      Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR ANSEL\n0 @N1@ NOTE Ren'),
      Buffer.from([0xe2]),
      Buffer.from('\n1 CONC e\n0 TRLR\n'),
    ]);
    const doc = parseGedcomBytes(file);
    expect(doc.byXref('@N1@')?.root.value).toBe('René');
  });
});

describe('UTF-8 split across CONC', () => {
  it('decodes a character whose bytes straddle two lines', () => {
    const e = Buffer.from('é', 'utf8');
    const file = Buffer.concat([
      Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE Ren'),
      e.subarray(0, 1),
      Buffer.from('\n1 CONC '),
      e.subarray(1),
      Buffer.from('\n0 TRLR\n'),
    ]);
    const doc = parseGedcomBytes(file);
    expect(doc.byXref('@N1@')?.root.value).toBe('René');
    expect(doc.diagnosticSummary().map((d) => d.code)).not.toContain('ENCODING_INVALID_BYTES');
  });

  it('inspect agrees, whatever the chunking', async () => {
    const e = Buffer.from('é', 'utf8');
    const file = Buffer.concat([
      Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @N1@ NOTE Ren'),
      e.subarray(0, 1),
      Buffer.from('\n1 CONC '),
      e.subarray(1),
      Buffer.from('\n0 TRLR\n'),
    ]);
    for (const size of [1, 3, 5, 64, 1000]) {
      const parts: Buffer[] = [];
      for (let i = 0; i < file.length; i += size) parts.push(file.subarray(i, i + size));
      const r = await inspectGedcom(parts);
      expect(r.encoding.detected).toBe('UTF-8');
      expect(r.findings.map((f) => f.code)).toEqual(['XREF_UNREFERENCED']);
    }
  });
});

describe('code pages', () => {
  for (const enc of ['CP1252', 'LATIN1', 'LATIN9', 'CP437', 'CP850', 'MACINTOSH'] as const) {
    it(`${enc}: every byte decodes without U+FFFD and encodes back`, () => {
      const codec = singleByteCodec(enc);
      for (let b = 0; b < 256; b++) {
        const ch = codec.decode(Buffer.from([b]), 0, 1);
        expect(ch).not.toBe('\ufffd');
        expect([...codec.encode(ch).bytes]).toEqual([b]);
      }
    });
  }

  it('IBMPC is decoded as a chosen DOS code page with a warning', () => {
    const file = Buffer.concat([
      Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR IBMPC\n0 @I1@ INDI\n1 NAME M'),
      Buffer.from([0x81]),
      Buffer.from('ller\n0 TRLR\n'),
    ]);
    const doc = parseGedcomBytes(file);
    expect(doc.encoding.used).toBe('CP437');
    expect(doc.byXref('@I1@')?.root.children[0]?.value).toBe('Müller');
    expect(doc.diagnosticSummary().map((d) => d.code)).toContain('ENCODING_CODEPAGE_AMBIGUOUS');
  });

  it('a CHAR that disagrees with the bytes is a warning naming the encoding used', () => {
    const file = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME Zoë\n0 TRLR\n', 'utf8');
    const doc = parseGedcomBytes(file);
    expect(doc.encoding.used).toBe('UTF-8');
    const d = doc.diagnostics.find((x) => x.code === 'ENCODING_CHAR_MISMATCH');
    expect(d?.message).toContain('UTF-8');
  });
});
