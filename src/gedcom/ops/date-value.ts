import { dateRange, parseDate, type DateIssue } from '../date.js';
import { OPS_LIMITS } from './limits.js';
import { ByteMemo } from './string-table.js';

/**
 * DATE payloads as day ranges for the operations: the common Gregorian `[D] [MON] YYYY` form
 * read character by character without allocating, everything else through the general parser
 * with a bounded memo. Results are written into a caller's {@link DateScratch}.
 */

interface ParsedDate {
  readonly valid: boolean;
  /** Read as a date, but of a day its calendar does not have (31 APR, 29 FEB 1900, 0 JAN). */
  readonly impossible: boolean;
  readonly earliest: number;
  readonly latest: number;
  readonly approximate: boolean;
  readonly ranged: boolean;
}

/** A reusable result of {@link dateInto}. */
export interface DateScratch {
  valid: boolean;
  earliest: number;
  latest: number;
  approximate: boolean;
  ranged: boolean;
}

/** Issues that make a readable date uncertain: a 5.x year of one or two digits (`12 MAR 60`), a calendar nobody knows. */
const UNCERTAIN_ISSUES: ReadonlySet<DateIssue> = new Set<DateIssue>(['short-year-in-5', 'unknown-calendar']);

export function dateScratch(): DateScratch {
  return { valid: true, earliest: -Infinity, latest: Infinity, approximate: false, ranged: false };
}

/** JAN..DEC packed as three char codes (c0 << 16 | c1 << 8 | c2) -> month 1..12. */
const MONTH_CODE: ReadonlyMap<number, number> = new Map<number, number>(
  ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].map((m, i) => [
    (m.charCodeAt(0) << 16) | (m.charCodeAt(1) << 8) | m.charCodeAt(2),
    i + 1,
  ]),
);

function gregorianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

const SPACE = 32;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** The longest payload of the simple form: `31 DEC 9999`. */
const SIMPLE_MAX = 11;
/** The characters of a short ASCII payload, for {@link simpleDateInto} to read as bytes. */
const textBytes = new Uint8Array(SIMPLE_MAX);

/**
 * The common Gregorian `[D] [MON] YYYY` payload (day 1-31 without a leading zero, year of three
 * or four digits without one) without the general parser: the same day range as dateRange, read
 * from the bytes b[start, end) as the source holds them (the form is ASCII without `@`, so its
 * bytes are its text in every encoding and escapes cannot occur). False when the bytes are not
 * of that form (or name a day the month lacks).
 */
function simpleDateBytes(b: Uint8Array, start: number, end: number, out: DateScratch): boolean {
  const n = end;
  let i = start;
  let day = 0;
  // a leading number followed by a space can only be the day
  let k = start;
  // cast: start <= k < n = end, a byte of b (so are every b[...] read below: each index is checked against n first)
  while (k < n && isDigit(b[k] as number)) k++;
  if (k < n && k > start) {
    if (b[k] !== SPACE || k - start > 2 || b[start] === 48) return false;
    // cast: k - start is 1 or 2, so start and start + 1 < k are bytes of the range
    day = k - start === 1 ? (b[start] as number) - 48 : ((b[start] as number) - 48) * 10 + (b[start + 1] as number) - 48;
    if (day > 31) return false;
    i = k + 1;
  }
  let month = 0;
  if (i + 3 < n && b[i + 3] === SPACE) {
    // cast: i + 2 < i + 3 < n, bytes of the range
    const m = MONTH_CODE.get(((b[i] as number) << 16) | ((b[i + 1] as number) << 8) | (b[i + 2] as number));
    if (m === undefined) return false;
    month = m;
    i += 4;
  }
  const digits = n - i;
  if (digits < 3 || digits > 4 || b[i] === 48) return false;
  let year = 0;
  for (let j = i; j < n; j++) {
    // cast: i <= j < n, a byte of the range
    const c = b[j] as number;
    if (!isDigit(c)) return false;
    year = year * 10 + c - 48;
  }
  if (month === 0) {
    if (day !== 0) return false;
    setRange(out, gregorianDay(year, 1, 1), gregorianDay(year, 12, 31));
    return true;
  }
  const first = gregorianDay(year, month, 1);
  const last = (month === 12 ? gregorianDay(year + 1, 1, 1) : gregorianDay(year, month + 1, 1)) - 1;
  if (day === 0) {
    setRange(out, first, last);
    return true;
  }
  const at = first + day - 1;
  if (at > last) return false;
  setRange(out, at, at);
  return true;
}

