/**
 * GEDCOM date values: parse, format and compare.
 *
 * One lenient parser reads the date payloads of GEDCOM 5.5, 5.5.1 and 7.0 into a typed structure. It
 * never throws: text it cannot read becomes `{ kind: 'invalid' }` with the original text kept and
 * `valid: false`. Everything it reads but that the given version's grammar does not allow (lower-case
 * keywords, `B.C.` in 7.0, bare calendar keywords in 5.5.1, dual years in 7.0, ...) is recorded as an
 * issue code, so callers can tell a clean value from a tolerated one.
 *
 * `formatDate` writes the canonical payload for a version; `dateRange` turns a value into a pair of
 * comparable Julian Day Numbers so dates in different calendars can be compared.
 *
 * Supported:
 * - calendars GREGORIAN, JULIAN, HEBREW, FRENCH_R, the 5.x ROMAN and UNKNOWN, 7.0 extension
 *   calendars `_X`; 5.x escapes `@#DGREGORIAN@`, `@#DFRENCH R@` ...; 7.0 calendar keywords;
 * - exact dates (year, month year, day month year), B.C. / BCE, 5.x dual years (`1699/00`);
 * - ranges BEF / AFT / BET..AND, periods FROM / TO / FROM..TO, approximations ABT / CAL / EST;
 * - 5.x `INT date (phrase)` and `(phrase)`; the 7.0 empty payload (used with a PHRASE substructure).
 */

import { FRENCH_MONTHS, GREGORIAN_MONTHS, HEBREW_MONTHS, dayRangeOf, monthLength, monthsOf, type CountableCalendar } from './date/calendars.js';

type DateVersion = '5.5' | '5.5.1' | '7.0';

/** Standard calendars, the 5.x ROMAN / UNKNOWN, or a 7.0 extension calendar (`_` + tag). */
export type CalendarName = 'GREGORIAN' | 'JULIAN' | 'HEBREW' | 'FRENCH_R' | 'ROMAN' | 'UNKNOWN' | `_${string}`;

export interface DatePoint {
  readonly calendar: CalendarName;
  /** The calendar was written (an escape or keyword), even when it is the default GREGORIAN. */
  readonly calendarExplicit: boolean;
  readonly day?: number;
  /** Upper-case month code of the calendar (`JAN`, `TSH`, `VEND`) or an extension month `_X`. */
  readonly month?: string;
  /** The year as written (positive); see `bce`. */
  readonly year: number;
  /** 5.x dual year: the digits written after the slash (`1699/00` -> `"00"`). */
  readonly dualYear?: string;
  /** Before the common era (`B.C.` in 5.x, `BCE` in 7.0). */
  readonly bce: boolean;
  /** A 7.0 extension epoch (`_X`) written after the year. */
  readonly epoch?: `_${string}`;
}

export type ApproximationQualifier = 'ABT' | 'CAL' | 'EST';

export type DateValue =
  | { readonly kind: 'empty' }
  | { readonly kind: 'exact'; readonly date: DatePoint }
  | { readonly kind: 'approximate'; readonly qualifier: ApproximationQualifier; readonly date: DatePoint }
  | { readonly kind: 'before'; readonly date: DatePoint }
  | { readonly kind: 'after'; readonly date: DatePoint }
  | { readonly kind: 'between'; readonly start: DatePoint; readonly end: DatePoint }
  /** FROM x, TO y, or FROM x TO y: at least one of `from` / `to` is present. */
  | { readonly kind: 'period'; readonly from?: DatePoint; readonly to?: DatePoint }
  /** 5.x `INT date (phrase)`. */
  | { readonly kind: 'interpreted'; readonly date: DatePoint; readonly phrase: string }
  /** 5.x `(phrase)`: text only. */
  | { readonly kind: 'phrase'; readonly phrase: string }
  /** Not readable as a date; the text is kept in `text`. */
  | { readonly kind: 'invalid' };

