/**
 * American Soundex as Gramps uses it (gramps/gen/soundex.py): NFKD, ASCII fold, upper case,
 * first letter kept, then digits of the consonant classes, 4 characters; empty gives `Z000`.
 */
const CODES: Readonly<Record<string, string>> = {
  B: '1',
  F: '1',
  P: '1',
  V: '1',
  C: '2',
  G: '2',
  J: '2',
  K: '2',
  Q: '2',
  S: '2',
  X: '2',
  Z: '2',
  D: '3',
  T: '3',
  L: '4',
  M: '5',
  N: '5',
  R: '6',
};

export function foldAscii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z ]/g, '');
}

export function soundex(text: string): string {
  const letters = foldAscii(text)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (letters.length === 0) return 'Z000';
  const first = letters.charAt(0);
  let out = first;
  let last = CODES[first] ?? '';
  for (let i = 1; i < letters.length && out.length < 4; i++) {
    const ch = letters.charAt(i);
    const code = CODES[ch];
    if (code === undefined) {
      // vowels separate equal codes; H and W do not
      if (ch !== 'H' && ch !== 'W') last = '';
      continue;
    }
    if (code !== last) out += code;
    last = code;
  }
  return out.padEnd(4, '0');
}
