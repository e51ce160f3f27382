import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateRange,
  dualYearAlternative,
  formatDate,
  jdnToGregorian,
  parseDate,
  type ApproximationQualifier,
  type CalendarName,
  type DatePoint,
  type DateValue,
} from '../../src/gedcom/date.js';
import {
  FRENCH_MONTHS,
  GREGORIAN_MONTHS,
  HEBREW_MONTHS,
  frenchToJdn,
  gregorianToJdn,
  hebrewNewYearJdn,
  hebrewToJdn,
  julianToJdn,
  monthLength,
} from '../../src/gedcom/date/calendars.js';

/** Corpus root: ../shared/corpus relative to the repository root, else /work/shared/corpus. */
function corpusRoot(): string {
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const local = resolve(repoRoot, '..', 'shared', 'corpus');
  return existsSync(local) ? local : '/work/shared/corpus';
}

const PAIRS = join(corpusRoot(), 'gedcom', 'gedcom7code-test-files');

function dateLines(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const out: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    const m = /^\d+ DATE (.*)$/.exec(line);
    if (m) out.push(m[1] ?? '');
  }
  return out;
}

describe('calendar arithmetic', () => {
  it('anchors Gregorian, Julian, Hebrew and French Republican to known days', () => {
    expect(gregorianToJdn(2000, 1, 1)).toBe(2451545);
    expect(gregorianToJdn(1582, 10, 15)).toBe(julianToJdn(1582, 10, 5));
    expect(gregorianToJdn(1752, 9, 14)).toBe(julianToJdn(1752, 9, 3));
    expect(julianToJdn(-4712, 1, 1)).toBe(0);
    // 1 VEND an I = 22 September 1792
    expect(frenchToJdn(1, 0, 1)).toBe(gregorianToJdn(1792, 9, 22));
    // 1 Tishri 5785 = 3 October 2024; 1 Tishri 5784 = 16 September 2023
    expect(hebrewNewYearJdn(5785)).toBe(gregorianToJdn(2024, 10, 3));
    expect(hebrewNewYearJdn(5784)).toBe(gregorianToJdn(2023, 9, 16));
    // 15 Nisan 5784 (Passover) = 23 April 2024 (5784 is a leap year: ADR = Adar I, ADS = Adar II)
    expect(hebrewToJdn(5784, HEBREW_MONTHS.indexOf('NSN'), 15)).toBe(gregorianToJdn(2024, 4, 23));
    // 14 Adar 5783 (Purim, common year) = 7 March 2023
    expect(hebrewToJdn(5783, HEBREW_MONTHS.indexOf('ADR'), 14)).toBe(gregorianToJdn(2023, 3, 7));
    expect(jdnToGregorian(2451545)).toEqual({ year: 2000, month: 1, day: 1 });
  });

  it('gives Hebrew years of a possible length and consecutive months', () => {
    for (let y = 5600; y < 5900; y++) {
      const len = hebrewNewYearJdn(y + 1) - hebrewNewYearJdn(y);
      expect([353, 354, 355, 383, 384, 385]).toContain(len);
      const last = hebrewToJdn(y, HEBREW_MONTHS.indexOf('ELL'), 29);
      expect(last).toBe(hebrewNewYearJdn(y + 1) - 1);
    }
  });
});

describe('parseDate on the gedcom7code date files', () => {
  it('reads every DATE payload of 5/date-all.ged and date-dual files as a structured date', () => {
    const files = ['date-all.ged', 'date-dual-valid.ged', 'date-dual-invalid.ged'];
    let count = 0;
    for (const f of files) {
      for (const text of dateLines(join(PAIRS, '5', f))) {
        const d = parseDate(text, '5.5.1');
        expect(d.kind, text).not.toBe('invalid');
        count++;
      }
    }
    expect(count).toBeGreaterThan(2900);
  });

  it('reads every DATE payload of 7/date-all.ged, and its canonical form is the payload itself', () => {
    const texts = dateLines(join(PAIRS, '7', 'date-all.ged'));
    expect(texts.length).toBeGreaterThan(2900);
    for (const text of texts) {
      const d = parseDate(text, '7.0');
      expect(d.kind, text).not.toBe('invalid');
      expect(
        d.issues.filter((i) => i !== 'day-out-of-range'),
        text,
      ).toEqual([]);
      expect(formatDate(d, '7.0')).toBe(text);
    }
  });
});