/**
 * Issue codes: deviations from the version's grammar that the parser tolerated (or, for `invalid`
 * values, why it gave up).
 */
export type DateIssue =
  | 'whitespace' // leading/trailing or repeated spaces
  | 'case' // keyword, month or calendar not upper case
  | 'keyword-alias' // ABOUT, BEFORE, BETWEEN, C., ... instead of ABT, BEF, BET
  | 'month-alias' // January, Sept, ... instead of JAN, SEP
  | 'epoch-spelling' // BC / BCE / B.C.E. in 5.x, B.C. / BC in 7.0
  | 'ad-epoch' // A.D. / AD / CE written (ignored)
  | 'calendar-escape-in-7' // @#DJULIAN@ in a 7.0 payload
  | 'calendar-keyword-in-5' // JULIAN 1900 (no escape) in a 5.x payload
  | 'extension-calendar-in-5' // _X calendar in a 5.x payload
  | 'legacy-calendar-in-7' // ROMAN / UNKNOWN without `_` in a 7.0 payload
  | 'unknown-calendar' // @#DXYZ@ not a known calendar
  | 'dual-year-in-7' // 1699/00 in a 7.0 payload
  | 'dual-year-digits' // dual year not written with two digits
  | 'dual-year-mismatch' // 1701/99: the second year does not follow the first
  | 'dual-year-calendar' // dual year outside the Gregorian calendar
  | 'phrase-in-7' // INT or (phrase) in a 7.0 payload
  | 'missing-parenthesis' // INT date phrase without parentheses, or unbalanced (
  | 'empty-in-5' // empty payload in 5.x
  | 'epoch-calendar' // BCE in a calendar without epochs (HEBREW, FRENCH_R)
  | 'extension-epoch-in-5' // _X epoch in a 5.x payload
  | 'day-out-of-range' // 31 NOV, 0 JAN
  | 'year-zero' // year 0
  | 'leading-zero' // 01 JAN 0900
  | 'short-year-in-5' // 12 MAR 60: a 5.x year has three or four digits (a two-digit year is ambiguous, never read as year 60)
  | 'unparsable'; // not a date at all

export type GedcomDate = DateValue & {
  /** The payload as given. */
  readonly text: string;
  readonly version: DateVersion;
  /** A date that exists: it parsed, and day / year values are possible. */
  readonly valid: boolean;
  /** Deviations from the version's grammar; empty for a canonical, conforming payload. */
  readonly issues: readonly DateIssue[];
};

// ---------------------------------------------------------------- vocabulary

const STANDARD_CALENDARS: ReadonlySet<string> = new Set(['GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R']);
const LEGACY_CALENDARS: ReadonlySet<string> = new Set(['ROMAN', 'UNKNOWN']);

const KEYWORDS: ReadonlyMap<string, { kw: string; alias: boolean }> = new Map([
  ['ABT', { kw: 'ABT', alias: false }],
  ['CAL', { kw: 'CAL', alias: false }],
  ['EST', { kw: 'EST', alias: false }],
  ['BEF', { kw: 'BEF', alias: false }],
  ['AFT', { kw: 'AFT', alias: false }],
  ['BET', { kw: 'BET', alias: false }],
  ['AND', { kw: 'AND', alias: false }],
  ['FROM', { kw: 'FROM', alias: false }],
  ['TO', { kw: 'TO', alias: false }],
  ['INT', { kw: 'INT', alias: false }],
  ['ABT.', { kw: 'ABT', alias: true }],
  ['ABOUT', { kw: 'ABT', alias: true }],
  ['CIRCA', { kw: 'ABT', alias: true }],
  ['CA', { kw: 'ABT', alias: true }],
  ['CA.', { kw: 'ABT', alias: true }],
  ['C.', { kw: 'ABT', alias: true }],
  ['APPROX', { kw: 'ABT', alias: true }],
  ['APPROX.', { kw: 'ABT', alias: true }],
  ['CAL.', { kw: 'CAL', alias: true }],
  ['EST.', { kw: 'EST', alias: true }],
  ['BEF.', { kw: 'BEF', alias: true }],
  ['BEFORE', { kw: 'BEF', alias: true }],
  ['AFT.', { kw: 'AFT', alias: true }],
  ['AFTER', { kw: 'AFT', alias: true }],
  ['BET.', { kw: 'BET', alias: true }],
  ['BETWEEN', { kw: 'BET', alias: true }],
]);

