import type { ByteCodec, EncodeResult } from './codec.js';

export type SingleByteEncoding = 'ASCII' | 'CP1252' | 'LATIN1' | 'LATIN9' | 'CP437' | 'CP850' | 'MACINTOSH';

/** ISO-8859-15 (Latin-9) is ISO-8859-1 but for these eight bytes (the euro sign, Š š Ž ž Œ œ Ÿ). */
const LATIN9_CHANGES: ReadonlyMap<number, number> = new Map([
  [0xa4, 0x20ac],
  [0xa6, 0x0160],
  [0xa8, 0x0161],
  [0xb4, 0x017d],
  [0xb8, 0x017e],
  [0xbc, 0x0152],
  [0xbd, 0x0153],
  [0xbe, 0x0178],
]);

/**
 * The upper halves (bytes 0x80-0xFF) of the code pages, as published by the vendors (the same
 * as iconv-lite's tables, which a test checks). U+FFFD marks a hole in the code page.
 */
const UPPER_HALF: Record<'CP1252' | 'CP437' | 'CP850' | 'MACINTOSH', string> = {
  CP1252:
    '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178\u00a0\u00a1\u00a2\u00a3\u00a4\u00a5\u00a6\u00a7\u00a8\u00a9\u00aa\u00ab\u00ac\u00ad\u00ae\u00af\u00b0\u00b1\u00b2\u00b3\u00b4\u00b5\u00b6\u00b7\u00b8\u00b9\u00ba\u00bb\u00bc\u00bd\u00be\u00bf\u00c0\u00c1\u00c2\u00c3\u00c4\u00c5\u00c6\u00c7\u00c8\u00c9\u00ca\u00cb\u00cc\u00cd\u00ce\u00cf\u00d0\u00d1\u00d2\u00d3\u00d4\u00d5\u00d6\u00d7\u00d8\u00d9\u00da\u00db\u00dc\u00dd\u00de\u00df\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e7\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed\u00ee\u00ef\u00f0\u00f1\u00f2\u00f3\u00f4\u00f5\u00f6\u00f7\u00f8\u00f9\u00fa\u00fb\u00fc\u00fd\u00fe\u00ff',
  CP437:
    '\u00c7\u00fc\u00e9\u00e2\u00e4\u00e0\u00e5\u00e7\u00ea\u00eb\u00e8\u00ef\u00ee\u00ec\u00c4\u00c5\u00c9\u00e6\u00c6\u00f4\u00f6\u00f2\u00fb\u00f9\u00ff\u00d6\u00dc\u00a2\u00a3\u00a5\u20a7\u0192\u00e1\u00ed\u00f3\u00fa\u00f1\u00d1\u00aa\u00ba\u00bf\u2310\u00ac\u00bd\u00bc\u00a1\u00ab\u00bb\u2591\u2592\u2593\u2502\u2524\u2561\u2562\u2556\u2555\u2563\u2551\u2557\u255d\u255c\u255b\u2510\u2514\u2534\u252c\u251c\u2500\u253c\u255e\u255f\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u2567\u2568\u2564\u2565\u2559\u2558\u2552\u2553\u256b\u256a\u2518\u250c\u2588\u2584\u258c\u2590\u2580\u03b1\u00df\u0393\u03c0\u03a3\u03c3\u00b5\u03c4\u03a6\u0398\u03a9\u03b4\u221e\u03c6\u03b5\u2229\u2261\u00b1\u2265\u2264\u2320\u2321\u00f7\u2248\u00b0\u2219\u00b7\u221a\u207f\u00b2\u25a0\u00a0',
  CP850:
    '\u00c7\u00fc\u00e9\u00e2\u00e4\u00e0\u00e5\u00e7\u00ea\u00eb\u00e8\u00ef\u00ee\u00ec\u00c4\u00c5\u00c9\u00e6\u00c6\u00f4\u00f6\u00f2\u00fb\u00f9\u00ff\u00d6\u00dc\u00f8\u00a3\u00d8\u00d7\u0192\u00e1\u00ed\u00f3\u00fa\u00f1\u00d1\u00aa\u00ba\u00bf\u00ae\u00ac\u00bd\u00bc\u00a1\u00ab\u00bb\u2591\u2592\u2593\u2502\u2524\u00c1\u00c2\u00c0\u00a9\u2563\u2551\u2557\u255d\u00a2\u00a5\u2510\u2514\u2534\u252c\u251c\u2500\u253c\u00e3\u00c3\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u00a4\u00f0\u00d0\u00ca\u00cb\u00c8\u0131\u00cd\u00ce\u00cf\u2518\u250c\u2588\u2584\u00a6\u00cc\u2580\u00d3\u00df\u00d4\u00d2\u00f5\u00d5\u00b5\u00fe\u00de\u00da\u00db\u00d9\u00fd\u00dd\u00af\u00b4\u00ad\u00b1\u2017\u00be\u00b6\u00a7\u00f7\u00b8\u00b0\u00a8\u00b7\u00b9\u00b3\u00b2\u25a0\u00a0',
  MACINTOSH:
    '\u00c4\u00c5\u00c7\u00c9\u00d1\u00d6\u00dc\u00e1\u00e0\u00e2\u00e4\u00e3\u00e5\u00e7\u00e9\u00e8\u00ea\u00eb\u00ed\u00ec\u00ee\u00ef\u00f1\u00f3\u00f2\u00f4\u00f6\u00f5\u00fa\u00f9\u00fb\u00fc\u2020\u00b0\u00a2\u00a3\u00a7\u2022\u00b6\u00df\u00ae\u00a9\u2122\u00b4\u00a8\u2260\u00c6\u00d8\u221e\u00b1\u2264\u2265\u00a5\u00b5\u2202\u2211\u220f\u03c0\u222b\u00aa\u00ba\u2126\u00e6\u00f8\u00bf\u00a1\u00ac\u221a\u0192\u2248\u2206\u00ab\u00bb\u2026\u00a0\u00c0\u00c3\u00d5\u0152\u0153\u2013\u2014\u201c\u201d\u2018\u2019\u00f7\u25ca\u00ff\u0178\u2044\u00a4\u2039\u203a\ufb01\ufb02\u2021\u00b7\u201a\u201e\u2030\u00c2\u00ca\u00c1\u00cb\u00c8\u00cd\u00ce\u00cf\u00cc\u00d3\u00d4\ufffd\u00d2\u00da\u00db\u00d9\u0131\u02c6\u02dc\u00af\u02d8\u02d9\u02da\u00b8\u02dd\u02db\u02c7',
};