describe('parseDate specifics', () => {
  it('reads 5.x escapes, B.C., dual years, INT and phrases', () => {
    const a = parseDate('@#DFRENCH R@ 3 BRUM 4', '5.5.1');
    expect(a).toMatchObject({ kind: 'exact', date: { calendar: 'FRENCH_R', day: 3, month: 'BRUM', year: 4 } });
    expect(formatDate(a, '7.0')).toBe('FRENCH_R 3 BRUM 4');
    expect(formatDate(a, '5.5.1')).toBe('@#DFRENCH R@ 3 BRUM 4');
    const b = parseDate('BET 12 AUG 1401 B.C. AND 1699/00', '5.5.1');
    expect(b).toMatchObject({ kind: 'between', start: { bce: true }, end: { year: 1699, dualYear: '00' } });
    expect(b.issues).toEqual([]);
    const c = parseDate('INT 5 JAN 1900 (fifth of January)', '5.5');
    expect(c).toMatchObject({ kind: 'interpreted', phrase: 'fifth of January', date: { day: 5 } });
    expect(formatDate(c, '5.5.1')).toBe('INT 5 JAN 1900 (fifth of January)');
    expect(parseDate('(unknown)', '5.5.1')).toMatchObject({ kind: 'phrase', phrase: 'unknown' });
    expect(parseDate('', '7.0')).toMatchObject({ kind: 'empty', valid: true, issues: [] });
  });

  it('tolerates common deviations and says so', () => {
    const d = parseDate('abt  1900', '5.5.1');
    expect(d).toMatchObject({ kind: 'approximate', qualifier: 'ABT', valid: true });
    expect(d.issues).toEqual(expect.arrayContaining(['case', 'whitespace']));
    expect(parseDate('Before 3 January 1900', '5.5.1')).toMatchObject({ kind: 'before' });
    expect(parseDate('1900 B.C.', '7.0').issues).toContain('epoch-spelling');
    expect(parseDate('1699/00', '7.0').issues).toContain('dual-year-in-7');
    expect(parseDate('1701/99', '5.5.1').issues).toContain('dual-year-mismatch');
  });

  it('keeps unreadable text as invalid with its text', () => {
    for (const t of ['Spring 1900', 'BET 1900', 'FROM 1900 AND 1910', '1900 1901', 'JAN', '12 FOO 1900']) {
      const d = parseDate(t, '5.5.1');
      expect(d.kind, t).toBe('invalid');
      expect(d.valid).toBe(false);
      expect(d.text).toBe(t);
      expect(formatDate(d, '5.5.1')).toBe(t);
    }
    const bad = parseDate('31 NOV 1900', '7.0');
    expect(bad).toMatchObject({ kind: 'exact', valid: false });
    expect(bad.issues).toContain('day-out-of-range');
  });
});

