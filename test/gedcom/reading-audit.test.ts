import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { inspectGedcom, inspectGedcomBytes } from '../../src/gedcom/inspect/inspect.js';
import { convertDocument, type ConversionTarget } from '../../src/gedcom/convert/index.js';
import { checkStrictV7 } from '../../src/gedcom/check/strict-v7.js';
import type { GedcomInspectResult } from '../../src/gedcom/inspect/result.js';

/** The reading defects an audit found (.scratch/audit-gedcom): one block per defect, the smallest file that shows it. */

const HEAD_551 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const HEAD_70 = '0 HEAD\n1 GEDC\n2 VERS 7.0\n';
const EMPTY_GEDCOM = `${HEAD_551}0 TRLR\n`;

function convert(bytes: Buffer, target: ConversionTarget = '7.0'): { text: string; bytes: Buffer; notes: Record<string, number> } {
  const r = convertDocument(parseGedcomBytes(bytes), target);
  const out = writeGedcomBytes(r.document);
  return { text: out.toString('utf8').replace(/^\ufeff/, ''), bytes: out, notes: r.noteCounts };
}

const codes = (bytes: Buffer): string[] =>
  parseGedcomBytes(bytes)
    .diagnosticSummary()
    .map((d) => d.code);
const findings = (r: GedcomInspectResult): string[] => r.findings.map((f) => f.code);

/** Parse findings a 5.5.1 output of the engine must not have (as test/gedcom/corpus-versions.test.ts). */
function errors551(bytes: Buffer): string[] {
  return parseGedcomBytes(bytes)
    .diagnostics.filter((d) => d.severity === 'error' || d.code === 'CONTENT_AFTER_TRLR' || d.code === 'CONTINUATION_MISPLACED' || d.code === 'TRLR_NOT_EMPTY')
    .map((d) => `${d.code}@${d.line}`);
}

async function inspectInChunks(bytes: Buffer, size: number): Promise<GedcomInspectResult> {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return inspectGedcom(parts);
}

describe('1: input that is not GEDCOM is never given an assumed version', () => {
  const html = Buffer.from('<html><body>not gedcom</body></html>\n');
  const binary = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 0xff));

  it.each([
    ['html', html],
    ['binary', binary],
    ['blank lines only', Buffer.from('\n\n  \n')],
  ])('%s: the assumption is not applied and conversion is refused', (_name, bytes) => {
    const doc = parseGedcomBytes(bytes, { assumeVersion: '5.5.1' });
    expect(doc.version.family).toBeNull();
    expect(doc.version.assumed).toBeUndefined();
    expect(codes(bytes)).toContain('FILE_NOT_GEDCOM');
    expect(() => convertDocument(doc, '7.0')).toThrow(expect.objectContaining({ code: 'GEDCOM_VERSION_UNSUPPORTED' }));
    expect(() => convertDocument(doc, '7.0', { assumeSourceVersion: '5.5.1' })).toThrow(expect.objectContaining({ code: 'GEDCOM_VERSION_UNSUPPORTED' }));
  });

  it('an empty file is not given an assumed version either', () => {
    expect(parseGedcomBytes(Buffer.alloc(0), { assumeVersion: '7.0' }).version.family).toBeNull();
  });

  it('inspect gives no probable version without evidence', async () => {
    const r = await inspectGedcomBytes(html);
    expect(findings(r)).toContain('FILE_NOT_GEDCOM');
    expect(r.version.probable).toBeNull();
    expect((await inspectGedcomBytes(Buffer.from('0 HEAD\n0 TRLR\n'))).version.probable).toBeNull();
    expect((await inspectGedcomBytes(Buffer.from('0 HEAD\n1 CHAR ANSEL\n0 TRLR\n'))).version.probable?.version).toBe('5.5');
  });
});

