import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { singleByteTable, type SingleByteEncoding } from '../../src/gedcom/decode/single-byte.js';

const NAMES: Array<[SingleByteEncoding, string]> = [
  ['CP1252', 'windows-1252'],
  ['CP437', 'cp437'],
  ['CP850', 'cp850'],
  ['MACINTOSH', 'macintosh'],
  ['LATIN1', 'latin1'],
  ['LATIN9', 'iso885915'],
];

describe('single-byte code page tables', () => {
  it.each(NAMES)('%s decodes every byte as iconv-lite does (holes filled as documented)', (encoding, name) => {
    const all = Buffer.alloc(256);
    for (let b = 0; b < 256; b++) all[b] = b;
    const reference = iconv.decode(all, name);
    const table = singleByteTable(encoding);
    for (let b = 0; b < 256; b++) {
      const expected = reference.charCodeAt(b);
      if (expected === 0xfffd) expect(table[b]).toBe(encoding === 'MACINTOSH' && b === 0xf0 ? 0xf8ff : b);
      else expect(table[b]).toBe(expected);
    }
  });
});