/**
 * Byte -> code unit table. Holes in the code page (cp1252 0x81, 0x8D, 0x8F, 0x90, 0x9D; Mac Roman
 * 0xF0) are filled the way WHATWG and Apple do (C1 control, U+F8FF), so every byte decodes to
 * a character and encoding back is exact.
 */
function buildTable(encoding: SingleByteEncoding): Uint16Array {
  const upper = encoding === 'ASCII' || encoding === 'LATIN1' || encoding === 'LATIN9' ? null : UPPER_HALF[encoding];
  const table = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    const c = b < 0x80 || upper === null ? (encoding === 'LATIN9' ? (LATIN9_CHANGES.get(b) ?? b) : b) : upper.charCodeAt(b - 0x80);
    table[b] = c === 0xfffd ? (encoding === 'MACINTOSH' && b === 0xf0 ? 0xf8ff : b) : c;
  }
  if (encoding === 'ASCII') for (let b = 0x80; b < 256; b++) table[b] = 0xfffd;
  return table;
}

/** The code point of each byte (code-page detection, and the test that compares the tables with iconv-lite's). */
export function singleByteTable(encoding: SingleByteEncoding): Uint16Array {
  return buildTable(encoding);
}

class SingleByteCodec implements ByteCodec {
  private readonly table: Uint16Array;
  private readonly reverse = new Map<number, number>();
  private readonly identity: boolean;

  constructor(readonly encoding: SingleByteEncoding) {
    this.table = buildTable(encoding);
    for (let b = 255; b >= 0; b--) {
      // cast: 0 <= b <= 255, and the table has 256 entries
      const c = this.table[b] as number;
      if (c !== 0xfffd) this.reverse.set(c, b);
    }
    this.identity = encoding === 'LATIN1';
  }

  decode(bytes: Buffer, start: number, end: number): string {
    if (this.identity) return bytes.toString('latin1', start, end);
    let ascii = true;
    for (let i = start; i < end; i++) {
      // cast: start <= i < end, and callers pass end <= bytes.length
      if ((bytes[i] as number) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) return bytes.toString('latin1', start, end);
    let out = '';
    const table = this.table;
    // cast: start <= i < end <= bytes.length, and a byte indexes the 256-entry table
    for (let i = start; i < end; i++) out += String.fromCharCode(table[bytes[i] as number] as number);
    return out;
  }

  encode(text: string): EncodeResult {
    const out = Buffer.allocUnsafe(text.length);
    let unrepresentable = 0;
    let n = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let b = c < 0x80 ? c : this.reverse.get(c);
      if (b === undefined) {
        // try a canonical composition/decomposition before giving up
        const alt = text[i]?.normalize('NFC').charCodeAt(0);
        b = alt === undefined ? undefined : this.reverse.get(alt);
      }
      if (b === undefined) {
        unrepresentable++;
        b = 0x3f;
        if (c >= 0xd800 && c <= 0xdbff) i++;
      }
      out[n++] = b;
    }
    return { bytes: out.subarray(0, n), unrepresentable };
  }
}

/** A codec of one single-byte encoding (its tables are 256 entries: built per use, nothing kept between documents). */
export function singleByteCodec(encoding: SingleByteEncoding): ByteCodec {
  return new SingleByteCodec(encoding);
}