describe('2: DOS end-of-file mark and NUL padding after the last line', () => {
  const body = `${HEAD_551}0 @I1@ INDI\n1 NAME A /B/\n0 TRLR\n`;
  const cases: [string, Buffer][] = [
    ['Ctrl-Z', Buffer.from(`${body}\x1a`, 'latin1')],
    ['NUL padding', Buffer.concat([Buffer.from(body), Buffer.alloc(64)])],
    ['Ctrl-Z and NULs after CRLF', Buffer.from(`${body.replaceAll('\n', '\r\n')}\x1a\x00\x00\r\n\x00`, 'latin1')],
    ['Ctrl-Z right after TRLR', Buffer.from(`${body.slice(0, -1)}\x1a`, 'latin1')],
  ];

  it.each(cases)('%s: dropped when reading with a finding, kept by a byte-for-byte rewrite', (_name, bytes) => {
    const doc = parseGedcomBytes(bytes);
    expect(codes(bytes)).toContain('FILE_END_PADDING');
    expect(codes(bytes)).not.toContain('LINE_MALFORMED');
    expect(doc.records.map((r) => r.tag)).toEqual(['HEAD', 'INDI', 'TRLR']);
    expect(doc.records[2]?.root.children).toEqual([]);
    expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
  });

  it.each(cases)('%s: every conversion is strict-clean', (_name, bytes) => {
    const seven = convert(bytes);
    expect(seven.text.endsWith('0 TRLR\n') || seven.text.endsWith('0 TRLR\r\n')).toBe(true);
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    const five = convert(seven.bytes, '5.5.1');
    expect(errors551(five.bytes)).toEqual([]);
  });

  it.each(cases)('%s: inspect agrees, whatever the chunking', async (_name, bytes) => {
    for (const size of [1, 7, 64, 100_000]) {
      const r = await inspectInChunks(bytes, size);
      expect(findings(r)).toContain('FILE_END_PADDING');
      expect(findings(r)).not.toContain('LINE_MALFORMED');
      expect(r.records.byType).toEqual({ HEAD: 1, INDI: 1, TRLR: 1 });
    }
  });

  it('UTF-16LE with a Ctrl-Z code unit: dropped, and written back byte for byte', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${body.replace('UTF-8', 'UNICODE')}\x1a`, 'utf16le')]);
    const doc = parseGedcomBytes(bytes);
    expect(codes(bytes)).toContain('FILE_END_PADDING');
    expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
    expect(checkStrictV7(convert(bytes).bytes)).toEqual([]);
  });

  it('a 7.0 file that ends in padding is not strict 7.0', () => {
    expect(checkStrictV7(Buffer.from(`${HEAD_70}0 TRLR\n\x1a`, 'latin1')).map((f) => f.code)).toContain('FILE_END_PADDING');
  });

  it('a file of padding only is not GEDCOM', () => {
    expect(codes(Buffer.alloc(512))).toContain('FILE_NOT_GEDCOM');
  });
});

describe('3: tags are matched case-insensitively for structure', () => {
  const lower = Buffer.from(`${HEAD_551}0 @I1@ indi\n1 name A /B/\n1 note a\n2 cont b\n1 birt\n2 date 1 jan 1900\n0 trlr\n`);

  it('parse: trlr is the trailer and indi an individual, with a finding', () => {
    const doc = parseGedcomBytes(lower);
    expect(doc.records.map((r) => r.tag)).toEqual(['HEAD', 'INDI', 'TRLR']);
    expect(doc.records[1]?.root.children.map((c) => c.tag)).toEqual(['NAME', 'NOTE', 'BIRT']);
    expect(doc.records[1]?.root.children[1]?.value).toBe('a\nb');
    const summary = codes(lower);
    expect(summary).toContain('TAG_CASE_NORMALIZED');
    expect(summary).not.toContain('TRLR_MISSING');
    expect(writeGedcomBytes(doc).equals(lower)).toBe(true);
  });

  it('inspect: record types in upper case, no missing trailer', async () => {
    const r = await inspectGedcomBytes(lower);
    expect(r.records.byType).toEqual({ HEAD: 1, INDI: 1, TRLR: 1 });
    expect(findings(r)).toContain('TAG_CASE_NORMALIZED');
    expect(findings(r)).not.toContain('TRLR_MISSING');
  });

  it('a lower-case header is the header', () => {
    const doc = parseGedcomBytes(Buffer.from('0 head\n1 gedc\n2 vers 5.5.1\n1 char UTF-8\n0 trlr\n'));
    expect(doc.version.family).toBe('5.5.1');
    expect(codes(Buffer.from('0 head\n1 gedc\n2 vers 5.5.1\n0 trlr\n'))).not.toContain('HEAD_MISSING');
  });

  it('converts to 7.0 and back with one trailer, strict-clean, the change noted', () => {
    const seven = convert(lower);
    expect(seven.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(seven.text).toContain('0 @I1@ INDI\n1 NAME A /B/\n1 NOTE a\n2 CONT b\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(seven.notes.TAG_CASE_NORMALIZED).toBeGreaterThan(0);
    const five = convert(seven.bytes, '5.5.1');
    expect(five.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(errors551(five.bytes)).toEqual([]);
  });

  it('extension tags keep their case when read', () => {
    const doc = parseGedcomBytes(Buffer.from(`${HEAD_551}0 @I1@ INDI\n1 _uid x\n0 TRLR\n`));
    expect(doc.records[1]?.root.children[0]?.tag).toBe('_uid');
  });
});

describe('4: one HEAD first and an empty TRLR', () => {
  const one = (id: string): string => `${HEAD_551}0 @${id}@ INDI\n1 NAME ${id} /B/\n0 TRLR\n`;
  const twice = Buffer.from(one('I1') + one('I2'));
  const trlrValue = Buffer.from(`${HEAD_551}0 @I1@ INDI\n0 TRLR garbage\n`);

  it('the strict checker flags a second HEAD and a TRLR with a payload', () => {
    expect(checkStrictV7(Buffer.from(`${HEAD_70}0 @I1@ INDI\n${HEAD_70}0 TRLR\n`)).map((f) => f.code)).toContain('HEAD_REPEATED');
    expect(checkStrictV7(Buffer.from(`${HEAD_70}0 TRLR garbage\n`)).map((f) => f.code)).toContain('TRLR_NOT_EMPTY');
    expect(checkStrictV7(Buffer.from(`${HEAD_70}0 TRLR\n1 _X y\n`)).map((f) => f.code)).toContain('TRLR_NOT_EMPTY');
  });

  it('parse and inspect report them', async () => {
    expect(codes(twice)).toEqual(expect.arrayContaining(['HEAD_REPEATED', 'CONTENT_AFTER_TRLR']));
    expect(codes(trlrValue)).toContain('TRLR_NOT_EMPTY');
    expect(findings(await inspectGedcomBytes(twice))).toContain('HEAD_REPEATED');
    expect(findings(await inspectGedcomBytes(trlrValue))).toContain('TRLR_NOT_EMPTY');
  });

  it('two concatenated files: one HEAD first, the second kept as _EXT_HEAD, one TRLR last; both ways strict-clean', () => {
    const seven = convert(twice);
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(seven.text.match(/^0 HEAD$/gm)).toHaveLength(1);
    expect(seven.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(seven.text).toContain('0 _EXT_HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I2@ INDI\n');
    expect(seven.notes.HEAD_REPEATED_AS_EXTENSION).toBe(1);
    const five = convert(seven.bytes, '5.5.1');
    expect(five.text.match(/^0 HEAD$/gm)).toHaveLength(1);
    expect(five.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(errors551(five.bytes)).toEqual([]);
  });

  it('a TRLR payload: the trailer is written empty, its payload kept in _EXT_TRLR before it', () => {
    const seven = convert(trlrValue);
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(seven.text.endsWith('0 _EXT_TRLR garbage\n0 TRLR\n')).toBe(true);
    expect(seven.notes.TRLR_CONTENT_AS_EXTENSION).toBe(1);
    const five = convert(seven.bytes, '5.5.1');
    expect(five.text.endsWith('0 _EXT_TRLR garbage\n0 TRLR\n')).toBe(true);
    expect(errors551(five.bytes)).toEqual([]);
  });

  it('a 7.0 file with two HEADs and a TRLR payload converts to valid 5.5.1', () => {
    const bytes = Buffer.from(`${HEAD_70}0 @I1@ INDI\n${HEAD_70}0 TRLR\n0 TRLR x\n`);
    const five = convert(bytes, '5.5.1');
    expect(five.text.match(/^0 HEAD$/gm)).toHaveLength(1);
    expect(five.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(errors551(five.bytes)).toEqual([]);
  });

  it('5.5.5 -> 5.5.1 keeps the same frame: one HEAD first, a second HEAD and a TRLR payload as extensions, one empty TRLR last', () => {
    const head555 = '0 HEAD\n1 GEDC\n2 VERS 5.5.5\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n';
    const five = convert(Buffer.from(`${head555}0 @I1@ INDI\n${head555}0 TRLR\n0 @I2@ INDI\n0 TRLR x\n`), '5.5.1');
    expect(five.text.match(/^0 HEAD$/gm)).toHaveLength(1);
    expect(five.text.match(/^0 TRLR$/gm)).toHaveLength(1);
    expect(five.text.match(/^2 VERS 5\.5\.5$/gm)).toHaveLength(1);
    expect(five.text).toContain('0 _EXT_HEAD\n');
    expect(five.text.endsWith('0 _EXT_TRLR x\n0 TRLR\n')).toBe(true);
    expect(five.notes.HEAD_REPEATED_AS_EXTENSION).toBe(1);
    expect(five.notes.TRLR_CONTENT_AS_EXTENSION).toBe(1);
    expect(five.notes.REPEATED_TRLR_REMOVED).toBe(undefined);
    expect(errors551(five.bytes)).toEqual([]);
  });

  it('a HEAD that is not first is moved first (its version is not read there: assumed)', () => {
    const doc = parseGedcomBytes(Buffer.from(`0 @I1@ INDI\n${HEAD_551}0 TRLR\n`), { assumeVersion: '5.5.1' });
    const seven = writeGedcomBytes(convertDocument(doc, '7.0').document);
    expect(
      seven
        .toString('utf8')
        .replace(/^\ufeff/, '')
        .startsWith('0 HEAD\n'),
    ).toBe(true);
    expect(checkStrictV7(seven)).toEqual([]);
  });
});

describe('5: a continuation line that does not follow the line it would continue', () => {
  const misplaced = Buffer.from(`${HEAD_551}0 @I1@ INDI\n1 NOTE first\n3 CONT second\n1 CONT third\n0 TRLR\n`);

  it('is read as a structure of its own, in order, with a finding', () => {
    const doc = parseGedcomBytes(misplaced);
    const indi = doc.records[1]?.root;
    expect(indi?.value).toBe('');
    expect(indi?.children.map((c) => [c.tag, c.value])).toEqual([
      ['NOTE', 'first\nsecond'],
      ['CONT', 'third'],
    ]);
    expect(parseGedcomBytes(misplaced).diagnostics.find((d) => d.code === 'CONTINUATION_MISPLACED')?.line).toBe(8);
    expect(writeGedcomBytes(doc).equals(misplaced)).toBe(true);
  });

  it('a continuation after a substructure of the line it would continue is misplaced too', () => {
    const doc = parseGedcomBytes(Buffer.from(`${HEAD_551}0 @I1@ INDI\n1 NOTE a\n2 SOUR @S1@\n2 CONT b\n0 @S1@ SOUR\n0 TRLR\n`));
    expect(doc.records[1]?.root.children[0]?.value).toBe('a');
    expect(doc.records[1]?.root.children[0]?.children.map((c) => c.tag)).toEqual(['SOUR', 'CONT']);
  });

  it('inspect reports it', async () => {
    const r = await inspectGedcomBytes(misplaced);
    expect(r.findings.find((f) => f.code === 'CONTINUATION_MISPLACED')?.firstLine).toBe(8);
  });

  it('converts in order to valid 7.0 (as _EXT_CONT), with a finding', () => {
    const seven = convert(misplaced);
    expect(seven.text).toContain('0 @I1@ INDI\n1 NOTE first\n2 CONT second\n1 _EXT_CONT third\n0 TRLR\n');
    expect(checkStrictV7(seven.bytes)).toEqual([]);
    expect(seven.notes.MISPLACED_CONTINUATION_AS_EXTENSION).toBe(1);
  });

  it('the strict checker flags it in a 7.0 file', () => {
    expect(checkStrictV7(Buffer.from(`${HEAD_70}0 @I1@ INDI\n1 NOTE first\n1 CONT third\n0 TRLR\n`)).map((f) => f.code)).toContain('CONTINUATION_MISPLACED');
  });
});

describe('6: ISO-8859-15', () => {
  const latin = (charset: string): Buffer =>
    Buffer.concat([Buffer.from(`0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR ${charset}\n0 @N1@ NOTE 10 `), Buffer.from([0xa4, 0xbd]), Buffer.from('\n0 TRLR\n')]);

  it('is a known charset with its own table: 0xA4 is the euro sign', () => {
    const bytes = latin('ISO-8859-15');
    const doc = parseGedcomBytes(bytes);
    expect(doc.encoding.used).toBe('LATIN9');
    expect(doc.byXref('@N1@')?.root.value).toBe('10 €œ');
    expect(codes(bytes)).not.toContain('ENCODING_CHAR_UNKNOWN');
    expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
    expect(convert(bytes).text).toContain('0 @N1@ SNOTE 10 €œ\n');
  });

  it('ISO-8859-1 stays ISO-8859-1 (0xA4 is the currency sign)', () => {
    const doc = parseGedcomBytes(latin('ISO-8859-1'));
    expect(doc.encoding.used).toBe('LATIN1');
    expect(doc.byXref('@N1@')?.root.value).toBe('10 ¤½');
  });

  it("the table is iconv-lite's", () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, b) => b));
    const doc = parseGedcomBytes(Buffer.concat([Buffer.from('0 HEAD\n1 CHAR ISO-8859-15\n0 @N1@ NOTE '), all.subarray(0x80), Buffer.from('\n0 TRLR\n')]));
    expect(doc.byXref('@N1@')?.root.value).toBe(iconv.decode(all.subarray(0x80), 'iso885915'));
  });
});

describe('8: a UTF-8 byte order mark repeated (an editor added one to a file that had one)', () => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const body = Buffer.from(`${HEAD_551}0 @I1@ INDI\n1 NAME Ada /Lovelace/\n0 TRLR\n`);
  const twice = Buffer.concat([bom, bom, body]);
  const thrice = Buffer.concat([bom, bom, bom, body]);

  it('is read as GEDCOM with BOM_REPEATED, by parse and inspect alike', async () => {
    for (const bytes of [twice, thrice]) {
      const doc = parseGedcomBytes(bytes);
      expect(doc.records.map((r) => r.tag)).toEqual(['HEAD', 'INDI', 'TRLR']);
      expect(codes(bytes)).toContain('BOM_REPEATED');
      expect(codes(bytes)).not.toContain('FILE_NOT_GEDCOM');
      const inspected = await inspectGedcomBytes(bytes);
      expect(findings(inspected)).toContain('BOM_REPEATED');
      expect(findings(inspected)).not.toContain('FILE_NOT_GEDCOM');
      expect(inspected.version.declared).toBe('5.5.1');
    }
    expect(codes(Buffer.concat([bom, body]))).not.toContain('BOM_REPEATED');
  });

  it('a conversion writes one BOM and says it dropped the copies; the strict 7.0 check refuses the repeat', () => {
    const out = convert(twice);
    expect(out.bytes.subarray(3, 6).equals(bom)).toBe(false);
    expect(out.notes.BOM_REPEATED_DROPPED).toBe(1);
    const v7 = Buffer.concat([bom, bom, Buffer.from(`${HEAD_70}0 TRLR\n`)]);
    expect(checkStrictV7(v7).map((f) => f.code)).toContain('BOM_REPEATED');
  });
});

describe('probable version of a file without GEDC.VERS', () => {
  it('a UTF-8 export with a BOM, no CHAR and no GEDC from a 5.5.1 program is probably 5.5.1, not 7.0', async () => {
    // PhpGedView 3.3.8 (2006), as in GeneGenie's UidAndBurg.ged
    const bytes = Buffer.from('\ufeff0 HEAD\n1 SOUR PhpGedView\n2 VERS 3.3.8 final\n0 @I1@ INDI\n1 _UID A5A8\n1 NAME Test /Name/\n0 TRLR\n');
    expect((await inspectGedcomBytes(bytes)).version.probable?.version).toBe('5.5.1');
  });
});

describe('a ZIP archive given as GEDCOM', () => {
  // the first bytes of a ZIP local file header (a GEDZIP .gdz holding gedcom.ged), then its name
  const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00]), Buffer.from('gedcom.ged'), Buffer.alloc(40, 0x9c)]);

  it('parse and inspect say it is an archive to extract, besides FILE_NOT_GEDCOM', async () => {
    expect(codes(zip)).toEqual(expect.arrayContaining(['FILE_NOT_GEDCOM', 'FILE_ZIP_ARCHIVE']));
    expect(findings(await inspectGedcomBytes(zip))).toEqual(expect.arrayContaining(['FILE_NOT_GEDCOM', 'FILE_ZIP_ARCHIVE']));
    expect(codes(Buffer.from(EMPTY_GEDCOM))).not.toContain('FILE_ZIP_ARCHIVE');
  });
});
