import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { inspectGedcomBytes } from '../../src/gedcom/inspect/inspect.js';
import { convertDocument, type ConversionTarget } from '../../src/gedcom/convert/index.js';
import { checkStrictV7 } from '../../src/gedcom/check/strict-v7.js';
import { GEDCOM_INPUT_LIMITS } from '../../src/gedcom/limits.js';
import { GedcomError } from '../../src/gedcom/errors.js';
import type { GedcomNode } from '../../src/gedcom/model.js';

/** Issue 13: one test per repair, each with the smallest file that shows it. */

const HEAD_551 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const file = (body: string, head = HEAD_551): Buffer => Buffer.from(`${head}${body}0 TRLR\n`, 'utf8');

function convert(bytes: Buffer, target: ConversionTarget = '7.0'): { text: string; bytes: Buffer; notes: Record<string, number> } {
  const r = convertDocument(parseGedcomBytes(bytes), target);
  const out = writeGedcomBytes(r.document);
  return { text: out.toString('utf8').replace(/^\ufeff/, ''), bytes: out, notes: r.noteCounts };
}

function codes(bytes: Buffer): string[] {
  return parseGedcomBytes(bytes)
    .diagnosticSummary()
    .map((d) => d.code);
}

describe('GEDCOM 5.5.5 (item 1)', () => {
  const v555 = (body: string, bom = true): Buffer =>
    Buffer.concat([
      bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
      file(body, '0 HEAD\n1 GEDC\n2 VERS 5.5.5\n2 FORM LINEAGE-LINKED\n3 VERS 5.5.5\n1 CHAR UTF-8\n'),
    ]);

  it('converts to 7.0 and to 5.5.1', () => {
    const bytes = v555('0 @I1@ INDI\n1 NAME A /B/\n');
    const seven = convert(bytes, '7.0');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    const five = convert(bytes, '5.5.1');
    expect(five.text).toContain('2 VERS 5.5.1');
    expect(parseGedcomBytes(five.bytes).version.family).toBe('5.5.1');
  });

  it('rewrites byte for byte', () => {
    const bytes = v555('0 @I1@ INDI\n1 NOTE ab\n2 CONC cd\n');
    expect(writeGedcomBytes(parseGedcomBytes(bytes)).equals(bytes)).toBe(true);
  });

  it('reports CONC splitting inside a word, a missing BOM and a legacy encoding', () => {
    expect(codes(v555('0 @I1@ INDI\n1 NOTE ab\n2 CONC cd\n'))).toContain('GEDCOM_555_CONC_INSIDE_WORD');
    expect(codes(v555('0 @I1@ INDI\n1 NOTE ab \n2 CONC cd\n'))).not.toContain('GEDCOM_555_CONC_INSIDE_WORD');
    expect(codes(v555('0 @I1@ INDI\n', false))).toContain('GEDCOM_555_BOM_MISSING');
    const ansel = Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5.5\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME \xe2e /B/\n0 TRLR\n', 'latin1');
    expect(codes(ansel)).toContain('GEDCOM_555_ENCODING');
  });
});

describe('files without a supported version (item 2)', () => {
  const noVers = Buffer.from('0 HEAD\n1 SOUR PAF\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME A /B/\n1 BIRT\n2 DATE 1 JAN 1900\n0 TRLR\n', 'latin1');

  it('is refused for conversion without an assumed version, naming the choice', () => {
    try {
      convertDocument(parseGedcomBytes(noVers), '7.0');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GedcomError);
      expect((e as GedcomError).code).toBe('GEDCOM_VERSION_UNSUPPORTED');
      expect((e as GedcomError).remediation).toMatch(/assume version/);
    }
  });

  it('inspect gives a probable version with evidence', async () => {
    const r = await inspectGedcomBytes(noVers);
    expect(r.version.probable?.version).toBe('5.5');
    expect(r.version.probable?.evidence.map((e) => e.kind)).toEqual(expect.arrayContaining(['charset', 'producer']));
  });

  it('with an assumed version it rewrites byte for byte and converts with findings', () => {
    const doc = parseGedcomBytes(noVers, { assumeVersion: '5.5' });
    expect(doc.version).toMatchObject({ declared: null, family: '5.5', assumed: '5.5' });
    expect(doc.diagnosticSummary().map((d) => d.code)).toContain('GEDCOM_VERSION_ASSUMED');
    expect(writeGedcomBytes(doc).equals(noVers)).toBe(true);
    expect(checkStrictV7(writeGedcomBytes(convertDocument(doc, '7.0').document))).toEqual([]);
  });

  it('5.01 is read with an assumed version; a declared supported version always wins', () => {
    const v501 = file('0 @I1@ INDI\n', '0 HEAD\n1 GEDC\n2 VERS 5.01\n');
    expect(parseGedcomBytes(v501).version.family).toBeNull();
    expect(parseGedcomBytes(v501, { assumeVersion: '5.5.1' }).version.family).toBe('5.5.1');
    expect(parseGedcomBytes(file('0 @I1@ INDI\n'), { assumeVersion: '7.0' }).version.family).toBe('5.5.1');
  });
});

