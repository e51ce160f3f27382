import { dateRange, parseDate } from '../date.js';
import { OPS_LIMITS } from './limits.js';

/**
 * DATE payloads as day ranges for the operations: the common Gregorian `[D] [MON] YYYY` form
 * without the general parser, everything else through it with a bounded memo.
 */

export interface ParsedDate {
  readonly valid: boolean;
  readonly earliest: number;
  readonly latest: number;
  readonly approximate: boolean;
  readonly ranged: boolean;
}

/** Date payloads repeat a lot in real files: parsed values are memoised, up to OPS_LIMITS.dateMemoEntries per version. */
const dateMemo = new Map<string, Map<string, ParsedDate>>();

const MONTH_INDEX: Readonly<Record<string, number>> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, OCT: 10, NOV: 11, DEC: 12 };
const SIMPLE_DATE = /^(?:([1-9]|[12][0-9]|3[01]) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?([1-9][0-9]{2,3})$/;

function gregorianDay(year: number, month: number, day: number): number {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
}

/** The common Gregorian `[D] [MON] YYYY` payload without the general parser (same day range as dateRange). */
function simpleDate(text: string): ParsedDate | undefined {
  const m = SIMPLE_DATE.exec(text);
  if (m === null) return undefined;
  const year = Number(m[3]);
  const month = m[2] === undefined ? undefined : (MONTH_INDEX[m[2]] as number);
  if (month === undefined) {
    if (m[1] !== undefined) return undefined;
    return { valid: true, earliest: gregorianDay(year, 1, 1), latest: gregorianDay(year, 12, 31), approximate: false, ranged: true };
  }
  const first = gregorianDay(year, month, 1);
  const last = (month === 12 ? gregorianDay(year + 1, 1, 1) : gregorianDay(year, month + 1, 1)) - 1;
  if (m[1] === undefined) return { valid: true, earliest: first, latest: last, approximate: false, ranged: true };
  const day = first + Number(m[1]) - 1;
  if (day > last) return undefined;
  return { valid: true, earliest: day, latest: day, approximate: false, ranged: true };
}

export function parsedDate(text: string, version: string): ParsedDate {
  const simple = simpleDate(text);
  if (simple !== undefined) return simple;
  let memo = dateMemo.get(version);
  if (memo === undefined) dateMemo.set(version, (memo = new Map()));
  const hit = memo.get(text);
  if (hit !== undefined) return hit;
  const parsed = parseDate(text, version);
  const range = parsed.valid ? dateRange(parsed) : undefined;
  const value: ParsedDate =
    range === undefined
      ? { valid: parsed.valid, earliest: -Infinity, latest: Infinity, approximate: false, ranged: false }
      : { valid: true, earliest: range.earliest, latest: range.latest, approximate: range.approximate, ranged: true };
  if (memo.size >= OPS_LIMITS.dateMemoEntries) memo.clear();
  memo.set(text, value);
  return value;
}
