const COMBINING = /\p{M}/u;

/** Boundary ranks, best first; a split takes the rightmost boundary of the best rank in its window. */
const RANK_SAFE = 3;
/** Next to an `@` but between escape units (`@@|@@`, `@@|x`): every reader keeps it. */
const RANK_NEXT_TO_AT = 2;
/** Next to a space: readers that trim lose it, taken only where a window holds nothing better (a long run of spaces). */
const RANK_NEXT_TO_SPACE = 1;
/** Inside a date escape or before a combining mark: the last resort. */
const RANK_LAST_RESORT = 0;
const RANK_NEVER = -1;

/** Interior of an escape unit: a doubled `@` (never split) or a date escape such as `@#DJULIAN@`. */
const IN_PAIR = 1;
const IN_DATE = 2;

/**
 * Marks the boundaries that fall inside an escape unit of 5.x escaped text: `@@` (an escaped
 * `@`) or `@#D...@` (a date escape, written as it is). Read left to right the way
 * escape.ts writes them; null when the text has no `@`.
 */
function escapeInteriors(text: string): Uint8Array | null {
  if (!text.includes('@')) return null;
  const inside = new Uint8Array(text.length + 1);
  let i = 0;
  while (i < text.length) {
    if (text.charCodeAt(i) !== 64) {
      i++;
      continue;
    }
    if (text.charCodeAt(i + 1) === 64) {
      inside[i + 1] = IN_PAIR;
      i += 2;
      continue;
    }
    const end = text.charCodeAt(i + 1) === 35 ? text.indexOf('@', i + 1) : -1;
    if (end < 0) {
      i++;
      continue;
    }
    for (let k = i + 1; k <= end; k++) inside[k] = IN_DATE;
    i = end + 1;
  }
  return inside;
}

function boundaryRank(text: string, k: number, inside: Uint8Array | null): number {
  const before = text.charCodeAt(k - 1);
  const after = text.charCodeAt(k);
  if (after >= 0xdc00 && after <= 0xdfff && before >= 0xd800 && before <= 0xdbff) return RANK_NEVER;
  const escape = inside === null ? 0 : (inside[k] ?? 0);
  if (escape === IN_PAIR) return RANK_NEVER;
  if (escape === IN_DATE || COMBINING.test(text[k] ?? '')) return RANK_LAST_RESORT;
  if (before === 32 || after === 32) return RANK_NEXT_TO_SPACE;
  if (before === 64 || after === 64) return RANK_NEXT_TO_AT;
  return RANK_SAFE;
}

/** The end of the next chunk starting at `start`: the rightmost boundary of the best rank within `limit` units. */
function chunkEnd(text: string, start: number, limit: number, inside: Uint8Array | null): number {
  let best = start + limit;
  let bestRank = RANK_NEVER;
  for (let k = start + limit; k > start; k--) {
    const rank = boundaryRank(text, k, inside);
    if (rank <= bestRank) continue;
    best = k;
    bestRank = rank;
    if (rank === RANK_SAFE) break;
  }
  return best;
}

/**
 * Split an escaped 5.x payload into chunks for CONC lines: the first at most `firstMax` UTF-16
 * units, the others at most `max` (both at least 2). A split is never inside an escaped `@@`
 * or a surrogate pair. Best first, it falls: away from spaces (readers trim) and `@` (escapes),
 * inside a surrogate-free stretch not before a combining mark (ANSEL writes marks before their
 * letter); then next to an `@` between escape units; then next to a space (a run of spaces longer
 * than a line); then inside a date escape or before a combining mark. Every chunk fits its
 * limit, and the chunks joined are the text.
 */
export function splitForConc(text: string, max: number, firstMax: number = max): string[] {
  if (text.length <= firstMax) return [text];
  const inside = escapeInteriors(text);
  const out: string[] = [];
  let start = 0;
  let limit = Math.max(2, firstMax);
  while (text.length - start > limit) {
    const k = chunkEnd(text, start, limit, inside);
    out.push(text.slice(start, k));
    start = k;
    limit = Math.max(2, max);
  }
  out.push(text.slice(start));
  return out;
}