/** {@link simpleDateBytes} of a payload already decoded: its characters copied as bytes when they can be of the form. */
function simpleDateInto(text: string, out: DateScratch): boolean {
  const n = text.length;
  if (n > SIMPLE_MAX) return false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return false;
    textBytes[i] = c;
  }
  return simpleDateBytes(textBytes, 0, n, out);
}

function copy(p: ParsedDate, out: DateScratch): void {
  out.valid = p.valid;
  out.earliest = p.earliest;
  out.latest = p.latest;
  out.approximate = p.approximate;
  out.ranged = p.ranged;
}

function setRange(out: DateScratch, earliest: number, latest: number): void {
  out.valid = true;
  out.earliest = earliest;
  out.latest = latest;
  out.approximate = false;
  out.ranged = true;
}

/**
 * Reads the DATE payloads of one document (one version). Date payloads repeat a lot in real files:
 * parsed values are memoised, up to OPS_LIMITS.dateMemoEntries, for the life of the reader.
 */
export class DateReader {
  private readonly memo = new Map<string, ParsedDate>();
  /** The same values by the bytes a payload was read from ({@link intoBytes}): no string for a payload met before. */
  private readonly byBytes = new ByteMemo<ParsedDate>(OPS_LIMITS.dateMemoEntries);
  private readonly check = dateScratch();

  constructor(private readonly version: string) {}

  /** Parse a DATE payload into `out`. */
  into(text: string, out: DateScratch): void {
    if (!simpleDateInto(text, out)) copy(this.general(text), out);
  }

  /**
   * Parse the DATE payload written as the source bytes buf[start, end) into `out`, the same as
   * {@link into} of its text: the simple form is read from the bytes, any other payload is decoded
   * by `line` (the line whose value the bytes are, of the one document this reader reads) once per
   * distinct bytes and read as text.
   */
  intoBytes(buf: Uint8Array, start: number, end: number, line: { value(): string }, out: DateScratch): void {
    if (simpleDateBytes(buf, start, end, out)) return;
    const known = this.byBytes.get(buf, start, end);
    if (known !== undefined) {
      copy(known, out);
      return;
    }
    const text = line.value();
    if (simpleDateInto(text, out)) return;
    const p = this.general(text);
    this.byBytes.set(buf, start, end, p);
    copy(p, out);
  }

  /** Whether an invalid DATE payload names a day its calendar does not have (31 APR, 30 FEB, 29 FEB 1900 but not 29 FEB 1900 Julian). */
  isImpossible(text: string): boolean {
    return this.general(text).impossible;
  }

  /** Whether a DATE payload parses to a valid value. */
  isValid(text: string): boolean {
    this.into(text, this.check);
    return this.check.valid;
  }

  private general(text: string): ParsedDate {
    const hit = this.memo.get(text);
    if (hit !== undefined) return hit;
    const parsed = parseDate(text, this.version);
    // A date that cannot be read with certainty counts as no date at all: invalid for quality, and
    // unknown for the living-person estimate (which then fails closed: could be living).
    const certain = parsed.valid && !parsed.issues.some((issue) => UNCERTAIN_ISSUES.has(issue));
    const range = certain ? dateRange(parsed) : undefined;
    const impossible = !parsed.valid && parsed.issues.includes('day-out-of-range');
    const value: ParsedDate =
      range === undefined
        ? { valid: parsed.valid && certain, impossible, earliest: -Infinity, latest: Infinity, approximate: false, ranged: false }
        : { valid: true, impossible, earliest: range.earliest, latest: range.latest, approximate: range.approximate, ranged: true };
    if (this.memo.size >= OPS_LIMITS.dateMemoEntries) this.memo.clear();
    this.memo.set(text, value);
    return value;
  }
}
