/** Payload conversions shared by both directions: dates, file names / URLs, languages, escapes. */

import { dualYearAlternative, formatDate, parseDate, type DatePoint, type DateValue, type GedcomDate } from '../date.js';
import { BCP47_TO_LANGUAGE, LANGUAGE_TO_BCP47 } from './tables.js';

/** How a 5.x dual year with a month or a qualifier becomes one 7.0 year. */
export type DualYearPolicy = 'post-slash' | 'pre-slash';

/** Smallest year after `year` whose last digits are `dual` (`1699/00` -> 1700, `1401/8` -> 1408). */
function nextYearEnding(year: number, dual: string): number {
  const modulus = 10 ** dual.length;
  const want = Number(dual) % modulus;
  let y = year - (year % modulus) + want;
  if (y <= year) y += modulus;
  return y;
}

function mapPoints(v: DateValue, f: (p: DatePoint) => DatePoint): DateValue {
  switch (v.kind) {
    case 'exact':
    case 'approximate':
    case 'before':
    case 'after':
    case 'interpreted':
      return { ...v, date: f(v.date) };
    case 'between':
      return { ...v, start: f(v.start), end: f(v.end) };
    case 'period':
      return { ...v, ...(v.from ? { from: f(v.from) } : {}), ...(v.to ? { to: f(v.to) } : {}) };
    default:
      return v;
  }
}

/**
 * A 5.5 / 5.5.1 DATE payload as a 7.0 payload plus an optional PHRASE. Dual years, INT phrases,
 * `(phrase)` and unreadable text survive in the PHRASE; calendar escapes become keywords, ROMAN and
 * UNKNOWN the extension calendars `_ROMAN` / `_UNKNOWN`, `B.C.` becomes `BCE`.
 */
export function dateTo7(text: string, policy: DualYearPolicy = 'post-slash'): { value: string; phrase?: string } {
  const original = text.trim();
  let d = parseDate(text, '5.5.1');
  let trailing = false;
  switch (d.kind) {
    case 'empty':
      return { value: '' };
    case 'phrase':
      return { value: '', phrase: d.phrase };
    case 'invalid': {
      // `7 JAN 1932 SL`: the longest leading part that is a date keeps its date, the whole text its PHRASE
      const prefix = datePrefix(original.replace(/\s+/g, ' '));
      if (prefix === null) return { value: '', phrase: original };
      d = prefix;
      trailing = true;
      break;
    }
    default:
      break;
  }
  let needsPhrase = false;
  let droppedEpoch = false;
  const fix = (p: DatePoint): DatePoint => {
    let q = p;
    if (q.dualYear !== undefined) {
      needsPhrase = true;
      const year = policy === 'post-slash' ? dualYearAlternative(q.year, q.dualYear) : q.year;
      const { dualYear: _d, ...rest } = q;
      q = { ...rest, year };
    }
    if (q.bce && (q.calendar === 'HEBREW' || q.calendar === 'FRENCH_R')) {
      droppedEpoch = true;
      q = { ...q, bce: false };
    }
    return q;
  };
  // A bare dual year is the undocumented shorthand for a range of two years.
  if (d.kind === 'exact' && d.date.dualYear !== undefined && d.date.month === undefined && !d.date.bce) {
    const start: DatePoint = { calendar: d.date.calendar, calendarExplicit: d.date.calendarExplicit, year: d.date.year, bce: false };
    const end: DatePoint = { ...start, year: nextYearEnding(d.date.year, d.date.dualYear) };
    return { value: formatDate({ kind: 'between', start, end }, '7.0'), phrase: original };
  }
  const converted = mapPoints(d, fix);
  const value = formatDate(converted, '7.0');
  if (needsPhrase || droppedEpoch || trailing) return { value, phrase: original };
  if (d.kind === 'interpreted') return { value, phrase: d.phrase };
  return { value };
}

/** Words of a date payload tried as a leading date, at most (a date has at most 9 words). */
const DATE_PREFIX_WORDS = 12;

/** The longest leading run of words of `text` that reads as a date (not a phrase), or null. */
function datePrefix(text: string): GedcomDate | null {
  const words = text.split(' ');
  for (let n = Math.min(words.length - 1, DATE_PREFIX_WORDS); n >= 1; n--) {
    const d = parseDate(words.slice(0, n).join(' '), '5.5.1');
    if (d.kind !== 'invalid' && d.kind !== 'empty' && d.kind !== 'phrase') return d;
  }
  return null;
}

/**
 * A 7.0 DATE payload plus optional PHRASE as 5.5.1: `INT date (phrase)` for a single date, `(phrase)`
 * for an empty date; otherwise the date, and `keepPhrase` tells the caller to keep the PHRASE as an
 * extension because 5.5.1 cannot attach it.
 */
