/**
 * AGE payloads of 5.5 / 5.5.1 and 7.0.
 *
 * 5.x: `[< | >] [Ny] [Nm] [Nd]`, or CHILD / INFANT / STILLBORN; real files add spaces, upper-case
 * units, bare numbers and any order. 7.0: `[< | > ]` then `Ny`, `Nm`, `Nw`, `Nd` in that order,
 * single spaces; words travel in a PHRASE.
 */

interface AgeValue {
  readonly bound: '<' | '>' | null;
  readonly years?: number;
  readonly months?: number;
  readonly weeks?: number;
  readonly days?: number;
}

/** 5.x age words and their 7.0 reading. */
const AGE_WORDS: ReadonlyMap<string, AgeValue> = new Map([
  ['CHILD', { bound: '<', years: 8 }],
  ['INFANT', { bound: '<', years: 1 }],
  ['STILLBORN', { bound: null, years: 0 }],
]);

/** Read an age leniently; undefined when the text is not an age. */
function parseAge(text: string): AgeValue | undefined {
  let s = text.trim();
  let bound: '<' | '>' | null = null;
  if (s.startsWith('<') || s.startsWith('>')) {
    bound = s[0] === '<' ? '<' : '>';
    s = s.slice(1).trim();
  }
  if (s === '') return undefined;
  if (/^\d+$/.test(s)) return { bound, years: Number(s) };
  const out: { years?: number; months?: number; weeks?: number; days?: number } = {};
  const re = /(\d+)\s*([ymwdYMWD])\s*/gy;
  let pos = 0;
  while (pos < s.length) {
    re.lastIndex = pos;
    const m = re.exec(s);
    if (!m) return undefined;
    const n = Number(m[1]);
    const unit = (m[2] ?? '').toLowerCase();
    const key = unit === 'y' ? 'years' : unit === 'm' ? 'months' : unit === 'w' ? 'weeks' : 'days';
    if (out[key] !== undefined) return undefined;
    out[key] = n;
    pos = re.lastIndex;
  }
  return { bound, ...out };
}

function formatAge(age: AgeValue, version: '5.5.1' | '7.0'): string {
  const parts: string[] = [];
  let days = age.days;
  if (version !== '7.0' && age.weeks !== undefined) days = (days ?? 0) + 7 * age.weeks;
  if (age.years !== undefined) parts.push(`${age.years}y`);
  if (age.months !== undefined) parts.push(`${age.months}m`);
  if (version === '7.0' && age.weeks !== undefined) parts.push(`${age.weeks}w`);
  if (days !== undefined) parts.push(`${days}d`);
  const body = parts.join(' ');
  if (!age.bound) return body;
  return version === '7.0' ? `${age.bound} ${body}` : `${age.bound}${body}`;
}

/** 5.x AGE payload -> 7.0 payload and optional PHRASE. */
export function ageTo7(text: string): { value: string; phrase?: string } | undefined {
  const word = AGE_WORDS.get(text.trim().toUpperCase());
  if (word) return { value: formatAge(word, '7.0'), phrase: text.trim() };
  const age = parseAge(text);
  if (!age) return undefined;
  return { value: formatAge(age, '7.0') };
}

/** 7.0 AGE payload (+ PHRASE) -> 5.5.1 payload; `keepPhrase` when the phrase could not be folded in. */
export function ageTo551(text: string, phrase: string | undefined): { value: string; keepPhrase: boolean } {
  const age = parseAge(text);
  if (phrase !== undefined) {
    const word = AGE_WORDS.get(phrase.trim().toUpperCase());
    if (word && age && formatAge(word, '7.0') === formatAge(age, '7.0')) return { value: phrase.trim(), keepPhrase: false };
  }
  // an age the 5.5.1 -> 7.0 conversion could not read travels as an empty AGE with its text in PHRASE
  if (!age && text.trim() === '' && phrase !== undefined && phrase.trim() !== '') return { value: phrase.trim(), keepPhrase: false };
  if (!age) return { value: text, keepPhrase: phrase !== undefined };
  return { value: formatAge(age, '5.5.1'), keepPhrase: phrase !== undefined };
}