describe('valid 7.0 output (item 3)', () => {
  it('SEX continued with CONT: the value, and the text in _PHRASE; back in 5.5.1 as it was', () => {
    const bytes = file('0 @I1@ INDI\n1 SEX M\n2 CONT 2 SOUR @S1@\n');
    const seven = convert(bytes);
    expect(seven.text).toContain('1 SEX M\n2 _PHRASE M\n3 CONT 2 SOUR @S1@\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(convert(seven.bytes, '5.5.1').text).toContain('1 SEX M\n2 CONT 2 SOUR @@S1@@\n');
  });

  it('SEX without a 7.0 value becomes U (with the text kept); empty SEX becomes U', () => {
    const seven = convert(file('0 @I1@ INDI\n1 SEX Male\n0 @I2@ INDI\n1 SEX\n'));
    expect(seven.text).toContain('1 SEX M\n');
    expect(seven.text).toContain('0 @I2@ INDI\n1 SEX U\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('an enumeration without OTHER and a foreign value is kept whole as an extension', () => {
    const seven = convert(file('0 @S1@ SOUR\n0 @I1@ INDI\n1 SOUR @S1@\n2 QUAY high\n'));
    expect(seven.text).toContain('2 _EXT_QUAY high\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('a CONT under a pointer line becomes _EXT_CONT', () => {
    const seven = convert(file('0 @F1@ FAM\n0 @I1@ INDI\n1 FAMS @F1@\n2 CONT text\n'));
    expect(seven.text).toContain('1 FAMS @F1@\n2 _EXT_CONT text\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('a malformed line never reaches the output as it is', () => {
    const seven = convert(file('0 @I1@ INDI\n1 NAME A /B/\nthis is not a line\n'));
    expect(seven.text).toContain('_UNPARSED this is not a line\n');
    expect(seven.notes.MALFORMED_LINE_KEPT).toBe(1);
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('mixed and LF CR terminators come out as one terminator', () => {
    const mixed = Buffer.from('0 HEAD\n\r1 GEDC\n\r2 VERS 5.5.1\r\n0 @I1@ INDI\n\r0 TRLR\n\r', 'latin1');
    const seven = convert(mixed);
    expect(seven.bytes.includes('\r')).toBe(false);
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('a vertical tab or form feed in a note (a soft line break of some programs) becomes a line break, not U+FFFD', () => {
    const seven = convert(file('0 @I1@ INDI\n1 NOTE Served in Burma.\x0bTrained as a forester.\x0cRetired.\n'));
    expect(seven.text).toContain('1 NOTE Served in Burma.\n2 CONT Trained as a forester.\n2 CONT Retired.\n');
    expect(seven.text).not.toContain('\ufffd');
    expect(seven.notes.VERTICAL_BREAK_AS_LINE_BREAK).toBe(1);
    expect(seven.notes.BANNED_CHARACTER_REPLACED).toBeUndefined();
    expect(checkStrictV7(seven.bytes)).toEqual([]);
  });

  it('characters 7.0 bans are replaced and counted', () => {
    const seven = convert(file('0 @I1@ INDI\n1 NOTE a\x01b\n'));
    expect(seven.text).toContain('1 NOTE a\ufffdb\n');
    expect(seven.notes.BANNED_CHARACTER_REPLACED).toBe(1);
  });

  it('an identifier on a substructure and a duplicate record identifier are settled', () => {
    const seven = convert(file('0 @N1@ NOTE a\n1 @N1@ CONT b\n0 @N1@ NOTE c\n'));
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(seven.notes.DUPLICATE_XREF_RENAMED).toBe(1);
  });
});

describe('no silent loss (item 4)', () => {
  it('a date with trailing text keeps its date and the text as PHRASE, and comes back', () => {
    const seven = convert(file('0 @I1@ INDI\n1 BIRT\n2 DATE 7 JAN 1932 SL\n'));
    expect(seven.text).toContain('2 DATE 7 JAN 1932\n3 PHRASE 7 JAN 1932 SL\n');
    expect(convert(seven.bytes, '5.5.1').text).toContain('2 DATE 7 JAN 1932 SL\n');
  });

  it('a pointer to a missing record keeps its identifier next to @VOID@, and comes back', () => {
    const seven = convert(file('0 @I1@ INDI\n1 FAMC @F9@\n'));
    expect(seven.text).toContain('1 FAMC @VOID@\n2 _XREF @@F9@\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(convert(seven.bytes, '5.5.1').text).toContain('1 FAMC @F9@\n');
  });

  it('tags kept as _EXT_ come back as themselves in 5.5.1', () => {
    const seven = convert(file('0 @I1@ INDI\n1 FOOB x\n'));
    expect(seven.text).toContain('1 _EXT_FOOB x\n');
    expect(convert(seven.bytes, '5.5.1').text).toContain('1 FOOB x\n');
  });

  it('an enumeration value kept as OTHER + PHRASE comes back', () => {
    const seven = convert(file('0 @F1@ FAM\n0 @I1@ INDI\n1 FAMC @F1@\n2 PEDI step\n'));
    expect(seven.text).toContain('2 PEDI OTHER\n3 PHRASE step\n');
    expect(convert(seven.bytes, '5.5.1').text).toContain('2 PEDI step\n');
  });
});

describe('hostile files (item 6)', () => {
  const deep = (depth: number): Buffer => {
    const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '0 @I1@ INDI'];
    for (let level = 1; level <= depth; level++) lines.push(`${level} _X n`);
    lines.push('0 TRLR', '');
    return Buffer.from(lines.join('\n'), 'utf8');
  };

  it('a file nested 200,000 levels converts both ways without recursion', () => {
    const seven = convert(deep(200_000));
    const back = convert(seven.bytes, '5.5.1');
    expect(parseGedcomBytes(back.bytes).records.length).toBe(3);
  });

  it('a line over the named limit is a finding at scan time and conversion refuses it with its line', () => {
    const bytes = file(`0 @I1@ INDI\n1 NOTE ${'x'.repeat(GEDCOM_INPUT_LIMITS.maxLineBytes)}\n`);
    expect(codes(bytes)).toContain('LINE_OVER_LIMIT');
    expect(() => convertDocument(parseGedcomBytes(bytes), '7.0')).toThrow(expect.objectContaining({ code: 'GEDCOM_INPUT_LIMIT', line: 6 }));
    expect(writeGedcomBytes(parseGedcomBytes(bytes)).equals(bytes)).toBe(true);
  });

  it('a CONC bomb over the value limit is refused before its value is built', () => {
    const line = `2 CONC ${'y'.repeat(1000)}\n`;
    const count = Math.ceil(GEDCOM_INPUT_LIMITS.maxValueBytes / 1000) + 1;
    const bytes = file(`0 @I1@ INDI\n1 NOTE x\n${line.repeat(count)}`);
    const doc = parseGedcomBytes(bytes);
    expect(doc.diagnosticSummary().find((d) => d.code === 'VALUE_OVER_LIMIT')?.firstLine).toBeGreaterThan(5);
    expect(() => convertDocument(doc, '7.0')).toThrow(expect.objectContaining({ code: 'GEDCOM_INPUT_LIMIT' }));
    // materializing anyway fails with the same stable code, not a JavaScript error
    expect(() => (doc.records[1] as { root: GedcomNode }).root).toThrow(expect.objectContaining({ code: 'GEDCOM_INPUT_LIMIT' }));
  });
});