const MONTH_ALIASES: ReadonlyMap<string, string> = new Map([
  ['JANUARY', 'JAN'],
  ['FEBRUARY', 'FEB'],
  ['MARCH', 'MAR'],
  ['APRIL', 'APR'],
  ['JUNE', 'JUN'],
  ['JULY', 'JUL'],
  ['AUGUST', 'AUG'],
  ['SEPTEMBER', 'SEP'],
  ['SEPT', 'SEP'],
  ['OCTOBER', 'OCT'],
  ['NOVEMBER', 'NOV'],
  ['DECEMBER', 'DEC'],
  ['JAN.', 'JAN'],
  ['FEB.', 'FEB'],
  ['MAR.', 'MAR'],
  ['APR.', 'APR'],
  ['JUN.', 'JUN'],
  ['JUL.', 'JUL'],
  ['AUG.', 'AUG'],
  ['SEP.', 'SEP'],
  ['SEPT.', 'SEP'],
  ['OCT.', 'OCT'],
  ['NOV.', 'NOV'],
  ['DEC.', 'DEC'],
]);

const BCE_SPELLINGS: ReadonlySet<string> = new Set(['B.C.', 'BC', 'B.C', 'BCE', 'B.C.E.', 'BC.', 'B.C.E']);
const AD_SPELLINGS: ReadonlySet<string> = new Set(['A.D.', 'AD', 'CE', 'A.D', 'C.E.']);

const EXT_TAG = /^_[A-Z0-9_]+$/;

/** An extension tag: `_` and upper-case letters, digits or underscores. */
function isExtensionTag(text: string): text is `_${string}` {
  return EXT_TAG.test(text);
}

/** The sets hold only these calendar names, so a member is one. */
function isStandardCalendar(name: string): name is 'GREGORIAN' | 'JULIAN' | 'HEBREW' | 'FRENCH_R' {
  return STANDARD_CALENDARS.has(name);
}

function isLegacyCalendar(name: string): name is 'ROMAN' | 'UNKNOWN' {
  return LEGACY_CALENDARS.has(name);
}
const ALL_STANDARD_MONTHS: ReadonlySet<string> = new Set([...GREGORIAN_MONTHS, ...HEBREW_MONTHS, ...FRENCH_MONTHS]);

function majorOf(version: string): 5 | 7 {
  return version.startsWith('7') ? 7 : 5;
}

function normalizeVersion(version: string): DateVersion {
  if (version.startsWith('7')) return '7.0';
  if (version === '5.5') return '5.5';
  return '5.5.1';
}

// ---------------------------------------------------------------- parser

interface Token {
  readonly raw: string;
  readonly up: string;
}

class Ctx {
  readonly issues = new Set<DateIssue>();
  invalidReasons = 0;
  constructor(readonly major: 5 | 7) {}
  issue(code: DateIssue): void {
    this.issues.add(code);
  }
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /@#[^@]*@|\S+/g;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    out.push({ raw, up: raw.toUpperCase() });
  }
  return out;
}

function noteCase(ctx: Ctx, t: Token): void {
  if (t.raw !== t.up) ctx.issue('case');
}

function keywordOf(t: Token | undefined): string | undefined {
  if (!t) return undefined;
  return KEYWORDS.get(t.up)?.kw;
}

function takeKeyword(ctx: Ctx, t: Token): string | undefined {
  const k = KEYWORDS.get(t.up);
  if (!k) return undefined;
  if (k.alias) ctx.issue('keyword-alias');
  noteCase(ctx, t);
  return k.kw;
}

