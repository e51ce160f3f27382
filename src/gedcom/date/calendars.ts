/**
 * Calendar arithmetic for GEDCOM dates.
 *
 * Every supported calendar converts to a Julian Day Number (JDN): an integer day count that is the
 * same for the same day in every calendar, so dates written in different calendars compare directly.
 * Years are proleptic (the Gregorian and Julian rules are extended backwards, the Hebrew and French
 * Republican ones forwards), and BCE years use astronomical numbering internally (1 BCE = year 0).
 *
 * Pure functions, no dependencies.
 */

/** Calendars whose days we can count. ROMAN, UNKNOWN and extension calendars have no day numbers. */
export type CountableCalendar = 'GREGORIAN' | 'JULIAN' | 'HEBREW' | 'FRENCH_R';

export const GREGORIAN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

/** Hebrew months in GEDCOM order (the civil year starts with Tishri). ADS (Adar Sheni) only in leap years. */
export const HEBREW_MONTHS = ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'] as const;

/** French Republican months; COMP holds the five or six complementary days. */
export const FRENCH_MONTHS = ['VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP'] as const;

export function monthsOf(calendar: string): readonly string[] | undefined {
  switch (calendar) {
    case 'GREGORIAN':
    case 'JULIAN':
      return GREGORIAN_MONTHS;
    case 'HEBREW':
      return HEBREW_MONTHS;
    case 'FRENCH_R':
      return FRENCH_MONTHS;
    default:
      return undefined;
  }
}

/** Floor division that behaves for negative numbers. */
function div(a: number, b: number): number {
  return Math.floor(a / b);
}

function mod(a: number, b: number): number {
  return a - b * Math.floor(a / b);
}

// ---------------------------------------------------------------- Gregorian and Julian

function isGregorianLeap(astroYear: number): boolean {
  return mod(astroYear, 4) === 0 && (mod(astroYear, 100) !== 0 || mod(astroYear, 400) === 0);
}

function isJulianLeap(astroYear: number): boolean {
  return mod(astroYear, 4) === 0;
}

const MONTH_DAYS: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** month is 1..12 */
function westernMonthLength(calendar: 'GREGORIAN' | 'JULIAN', astroYear: number, month: number): number {
  if (month === 2) {
    return (calendar === 'GREGORIAN' ? isGregorianLeap(astroYear) : isJulianLeap(astroYear)) ? 29 : 28;
  }
  return MONTH_DAYS[month - 1] ?? 30;
}

/** JDN of a Gregorian date (astronomical year, month 1..12). */
export function gregorianToJdn(astroYear: number, month: number, day: number): number {
  const a = div(14 - month, 12);
  const y = astroYear + 4800 - a;
  const m = month + 12 * a - 3;
  return day + div(153 * m + 2, 5) + 365 * y + div(y, 4) - div(y, 100) + div(y, 400) - 32045;
}

/** JDN of a Julian-calendar date (astronomical year, month 1..12). */
export function julianToJdn(astroYear: number, month: number, day: number): number {
  const a = div(14 - month, 12);
  const y = astroYear + 4800 - a;
  const m = month + 12 * a - 3;
  return day + div(153 * m + 2, 5) + 365 * y + div(y, 4) - 32083;
}

/** Gregorian date of a JDN (astronomical year). */
export function jdnToGregorian(jdn: number): { year: number; month: number; day: number } {
  const a = jdn + 32044;
  const b = div(4 * a + 3, 146097);
  const c = a - div(146097 * b, 4);
  const d = div(4 * c + 3, 1461);
  const e = c - div(1461 * d, 4);
  const m = div(5 * e + 2, 153);
  return {
    day: e - div(153 * m + 2, 5) + 1,
    month: m + 3 - 12 * div(m, 10),
    year: 100 * b + d - 4800 + div(m, 10),
  };
}

// ---------------------------------------------------------------- Hebrew
// Arithmetic (molad-based) Hebrew calendar. Internally months are numbered as in the Bible:
// Nisan = 1 ... Adar = 12, Adar II = 13, Tishri = 7.

/** JDN of 1 Tishri AM 1 minus one day (R.D. -1373427 in fixed-day terms, JDN = R.D. + 1721425). */
const HEBREW_EPOCH_JDN = -1373427 + 1721425;

function isHebrewLeap(year: number): boolean {
  return mod(7 * year + 1, 19) < 7;
}

function hebrewElapsedDays(year: number): number {
  const monthsElapsed = div(235 * year - 234, 19);
  const partsElapsed = 12084 + 13753 * monthsElapsed;
  const day = 29 * monthsElapsed + div(partsElapsed, 25920);
  return mod(3 * (day + 1), 7) < 3 ? day + 1 : day;
}

function hebrewYearLengthCorrection(year: number): number {
  const ny0 = hebrewElapsedDays(year - 1);
  const ny1 = hebrewElapsedDays(year);
  const ny2 = hebrewElapsedDays(year + 1);
  if (ny2 - ny1 === 356) return 2;
  if (ny1 - ny0 === 382) return 1;
  return 0;
}

/** JDN of 1 Tishri of the given year. */
export function hebrewNewYearJdn(year: number): number {
  return HEBREW_EPOCH_JDN + hebrewElapsedDays(year) + hebrewYearLengthCorrection(year);
}

function hebrewYearLength(year: number): number {
  return hebrewNewYearJdn(year + 1) - hebrewNewYearJdn(year);
}

