import type { ByteCodec, EncodeResult } from './codec.js';
import { ANSEL_COMBINING, ANSEL_SPACING } from './ansel-table.js';

const DECODE = new Int32Array(256).fill(-1);
const COMBINING = new Uint8Array(256);

for (let b = 0; b < 0x80; b++) DECODE[b] = b;
for (const [byte, cp] of ANSEL_SPACING) DECODE[byte] = cp;
for (const [byte, cp] of ANSEL_COMBINING) {
  DECODE[byte] = cp;
  COMBINING[byte] = 1;
}

/** Code point -> ANSEL byte: ASCII as itself, the spacing characters (0xC7 decodes but is not written), the combining marks. */
const ENCODE: ReadonlyMap<number, number> = new Map<number, number>([
  ...ANSEL_SPACING.filter(([byte]) => byte !== 0xc7).map(([byte, cp]): [number, number] => [cp, byte]),
  ...ANSEL_COMBINING.map(([byte, cp]): [number, number] => [cp, byte]),
  ...Array.from({ length: 0x80 }, (_, b): [number, number] => [b, b]),
]);

/** True when the byte has a meaning in our ANSEL table. */
export function isAnselDefined(byte: number): boolean {
  return (DECODE[byte] ?? -1) >= 0;
}

/**
 * Decode ANSEL bytes to NFC text. Combining marks are moved after the letter that follows them.
 * Undefined bytes become U+FFFD (they are not valid ANSEL).
 */
export function decodeAnsel(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let out = '';
  let marks = '';
  let pure = true;
  for (let i = start; i < end; i++) {
    // cast: start <= i < end, and callers pass end <= bytes.length
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += marks.length > 0 ? String.fromCharCode(b) + marks : String.fromCharCode(b);
      marks = '';
      continue;
    }
    pure = false;
    // cast: b is a byte (0..255), and DECODE has 256 entries
    const cp = DECODE[b] as number;
    if (cp < 0) {
      out += marks + '\ufffd';
      marks = '';
    } else if (COMBINING[b] === 1) {
      marks += String.fromCharCode(cp);
    } else {
      out += String.fromCharCode(cp) + marks;
      marks = '';
    }
  }
  out += marks;
  return pure ? out : out.normalize('NFC');
}

/** ANSEL bytes of one character with its combining marks (marks first), or null. */
function encodeCluster(base: number, marks: number[]): number[] | null {
  const markBytes: number[] = [];
  for (const m of marks) {
    const mb = ENCODE.get(m);
    if (mb === undefined || COMBINING[mb] !== 1) return null;
    markBytes.push(mb);
  }
  const direct = ENCODE.get(base);
  if (direct !== undefined) return COMBINING[direct] === 1 ? [direct, ...markBytes] : [...markBytes, direct];
  // a precomposed letter ANSEL has no byte for: decompose it (é -> e + acute)
  const nfd = String.fromCodePoint(base).normalize('NFD');
  // cast: NFD of one code point is a non-empty string
  const first = nfd.codePointAt(0) as number;
  if (first === base) return null;
  const inner: number[] = [];
  for (let k = first > 0xffff ? 2 : 1; k < nfd.length; k++) inner.push(nfd.charCodeAt(k));
  return encodeCluster(first, [...inner, ...marks]);
}

const isMark = (c: number): boolean => (c >= 0x300 && c <= 0x36f) || (c >= 0xfe20 && c <= 0xfe2f) || /\p{M}/u.test(String.fromCharCode(c));

/**
 * Encode text as ANSEL: per character (NFC) with its combining marks, the marks are written
 * before the letter; letters ANSEL lacks are decomposed. Characters without any ANSEL form are
 * written as `?` and counted.
 */
export function encodeAnsel(text: string): EncodeResult {
  const bytes: number[] = [];
  let unrepresentable = 0;
  const nfc = text.normalize('NFC');
  let i = 0;
  while (i < nfc.length) {
    // cast: i < nfc.length
    const base = nfc.codePointAt(i) as number;
    let j = i + (base > 0xffff ? 2 : 1);
    const marks: number[] = [];
    while (j < nfc.length && isMark(nfc.charCodeAt(j))) marks.push(nfc.charCodeAt(j++));
    const enc = base < 0x80 && marks.length === 0 ? [base] : encodeCluster(base, marks);
    if (enc === null) {
      unrepresentable++;
      bytes.push(0x3f);
    } else {
      for (const b of enc) bytes.push(b);
    }
    i = j;
  }
  return { bytes: Buffer.from(bytes), unrepresentable };
}

export const anselCodec: ByteCodec = {
  encoding: 'ANSEL',
  decode: (bytes, start, end) => decodeAnsel(bytes, start, end),
  encode: encodeAnsel,
};