/** Calendar named by a token, if the token is a calendar. */
function calendarOf(ctx: Ctx, t: Token, next: Token | undefined): CalendarName | undefined | null {
  if (t.raw.startsWith('@#')) {
    // 5.x escape @#Dxxx@
    const m = /^@#D(.*)@$/i.exec(t.raw);
    if (ctx.major === 7) ctx.issue('calendar-escape-in-7');
    if (!m) {
      ctx.issue('unknown-calendar');
      return null;
    }
    noteCase(ctx, t);
    const name = (m[1] ?? '').trim().toUpperCase().replace(/\s+/g, ' ');
    if (name === 'FRENCH R' || name === 'FRENCH_R') return 'FRENCH_R';
    if (isStandardCalendar(name) || isLegacyCalendar(name)) return name;
    if (isExtensionTag(name)) return name;
    ctx.issue('unknown-calendar');
    return null;
  }
  if (isStandardCalendar(t.up)) {
    noteCase(ctx, t);
    if (ctx.major === 5) ctx.issue('calendar-keyword-in-5');
    return t.up;
  }
  if (isLegacyCalendar(t.up)) {
    noteCase(ctx, t);
    ctx.issue(ctx.major === 7 ? 'legacy-calendar-in-7' : 'calendar-keyword-in-5');
    return t.up;
  }
  if (isExtensionTag(t.raw) && next !== undefined && keywordOf(next) === undefined) {
    if (ctx.major === 5) ctx.issue('extension-calendar-in-5');
    return t.raw;
  }
  return undefined;
}

function isCountable(calendar: CalendarName): calendar is CountableCalendar {
  return STANDARD_CALENDARS.has(calendar);
}

/** Month code for a token under a calendar, or undefined if it is not a month. */
function monthOf(ctx: Ctx, calendar: CalendarName, t: Token | undefined): string | undefined {
  if (!t) return undefined;
  if (EXT_TAG.test(t.raw)) return t.raw;
  const months = monthsOf(calendar);
  if (months) {
    if (months.includes(t.up)) {
      noteCase(ctx, t);
      return t.up;
    }
    if (months === GREGORIAN_MONTHS) {
      const alias = MONTH_ALIASES.get(t.up);
      if (alias) {
        ctx.issue('month-alias');
        return alias;
      }
    }
    return undefined;
  }
  // ROMAN, UNKNOWN and extension calendars: standard month codes are reusable; other words are not.
  if (ALL_STANDARD_MONTHS.has(t.up)) {
    noteCase(ctx, t);
    return t.up;
  }
  return undefined;
}

const YEAR_RE = /^(\d+)(?:\/(\d+))?$/;

function isNumberToken(t: Token | undefined): boolean {
  return t !== undefined && YEAR_RE.test(t.raw);
}

function epochOf(ctx: Ctx, t: Token | undefined): 'BCE' | 'AD' | undefined {
  if (!t) return undefined;
  if (BCE_SPELLINGS.has(t.up)) {
    noteCase(ctx, t);
    const canonical = ctx.major === 7 ? 'BCE' : 'B.C.';
    if (t.up !== canonical) ctx.issue('epoch-spelling');
    return 'BCE';
  }
  if (AD_SPELLINGS.has(t.up)) {
    ctx.issue('ad-epoch');
    return 'AD';
  }
  return undefined;
}

interface PointResult {
  readonly point: DatePoint;
  readonly next: number;
  readonly valid: boolean;
}