/** Length of a month given in biblical numbering (Nisan = 1). */
function hebrewBiblicalMonthLength(year: number, month: number): number {
  if (month === 2 || month === 4 || month === 6 || month === 10 || month === 13) return 29;
  if (month === 12 && !isHebrewLeap(year)) return 29;
  const len = hebrewYearLength(year);
  if (month === 8 && len % 10 !== 5) return 29; // Marheshvan is long only in 355/385-day years
  if (month === 9 && len % 10 === 3) return 29; // Kislev is short in 353/383-day years
  return 30;
}

/** GEDCOM month index (0 = TSH ... 12 = ELL) to biblical month number. */
function hebrewGedcomToBiblical(index: number): number {
  // TSH CSH KSL TVT SHV ADR ADS NSN IYR SVN TMZ AAV ELL
  const table = [7, 8, 9, 10, 11, 12, 13, 1, 2, 3, 4, 5, 6];
  return table[index] ?? 7;
}

/**
 * Months of a Hebrew year in order, as GEDCOM indexes. In a common year ADS does not exist; a date
 * written with ADS in a common year is read as ADR (lenient).
 */
function hebrewMonthSequence(year: number): number[] {
  return isHebrewLeap(year) ? [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12];
}

function hebrewMonthLength(year: number, gedcomIndex: number): number {
  let idx = gedcomIndex;
  if (idx === 6 && !isHebrewLeap(year)) idx = 5;
  return hebrewBiblicalMonthLength(year, hebrewGedcomToBiblical(idx));
}

/** JDN of a Hebrew date; gedcomIndex 0 = TSH. */
export function hebrewToJdn(year: number, gedcomIndex: number, day: number): number {
  let idx = gedcomIndex;
  if (idx === 6 && !isHebrewLeap(year)) idx = 5;
  let jdn = hebrewNewYearJdn(year);
  for (const m of hebrewMonthSequence(year)) {
    if (m === idx) break;
    jdn += hebrewBiblicalMonthLength(year, hebrewGedcomToBiblical(m));
  }
  return jdn + day - 1;
}

// ---------------------------------------------------------------- French Republican
// Arithmetic rule: a year has 365 days, plus a sixth complementary day when (year + 1) is divisible
// by 4. That reproduces the historical leap years III, VII and XI; later years follow the same
// four-year cycle (the Republic never fixed a rule beyond year XIV).

/** JDN of 1 VEND an I (22 September 1792) is 2375840. */
const FRENCH_EPOCH_JDN = 2375474;

function isFrenchLeap(year: number): boolean {
  return mod(year + 1, 4) === 0;
}

function frenchMonthLength(year: number, monthIndex: number): number {
  if (monthIndex === 12) return isFrenchLeap(year) ? 6 : 5;
  return 30;
}

export function frenchToJdn(year: number, monthIndex: number, day: number): number {
  return div(year * 1461, 4) + monthIndex * 30 + day + FRENCH_EPOCH_JDN;
}

// ---------------------------------------------------------------- common

/**
 * Day range (first and last JDN) of a possibly partial date: year only, month and year, or a full
 * date. `astroYear` is the astronomical year for GREGORIAN/JULIAN and the calendar year otherwise.
 * Returns undefined when the month does not belong to the calendar.
 */
export function dayRangeOf(
  calendar: CountableCalendar,
  astroYear: number,
  monthIndex: number | undefined,
  day: number | undefined,
): { first: number; last: number } | undefined {
  switch (calendar) {
    case 'GREGORIAN':
    case 'JULIAN': {
      const toJdn = calendar === 'GREGORIAN' ? gregorianToJdn : julianToJdn;
      if (monthIndex === undefined) {
        return { first: toJdn(astroYear, 1, 1), last: toJdn(astroYear, 12, 31) };
      }
      const m = monthIndex + 1;
      const len = westernMonthLength(calendar, astroYear, m);
      if (day === undefined) return { first: toJdn(astroYear, m, 1), last: toJdn(astroYear, m, len) };
      const d = Math.min(Math.max(day, 1), len);
      const j = toJdn(astroYear, m, d);
      return { first: j, last: j };
    }
    case 'HEBREW': {
      if (monthIndex === undefined) {
        return { first: hebrewNewYearJdn(astroYear), last: hebrewNewYearJdn(astroYear + 1) - 1 };
      }
      const len = hebrewMonthLength(astroYear, monthIndex);
      const start = hebrewToJdn(astroYear, monthIndex, 1);
      if (day === undefined) return { first: start, last: start + len - 1 };
      const d = Math.min(Math.max(day, 1), len);
      return { first: start + d - 1, last: start + d - 1 };
    }
    case 'FRENCH_R': {
      if (monthIndex === undefined) {
        return { first: frenchToJdn(astroYear, 0, 1), last: frenchToJdn(astroYear + 1, 0, 1) - 1 };
      }
      const len = frenchMonthLength(astroYear, monthIndex);
      const start = frenchToJdn(astroYear, monthIndex, 1);
      if (day === undefined) return { first: start, last: start + len - 1 };
      const d = Math.min(Math.max(day, 1), len);
      return { first: start + d - 1, last: start + d - 1 };
    }
    default:
      return undefined;
  }
}

/** Number of days in a month of a calendar (for validation); undefined for uncountable calendars. */
export function monthLength(calendar: string, astroYear: number, monthIndex: number): number | undefined {
  switch (calendar) {
    case 'GREGORIAN':
    case 'JULIAN':
      return westernMonthLength(calendar, astroYear, monthIndex + 1);
    case 'HEBREW':
      return hebrewMonthLength(astroYear, monthIndex);
    case 'FRENCH_R':
      return frenchMonthLength(astroYear, monthIndex);
    default:
      return undefined;
  }
}
