import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseGedcomBytes } from '../../src/gedcom/parse/parse.js';
import { writeGedcomBytes } from '../../src/gedcom/write/writer.js';
import { convertDocument, type ConversionTarget } from '../../src/gedcom/convert/index.js';
import { checkStrictV7 } from '../../src/gedcom/check/strict-v7.js';
import { GedcomError, type GedcomErrorCode } from '../../src/gedcom/errors.js';
import { ASSUMABLE_VERSIONS } from '../../src/gedcom/version.js';

/**
 * Issue 13 item 6: random valid trees with random damage (truncation, mixed terminators, deep
 * nesting, long CONC chains, bad pointers) never crash, never exceed the named limits, and always
 * end in a result (whose 7.0 output passes the strict checker) or a stable engine code.
 */

const STABLE: readonly GedcomErrorCode[] = ['GEDCOM_VERSION_UNSUPPORTED', 'GEDCOM_INPUT_LIMIT'];
const word = fc.stringMatching(/^[A-Za-z0-9 ,.'@#/()-]{0,24}$/);
const tag = fc.constantFrom(
  'NAME',
  'SEX',
  'BIRT',
  'DEAT',
  'DATE',
  'PLAC',
  'NOTE',
  'SOUR',
  'FAMC',
  'FAMS',
  'OBJE',
  'FILE',
  'FORM',
  'AGE',
  'LANG',
  'PEDI',
  'QUAY',
  'RESN',
  'ALIA',
  'RIN',
  '_UID',
  'EVEN',
  'TYPE',
  'foo',
  '_X',
);
const value = fc.oneof(
  word,
  fc.constantFrom('M', 'F', 'ABT 1900', '7 JAN 1932 SL', 'BET 1800 AND 1810', '1699/00', 'birth', 'English', 'stillborn', '@I1@', '@F1@', '@X9@', '@VOID@'),
);
const line = fc.record({ up: fc.integer({ min: -3, max: 1 }), tag, value });
const record = fc.record({ kind: fc.constantFrom('INDI', 'FAM', 'SOUR', 'NOTE', 'OBJE', '_LOC'), lines: fc.array(line, { maxLength: 12 }) });

function render(version: string | null, records: readonly { kind: string; lines: readonly { up: number; tag: string; value: string }[] }[]): string {
  const out = ['0 HEAD', '1 GEDC'];
  if (version !== null) out.push(`2 VERS ${version}`);
  out.push('1 CHAR UTF-8');
  records.forEach((r, i) => {
    out.push(`0 @${r.kind === 'FAM' ? 'F' : 'I'}${i + 1}@ ${r.kind}`);
    let level = 0;
    for (const l of r.lines) {
      level = Math.max(1, Math.min(level + l.up, level + 1));
      out.push(`${level} ${l.tag}${l.value === '' ? '' : ` ${l.value}`}`);
    }
  });
  out.push('0 TRLR', '');
  return out.join('\n');
}

const damage = fc.oneof(
  fc.record({ kind: fc.constant('none' as const) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('terminators' as const), seed: fc.array(fc.constantFrom('\n', '\r\n', '\r', '\n\r'), { minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('nesting' as const), depth: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({ kind: fc.constant('conc' as const), count: fc.integer({ min: 10, max: 5000 }), size: fc.integer({ min: 1, max: 250 }) }),
  fc.record({ kind: fc.constant('pointers' as const), target: fc.constantFrom('@NOPE@', '@@', '@I1', 'I1@', '@ @', '@VOID@') }),
);

function damaged(text: string, d: fc.Arbitrary<unknown> extends never ? never : { kind: string; [k: string]: unknown }): Buffer {
  switch (d.kind) {
    case 'truncate':
      return Buffer.from(text.slice(0, Math.floor(text.length * (d.at as number))), 'utf8');
    case 'terminators': {
      const seeds = d.seed as string[];
      let i = 0;
      return Buffer.from(
        text.replace(/\n/g, () => seeds[i++ % seeds.length] as string),
        'utf8',
      );
    }
    case 'nesting': {
      const deep: string[] = [];
      for (let l = 1; l <= (d.depth as number); l++) deep.push(`${l} _N x`);
      return Buffer.from(text.replace('\n0 TRLR', `\n0 @D1@ INDI\n${deep.join('\n')}\n0 TRLR`), 'utf8');
    }
    case 'conc': {
      const chain = `2 CONC ${'z'.repeat(d.size as number)}\n`.repeat(d.count as number);
      return Buffer.from(text.replace('\n0 TRLR', `\n0 @C1@ INDI\n1 NOTE start\n${chain}0 TRLR`), 'utf8');
    }
    case 'pointers':
      return Buffer.from(text.replace(/@[IF]1@/g, d.target as string), 'utf8');
    default:
      return Buffer.from(text, 'utf8');
  }
}

describe('hostile GEDCOM input never crashes the engine', () => {
  it('parse, rewrite and convert end in a result or a stable code', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('5.5', '5.5.1', '5.5.5', '7.0', null, '5.01'),
        fc.array(record, { maxLength: 6 }),
        damage,
        fc.constantFrom(...ASSUMABLE_VERSIONS),
        (version, records, d, assume) => {
          const bytes = damaged(render(version, records), d);
          const doc = parseGedcomBytes(bytes, { assumeVersion: assume });
          expect(writeGedcomBytes(doc).equals(bytes)).toBe(true);
          const target: ConversionTarget = doc.version.isV7 ? '5.5.1' : '7.0';
          let out: Buffer;
          try {
            out = writeGedcomBytes(convertDocument(doc, target).document);
          } catch (e) {
            expect(e).toBeInstanceOf(GedcomError);
            expect(STABLE).toContain((e as GedcomError).code);
            return;
          }
          const again = parseGedcomBytes(out);
          expect(again.diagnosticSummary().some((x) => x.code === 'LINE_OVER_LIMIT' || x.code === 'VALUE_OVER_LIMIT')).toBe(false);
          if (target === '7.0') expect(checkStrictV7(out)).toEqual([]);
          else
            expect(
              again
                .diagnosticSummary()
                .filter((x) => x.severity === 'error' && x.code !== 'XREF_DANGLING')
                .map((x) => x.code),
            ).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a damaged record line folded into HEAD leaves a pointer where HEAD.SOUR holds text: kept as text, strict-clean (a property counterexample)', () => {
    const doc = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 VERS 5.5\n1 CHAR UTF-8\n0 @I1 INDI\n1 SOUR @X9@\n0 TRLR\n'), { assumeVersion: '5.5' });
    const out = writeGedcomBytes(convertDocument(doc, '7.0').document);
    expect(checkStrictV7(out)).toEqual([]);
    expect(out.toString('utf8')).toContain('1 SOUR @@X9@\n');
  });

  it('a truncated GEDC leaves an unknown tag under HEAD.GEDC: kept as an extension, strict-clean (a property counterexample)', () => {
    const doc = parseGedcomBytes(Buffer.from('0 HEAD\n1 GEDC\n2 V'), { assumeVersion: '5.5' });
    const out = writeGedcomBytes(convertDocument(doc, '7.0').document);
    expect(checkStrictV7(out)).toEqual([]);
    expect(out.toString('utf8')).toContain('2 _EXT_V\n');
  });
});