function parsePoint(ctx: Ctx, toks: readonly Token[], start: number): PointResult | undefined {
  let i = start;
  let calendar: CalendarName = 'GREGORIAN';
  let calendarExplicit = false;
  const first = toks[i];
  if (!first) return undefined;
  const cal = calendarOf(ctx, first, toks[i + 1]);
  if (cal === null) return undefined;
  if (cal !== undefined) {
    calendar = cal;
    calendarExplicit = true;
    i++;
  }
  let day: number | undefined;
  let month: string | undefined;
  let yearTok: Token | undefined;
  const t0 = toks[i];
  if (!t0) return undefined;
  if (isNumberToken(t0)) {
    const m1 = monthOf(ctx, calendar, toks[i + 1]);
    if (m1 !== undefined && /^\d+$/.test(t0.raw) && isNumberToken(toks[i + 2])) {
      day = Number(t0.raw);
      if (t0.raw.length > 1 && t0.raw.startsWith('0')) ctx.issue('leading-zero');
      month = m1;
      yearTok = toks[i + 2];
      i += 3;
    } else {
      yearTok = t0;
      i += 1;
    }
  } else {
    const m0 = monthOf(ctx, calendar, t0);
    if (m0 === undefined || !isNumberToken(toks[i + 1])) return undefined;
    month = m0;
    yearTok = toks[i + 1];
    i += 2;
  }
  if (!yearTok) return undefined;
  const ym = YEAR_RE.exec(yearTok.raw);
  if (!ym) return undefined;
  const yearText = ym[1] ?? '';
  const year = Number(yearText);
  if (!Number.isSafeInteger(year)) return undefined;
  if (yearText.length > 1 && yearText.startsWith('0')) ctx.issue('leading-zero');
  if (ctx.major !== 7 && yearText.length < 3) ctx.issue('short-year-in-5');
  const dualYear = ym[2];
  let valid = true;
  if (dualYear !== undefined) {
    if (ctx.major === 7) ctx.issue('dual-year-in-7');
    if (dualYear.length !== 2) ctx.issue('dual-year-digits');
    if (calendar !== 'GREGORIAN') ctx.issue('dual-year-calendar');
    const modulus = 10 ** dualYear.length;
    if ((year + 1) % modulus !== Number(dualYear) % modulus) ctx.issue('dual-year-mismatch');
  }
  let bce = false;
  let extEpoch: `_${string}` | undefined;
  const epTok = toks[i];
  if (epTok && isExtensionTag(epTok.raw) && keywordOf(epTok) === undefined) {
    extEpoch = epTok.raw;
    if (ctx.major === 5) ctx.issue('extension-epoch-in-5');
    i++;
  }
  const ep = extEpoch === undefined ? epochOf(ctx, toks[i]) : undefined;
  if (ep !== undefined) {
    bce = ep === 'BCE';
    i++;
    if (bce && (calendar === 'HEBREW' || calendar === 'FRENCH_R')) {
      ctx.issue('epoch-calendar');
    }
  }
  if (year === 0 && isCountable(calendar)) {
    ctx.issue('year-zero');
    valid = false;
  }
  if (day !== undefined && month !== undefined && isCountable(calendar)) {
    const months = monthsOf(calendar) ?? [];
    const idx = months.indexOf(month);
    if (idx >= 0) {
      const astro = astronomicalYear(calendar, year, bce);
      const len = monthLength(calendar, astro, idx);
      if (len !== undefined && (day < 1 || day > len)) {
        ctx.issue('day-out-of-range');
        valid = false;
      }
    }
  } else if (day !== undefined && day < 1) {
    ctx.issue('day-out-of-range');
    valid = false;
  }
  const point: DatePoint = {
    calendar,
    calendarExplicit,
    ...(day !== undefined ? { day } : {}),
    ...(month !== undefined ? { month } : {}),
    year,
    ...(dualYear !== undefined ? { dualYear } : {}),
    bce,
    ...(extEpoch !== undefined ? { epoch: extEpoch } : {}),
  };
  return { point, next: i, valid };
}

function astronomicalYear(calendar: CalendarName, year: number, bce: boolean): number {
  if (!bce) return year;
  if (calendar === 'GREGORIAN' || calendar === 'JULIAN') return 1 - year;
  return -year;
}