describe('dateRange', () => {
  it('covers a year, a month or a day, and compares across calendars', () => {
    const y = dateRange(parseDate('1900', '7.0'));
    expect(y).toEqual({ earliest: gregorianToJdn(1900, 1, 1), latest: gregorianToJdn(1900, 12, 31), approximate: false });
    const m = dateRange(parseDate('FEB 1900', '7.0'));
    expect(m?.latest).toBe(gregorianToJdn(1900, 2, 28));
    const j = dateRange(parseDate('@#DJULIAN@ 5 OCT 1582', '5.5.1'));
    const g = dateRange(parseDate('15 OCT 1582', '5.5.1'));
    expect(j?.earliest).toBe(g?.earliest);
    const h = dateRange(parseDate('HEBREW 1 TSH 5785', '7.0'));
    expect(h?.earliest).toBe(gregorianToJdn(2024, 10, 3));
    const f = dateRange(parseDate('FRENCH_R 1 VEND 1', '7.0'));
    expect(f?.earliest).toBe(gregorianToJdn(1792, 9, 22));
  });

  it('opens BEF / AFT / FROM / TO on one side and reads BCE and dual years', () => {
    expect(dateRange(parseDate('BEF 1900', '7.0'))).toEqual({ earliest: -Infinity, latest: gregorianToJdn(1899, 12, 31), approximate: false });
    expect(dateRange(parseDate('AFT 1900', '7.0'))?.earliest).toBe(gregorianToJdn(1901, 1, 1));
    expect(dateRange(parseDate('FROM 1900', '7.0'))?.latest).toBe(Infinity);
    expect(dateRange(parseDate('TO 1900', '7.0'))?.earliest).toBe(-Infinity);
    expect(dateRange(parseDate('ABT 1900', '7.0'))?.approximate).toBe(true);
    // 1 BCE is astronomical year 0, a leap year in the proleptic Gregorian calendar
    expect(dateRange(parseDate('29 FEB 1 BCE', '7.0'))?.earliest).toBe(gregorianToJdn(0, 2, 29));
    const dual = dateRange(parseDate('JAN 1699/00', '5.5.1'));
    expect(dual).toEqual({ earliest: gregorianToJdn(1699, 1, 1), latest: gregorianToJdn(1700, 1, 31), approximate: false });
    expect(dateRange(parseDate('(text)', '5.5.1'))).toBeUndefined();
    expect(dateRange(parseDate('_ROMAN 12', '7.0'))).toBeUndefined();
  });

  it('computes the year after a dual slash as the nearest matching year', () => {
    expect(dualYearAlternative(1699, '00')).toBe(1700);
    expect(dualYearAlternative(1701, '99')).toBe(1699);
    expect(dualYearAlternative(1751, '9')).toBe(1749);
    expect(dualYearAlternative(1759, '1')).toBe(1761);
    expect(dualYearAlternative(1751, '43')).toBe(1743);
  });
});

// ---------------------------------------------------------------- properties

const STD_CALS: CalendarName[] = ['GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R'];

function pointArb(major: 5 | 7): fc.Arbitrary<DatePoint> {
  const ext = fc.stringMatching(/^_[A-Z][A-Z0-9_]{0,6}$/);
  const calendar: fc.Arbitrary<CalendarName> =
    major === 5
      ? fc.constantFrom<CalendarName>(...STD_CALS, 'ROMAN', 'UNKNOWN')
      : fc.oneof(
          fc.constantFrom<CalendarName>(...STD_CALS),
          ext.map((s) => s as CalendarName),
        );
  return fc
    .record({
      calendar,
      explicit: fc.boolean(),
      // A 5.x year has three or four digits (a shorter one is the issue short-year-in-5); 7.0 takes any.
      year: fc.integer({ min: major === 5 ? 100 : 1, max: 9999 }),
      shape: fc.constantFrom('y', 'my', 'dmy'),
      monthPick: fc.nat(),
      dayPick: fc.nat(),
      bce: fc.boolean(),
      dual: fc.boolean(),
      extMonth: ext,
    })
    .map((r) => {
      const calendar = r.calendar;
      const std: readonly string[] | undefined =
        calendar === 'GREGORIAN' || calendar === 'JULIAN'
          ? GREGORIAN_MONTHS
          : calendar === 'HEBREW'
            ? HEBREW_MONTHS
            : calendar === 'FRENCH_R'
              ? FRENCH_MONTHS
              : undefined;
      const month = r.shape === 'y' ? undefined : std ? std[r.monthPick % std.length] : r.extMonth;
      const bce = r.bce && (calendar === 'GREGORIAN' || calendar === 'JULIAN');
      let day: number | undefined;
      if (r.shape === 'dmy' && month !== undefined) {
        const idx = std ? std.indexOf(month) : -1;
        const astro = bce ? 1 - r.year : r.year;
        const len = idx >= 0 ? (monthLength(calendar, astro, idx) ?? 28) : 28;
        day = 1 + (r.dayPick % len);
      }
      const dual = major === 5 && r.dual && calendar === 'GREGORIAN' ? String((r.year + 1) % 100).padStart(2, '0') : undefined;
      const p: DatePoint = {
        calendar,
        calendarExplicit: calendar === 'GREGORIAN' ? r.explicit : true,
        ...(day !== undefined ? { day } : {}),
        ...(month !== undefined ? { month } : {}),
        year: r.year,
        ...(dual !== undefined ? { dualYear: dual } : {}),
        bce,
      };
      return p;
    });
}

