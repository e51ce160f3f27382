import iconv from 'iconv-lite';
import type { GedcomEncoding } from '../model.js';
import type { ByteCodec, EncodeResult } from './codec.js';

type SingleByteEncoding = 'ASCII' | 'CP1252' | 'LATIN1' | 'CP437' | 'CP850' | 'MACINTOSH';

const ICONV_NAME: Record<SingleByteEncoding, string> = {
  ASCII: 'latin1',
  CP1252: 'windows-1252',
  LATIN1: 'latin1',
  CP437: 'cp437',
  CP850: 'cp850',
  MACINTOSH: 'macintosh',
};

/**
 * Byte -> code unit table. Holes in the code page (cp1252 0x81, 0x8D, 0x8F, 0x90, 0x9D; Mac Roman
 * 0xF0) are filled the way WHATWG and Apple do (C1 control, U+F8FF), so every byte decodes to
 * a character and encoding back is exact.
 */
function buildTable(encoding: SingleByteEncoding): Uint16Array {
  const all = Buffer.alloc(256);
  for (let b = 0; b < 256; b++) all[b] = b;
  const text = iconv.decode(all, ICONV_NAME[encoding]);
  const table = new Uint16Array(256);
  for (let b = 0; b < 256; b++) {
    const c = text.charCodeAt(b);
    table[b] = c === 0xfffd ? (encoding === 'MACINTOSH' && b === 0xf0 ? 0xf8ff : b) : c;
  }
  if (encoding === 'ASCII') for (let b = 0x80; b < 256; b++) table[b] = 0xfffd;
  return table;
}

class SingleByteCodec implements ByteCodec {
  private readonly table: Uint16Array;
  private readonly reverse = new Map<number, number>();
  private readonly identity: boolean;

  constructor(readonly encoding: SingleByteEncoding) {
    this.table = buildTable(encoding);
    for (let b = 255; b >= 0; b--) {
      const c = this.table[b] as number;
      if (c !== 0xfffd) this.reverse.set(c, b);
    }
    this.identity = encoding === 'LATIN1';
  }

  decode(bytes: Buffer, start: number, end: number): string {
    if (this.identity) return bytes.toString('latin1', start, end);
    let ascii = true;
    for (let i = start; i < end; i++) {
      if ((bytes[i] as number) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) return bytes.toString('latin1', start, end);
    let out = '';
    const table = this.table;
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

const cache = new Map<GedcomEncoding, ByteCodec>();

export function singleByteCodec(encoding: SingleByteEncoding): ByteCodec {
  let codec = cache.get(encoding);
  if (codec === undefined) {
    codec = new SingleByteCodec(encoding);
    cache.set(encoding, codec);
  }
  return codec;
}

/** Code points for cp437 and cp850 of a byte, to tell them apart. */
export function codePageChar(encoding: 'CP437' | 'CP850', byte: number): string {
  const t = buildTableCached(encoding);
  return String.fromCharCode(t[byte] as number);
}

const tableCache = new Map<SingleByteEncoding, Uint16Array>();
function buildTableCached(encoding: SingleByteEncoding): Uint16Array {
  let t = tableCache.get(encoding);
  if (t === undefined) {
    t = buildTable(encoding);
    tableCache.set(encoding, t);
  }
  return t;
}