function parseBody(ctx: Ctx, toks: readonly Token[]): { value: DateValue; valid: boolean } {
  const invalid = { value: { kind: 'invalid' } as const, valid: false };
  const first = toks[0];
  if (!first) return { value: { kind: 'empty' }, valid: true };
  const kw = takeKeyword(ctx, first);
  const single = (from: number): PointResult | undefined => {
    const r = parsePoint(ctx, toks, from);
    if (!r || r.next !== toks.length) return undefined;
    return r;
  };
  switch (kw) {
    case undefined: {
      const r = single(0);
      return r ? { value: { kind: 'exact', date: r.point }, valid: r.valid } : invalid;
    }
    case 'ABT':
    case 'CAL':
    case 'EST': {
      const r = single(1);
      return r ? { value: { kind: 'approximate', qualifier: kw, date: r.point }, valid: r.valid } : invalid;
    }
    case 'BEF':
    case 'AFT': {
      const r = single(1);
      if (!r) return invalid;
      return { value: { kind: kw === 'BEF' ? 'before' : 'after', date: r.point }, valid: r.valid };
    }
    case 'TO': {
      const r = single(1);
      return r ? { value: { kind: 'period', to: r.point }, valid: r.valid } : invalid;
    }
    case 'BET':
    case 'FROM': {
      const a = parsePoint(ctx, toks, 1);
      if (!a) return invalid;
      if (a.next === toks.length) {
        if (kw === 'BET') return invalid;
        return { value: { kind: 'period', from: a.point }, valid: a.valid };
      }
      const sep = toks[a.next];
      const sepKw = sep ? takeKeyword(ctx, sep) : undefined;
      if (sepKw !== (kw === 'BET' ? 'AND' : 'TO')) return invalid;
      const b = single(a.next + 1);
      if (!b) return invalid;
      const valid = a.valid && b.valid;
      return kw === 'BET'
        ? { value: { kind: 'between', start: a.point, end: b.point }, valid }
        : { value: { kind: 'period', from: a.point, to: b.point }, valid };
    }
    default:
      return invalid;
  }
}

/**
 * Parse a DATE payload of the given GEDCOM version ('5.5', '5.5.1', '7.0', or any '7.0.x').
 * Never throws.
 */
export function parseDate(text: string, version: string): GedcomDate {
  const v = normalizeVersion(version);
  const ctx = new Ctx(majorOf(v));
  const finish = (value: DateValue, valid: boolean): GedcomDate => {
    const issues = [...ctx.issues];
    if (value.kind === 'invalid' && !issues.includes('unparsable')) issues.push('unparsable');
    return { ...value, text, version: v, valid: valid && value.kind !== 'invalid', issues };
  };
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (text.trim() !== text) ctx.issue('whitespace');
  const checkSpaces = (part: string): void => {
    if (/\s{2,}|[^\S ]/.test(part.trim())) ctx.issue('whitespace');
  };
  if (trimmed === '') {
    if (ctx.major === 5) ctx.issue('empty-in-5');
    return finish({ kind: 'empty' }, true);
  }
  // (phrase)
  if (trimmed.startsWith('(')) {
    if (ctx.major === 7) ctx.issue('phrase-in-7');
    let inner = text.trim().slice(1);
    if (inner.endsWith(')')) inner = inner.slice(0, -1);
    else ctx.issue('missing-parenthesis');
    return finish({ kind: 'phrase', phrase: inner }, true);
  }
  // INT date (phrase)
  const firstWord = trimmed.split(' ', 1)[0]?.toUpperCase();
  if (firstWord === 'INT') {
    if (ctx.major === 7) ctx.issue('phrase-in-7');
    const original = text.trim();
    if (original.slice(0, 3) !== 'INT') ctx.issue('case');
    const rest = original.slice(3);
    const open = rest.indexOf('(');
    let datePart: string;
    let phrase: string;
    if (open >= 0) {
      datePart = rest.slice(0, open);
      phrase = rest.slice(open + 1);
      if (phrase.endsWith(')')) phrase = phrase.slice(0, -1);
      else ctx.issue('missing-parenthesis');
    } else {
      ctx.issue('missing-parenthesis');
      datePart = rest;
      phrase = '';
    }
    checkSpaces(datePart);
    const toks = tokenize(datePart);
    const r = parsePoint(ctx, toks, 0);
    if (r && r.next === toks.length) {
      return finish({ kind: 'interpreted', date: r.point, phrase }, r.valid);
    }
    if (open < 0) {
      // INT followed by words: try the longest date prefix, the rest is the phrase.
      for (let n = toks.length - 1; n > 0; n--) {
        const sub = toks.slice(0, n);
        const rr = parsePoint(ctx, sub, 0);
        if (rr && rr.next === n) {
          const words = toks
            .slice(n)
            .map((t) => t.raw)
            .join(' ');
          return finish({ kind: 'interpreted', date: rr.point, phrase: words }, rr.valid);
        }
      }
    }
    return finish({ kind: 'invalid' }, false);
  }
  checkSpaces(text);
  const { value, valid } = parseBody(ctx, tokenize(trimmed));
  return finish(value, valid);
}