function valueArb(major: 5 | 7): fc.Arbitrary<DateValue> {
  const p = pointArb(major);
  const phrase = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.]{0,20}[A-Za-z0-9]$/);
  const base: fc.Arbitrary<DateValue>[] = [
    p.map((date) => ({ kind: 'exact', date }) as const),
    fc.record({ qualifier: fc.constantFrom<ApproximationQualifier>('ABT', 'CAL', 'EST'), date: p }).map((r) => ({ kind: 'approximate', ...r }) as const),
    p.map((date) => ({ kind: 'before', date }) as const),
    p.map((date) => ({ kind: 'after', date }) as const),
    fc.record({ start: p, end: p }).map((r) => ({ kind: 'between', ...r }) as const),
    p.map((from) => ({ kind: 'period', from }) as const),
    p.map((to) => ({ kind: 'period', to }) as const),
    fc.record({ from: p, to: p }).map((r) => ({ kind: 'period', ...r }) as const),
  ];
  if (major === 5) {
    base.push(fc.record({ date: p, phrase }).map((r) => ({ kind: 'interpreted', ...r }) as const));
    base.push(phrase.map((ph) => ({ kind: 'phrase', phrase: ph }) as const));
  } else {
    base.push(fc.constant({ kind: 'empty' } as const));
  }
  return fc.oneof(...base);
}

function strip(d: DateValue): DateValue {
  // parseDate adds text / version / valid / issues; compare the value only
  const { text: _t, version: _v, valid: _ok, issues: _i, ...rest } = d as DateValue & Record<string, unknown>;
  return rest as DateValue;
}

describe('round trip properties (fast-check)', () => {
  for (const [version, major] of [
    ['5.5.1', 5],
    ['5.5', 5],
    ['7.0', 7],
  ] as const) {
    it(`format(parse(x)) == x and parse(format(v)) == v for generated ${version} dates`, () => {
      fc.assert(
        fc.property(valueArb(major), (v) => {
          const text = formatDate(v, version);
          const parsed = parseDate(text, version);
          expect(parsed.issues).toEqual([]);
          expect(parsed.valid).toBe(true);
          expect(strip(parsed)).toEqual(v);
          expect(formatDate(parsed, version)).toBe(text);
        }),
        { numRuns: 2000 },
      );
    });
  }

  it('dateRange is ordered and nests for generated dates', () => {
    fc.assert(
      fc.property(pointArb(7), (date) => {
        const exact = dateRange({ kind: 'exact', date });
        if (!exact) return;
        expect(exact.earliest).toBeLessThanOrEqual(exact.latest);
        const bef = dateRange({ kind: 'before', date });
        const aft = dateRange({ kind: 'after', date });
        expect(bef?.latest).toBeLessThan(exact.earliest);
        expect(aft?.earliest).toBeGreaterThan(exact.latest);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom('5.5', '5.5.1', '7.0'), (s, v) => {
        const d = parseDate(s, v);
        expect(d.text).toBe(s);
        formatDate(d, v);
        dateRange(d);
      }),
      { numRuns: 3000 },
    );
  });
});