export function dateTo551(text: string, phrase: string | undefined): { value: string; keepPhrase: boolean } {
  if (phrase !== undefined && phrase.trim() !== '') {
    // a PHRASE written by the 5.5.1 -> 7.0 conversion (dual year, trailing text) is the 5.5.1 payload itself
    const forward = dateTo7(phrase);
    if (forward.phrase === phrase.trim() && forward.value === text.trim()) return { value: phrase.trim(), keepPhrase: false };
  }
  const d = parseDate(text, '7.0');
  if (d.kind === 'invalid') return { value: text, keepPhrase: phrase !== undefined };
  if (phrase !== undefined && !/[()]/.test(phrase)) {
    if (d.kind === 'empty') return { value: `(${phrase})`, keepPhrase: false };
    if (d.kind === 'exact') return { value: formatDate({ kind: 'interpreted', date: d.date, phrase }, '5.5.1'), keepPhrase: false };
  }
  const back = mapPoints(d, (p) =>
    p.calendar === '_ROMAN' || p.calendar === '_UNKNOWN' ? { ...p, calendar: p.calendar === '_ROMAN' ? 'ROMAN' : 'UNKNOWN' } : p,
  );
  return { value: formatDate(back, '5.5.1'), keepPhrase: phrase !== undefined };
}

// ---------------------------------------------------------------- languages

/** 5.5.1 language name -> BCP 47 (`und` + phrase when unknown). */
export function langTo7(value: string): { value: string; phrase?: string } {
  const code = LANGUAGE_TO_BCP47.get(value.trim().toLowerCase());
  if (code) return { value: code };
  if (value.trim() === '') return { value: 'und' };
  // already a BCP 47 tag (written by a 7.0 -> 5.5.1 conversion as an extension)
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(value.trim())) return { value: value.trim() };
  return { value: 'und', phrase: value };
}

/** BCP 47 -> 5.5.1 language name, or undefined when 5.5.1 has no name for it. */
export function langTo551(value: string): string | undefined {
  return BCP47_TO_LANGUAGE.get(value.trim().toLowerCase());
}

// ---------------------------------------------------------------- files

const UNRESERVED = /[A-Za-z0-9\-._~!$&'()*+,;=@/]/;

function encodePath(path: string): string {
  let out = '';
  const chars = [...path];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? '';
    // an existing percent-escape is kept (5.5.1 paths do not contain `%XX` by accident often)
    if (ch === '%' && /^[0-9A-Fa-f]{2}$/.test((chars[i + 1] ?? '') + (chars[i + 2] ?? ''))) out += ch;
    else if (UNRESERVED.test(ch)) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

/** A 5.5.1 FILE payload (a path) as a 7.0 URI reference. */
export function fileTo7(value: string): string {
  const v = value.trim();
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v)) return v; // already a URL with an authority
  if (/^[A-Za-z]:[\\/]/.test(v)) return `file:///${v.slice(0, 2)}${encodePath(v.slice(2).replace(/\\/g, '/'))}`;
  if (v.startsWith('\\\\')) return `file://${encodePath(v.slice(2).replace(/\\/g, '/'))}`;
  if (v.startsWith('/')) return `file://${encodePath(v)}`;
  return encodePath(v.replace(/\\/g, '/'));
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A 7.0 FILE URI reference as a 5.5.1 path (URLs with another scheme stay). */
export function fileTo551(value: string): string {
  const v = value.trim();
  const drive = /^file:\/\/\/([A-Za-z]:)(\/.*)?$/.exec(v);
  if (drive) return `${drive[1] ?? ''}${decodeSafe(drive[2] ?? '').replace(/\//g, '\\')}`;
  if (v.startsWith('file:///')) return decodeSafe(v.slice(7));
  if (v.startsWith('file://')) return `\\\\${decodeSafe(v.slice(7)).replace(/\//g, '\\')}`;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(v)) return v;
  const decoded = decodeSafe(v);
  // a relative reference whose decoding would look like a URL or a drive stays encoded
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(decoded) || decoded.startsWith('\\\\') || decoded.startsWith('/')) return v;
  return decoded;
}

// ---------------------------------------------------------------- escapes

/**
 * 5.x `@#...@` escapes in a text payload (not a DATE): a date escape `@#DNAME@` becomes the calendar
 * word (`NAME` with spaces as `_`) followed by a space; any other escape is removed. One space after
 * an escape belongs to the escape.
 */
export function stripEscapes(value: string): string {
  if (!value.includes('@#')) return value;
  return value.replace(/@#([^@\n]*)@ ?/g, (_m, body: string) => {
    if (body.startsWith('D')) return `${body.slice(1).trim().replace(/\s+/g, '_')} `;
    return '';
  });
}