// ---------------------------------------------------------------- formatter

function formatPoint(p: DatePoint, major: 5 | 7): string {
  const parts: string[] = [];
  if (p.calendar !== 'GREGORIAN' || p.calendarExplicit) {
    if (major === 5) {
      parts.push(`@#D${p.calendar === 'FRENCH_R' ? 'FRENCH R' : p.calendar}@`);
    } else {
      parts.push(p.calendar === 'ROMAN' || p.calendar === 'UNKNOWN' ? `_${p.calendar}` : p.calendar);
    }
  }
  if (p.day !== undefined) parts.push(String(p.day));
  if (p.month !== undefined) parts.push(p.month);
  parts.push(major === 5 && p.dualYear !== undefined ? `${p.year}/${p.dualYear}` : String(p.year));
  if (p.bce) parts.push(major === 5 ? 'B.C.' : 'BCE');
  if (p.epoch !== undefined) parts.push(p.epoch);
  return parts.join(' ');
}

/**
 * The canonical payload of a date value in a version. Upper case, single spaces, calendar escapes in
 * 5.x and keywords in 7.0 (the default GREGORIAN is written only when it was written in the input).
 *
 * What a 7.0 payload cannot hold is left out and must travel in a PHRASE substructure: the phrase of
 * `interpreted` and `phrase` values, and dual years (the first year is written). An `invalid` value
 * gives back its original text when it carries one.
 */
export function formatDate(date: DateValue & { readonly text?: string }, version: string): string {
  const major = majorOf(version);
  switch (date.kind) {
    case 'empty':
      return '';
    case 'exact':
      return formatPoint(date.date, major);
    case 'approximate':
      return `${date.qualifier} ${formatPoint(date.date, major)}`;
    case 'before':
      return `BEF ${formatPoint(date.date, major)}`;
    case 'after':
      return `AFT ${formatPoint(date.date, major)}`;
    case 'between':
      return `BET ${formatPoint(date.start, major)} AND ${formatPoint(date.end, major)}`;
    case 'period': {
      const parts: string[] = [];
      if (date.from) parts.push(`FROM ${formatPoint(date.from, major)}`);
      if (date.to) parts.push(`TO ${formatPoint(date.to, major)}`);
      return parts.join(' ');
    }
    case 'interpreted':
      return major === 5 ? `INT ${formatPoint(date.date, major)} (${date.phrase})` : formatPoint(date.date, major);
    case 'phrase':
      return major === 5 ? `(${date.phrase})` : '';
    case 'invalid':
      return date.text ?? '';
  }
}

// ---------------------------------------------------------------- comparison

export interface DayRange {
  /** First possible day (Julian Day Number), or -Infinity when open. */
  readonly earliest: number;
  /** Last possible day (Julian Day Number), or +Infinity when open. */
  readonly latest: number;
  /** ABT / CAL / EST: the range is that of the stated date, which itself is approximate. */
  readonly approximate: boolean;
}

