const COMBINING = /\p{M}/u;

function safeBoundary(text: string, k: number): boolean {
  const before = text.charCodeAt(k - 1);
  const after = text.charCodeAt(k);
  if (before === 32 || after === 32 || before === 64 || after === 64) return false;
  if (after >= 0xdc00 && after <= 0xdfff) return false;
  return !COMBINING.test(text[k] ?? '');
}

/**
 * Split an escaped payload into chunks of at most `max` UTF-16 units for CONC lines. A split
 * never lands next to a space (readers trim), next to `@` (escapes), inside a surrogate pair
 * or before a combining mark (ANSEL writes marks before their letter).
 */
export function splitForConc(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let start = 0;
  while (text.length - start > max) {
    let k = start + max;
    while (k > start + 1 && !safeBoundary(text, k)) k--;
    if (k <= start + 1) {
      k = start + max;
      while (k < text.length && !safeBoundary(text, k)) k++;
      if (k >= text.length) break;
    }
    out.push(text.slice(start, k));
    start = k;
  }
  out.push(text.slice(start));
  return out;
}