/**
 * Second year of a dual year: the year closest to `year` whose last digits are `dual`
 * (`1699/00` -> 1700, `1701/99` -> 1699, `1750/1` -> 1751).
 */
export function dualYearAlternative(year: number, dual: string): number {
  const modulus = 10 ** dual.length;
  const replacement = Number(dual);
  if (modulus > year) return replacement;
  const old = year % modulus;
  if (old > replacement) {
    return (old - replacement) * 2 <= modulus ? year + replacement - old : year + replacement - old + modulus;
  }
  return (replacement - old) * 2 <= modulus ? year + replacement - old : year + replacement - old - modulus;
}

function pointRangeForYear(p: DatePoint, year: number): { first: number; last: number } | undefined {
  if (!isCountable(p.calendar) || p.epoch !== undefined) return undefined;
  if (p.bce && (p.calendar === 'HEBREW' || p.calendar === 'FRENCH_R')) return undefined;
  const months = monthsOf(p.calendar) ?? [];
  let monthIndex: number | undefined;
  if (p.month !== undefined) {
    const idx = months.indexOf(p.month);
    // An extension month in a standard calendar: only the year is known.
    monthIndex = idx >= 0 ? idx : undefined;
  }
  const day = monthIndex === undefined ? undefined : p.day;
  return dayRangeOf(p.calendar, astronomicalYear(p.calendar, year, p.bce), monthIndex, day);
}

/** First and last day (JDN) a single date point can denote; dual years cover both readings. */
function pointRange(p: DatePoint): { first: number; last: number } | undefined {
  const a = pointRangeForYear(p, p.year);
  if (!a || p.dualYear === undefined) return a;
  const alt = dualYearAlternative(p.year, p.dualYear);
  const b = pointRangeForYear(p, alt);
  if (!b) return a;
  return { first: Math.min(a.first, b.first), last: Math.max(a.last, b.last) };
}

/**
 * The span of days a date value can denote, as Julian Day Numbers, so that dates in any calendar
 * compare. Year-only dates cover the whole year, month-year dates the whole month. BEF / AFT / TO /
 * FROM are open on one side (±Infinity). Undefined when nothing is known (empty, phrase, invalid,
 * or a calendar whose days cannot be counted: ROMAN, UNKNOWN, extension calendars).
 */
export function dateRange(date: DateValue): DayRange | undefined {
  const closed = (p: DatePoint, approximate: boolean): DayRange | undefined => {
    const r = pointRange(p);
    return r ? { earliest: r.first, latest: r.last, approximate } : undefined;
  };
  switch (date.kind) {
    case 'exact':
    case 'interpreted':
      return closed(date.date, false);
    case 'approximate':
      return closed(date.date, true);
    case 'before': {
      const r = pointRange(date.date);
      return r ? { earliest: -Infinity, latest: r.first - 1, approximate: false } : undefined;
    }
    case 'after': {
      const r = pointRange(date.date);
      return r ? { earliest: r.last + 1, latest: Infinity, approximate: false } : undefined;
    }
    case 'between': {
      const a = pointRange(date.start);
      const b = pointRange(date.end);
      if (!a && !b) return undefined;
      const earliest = a ? a.first : -Infinity;
      const latest = b ? b.last : Infinity;
      return earliest <= latest ? { earliest, latest, approximate: false } : { earliest: latest, latest: earliest, approximate: false };
    }
    case 'period': {
      const a = date.from ? pointRange(date.from) : undefined;
      const b = date.to ? pointRange(date.to) : undefined;
      if (!a && !b) return undefined;
      const earliest = a ? a.first : -Infinity;
      const latest = b ? b.last : Infinity;
      return earliest <= latest ? { earliest, latest, approximate: false } : { earliest: latest, latest: earliest, approximate: false };
    }
    default:
      return undefined;
  }
}

export { jdnToGregorian } from './date/calendars.js';
