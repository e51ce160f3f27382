import type { ByteOrderMark } from '../model.js';

/** The byte order mark at the start of `bytes`, if any. */
export function detectBom(bytes: Uint8Array): ByteOrderMark {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return null;
}

export function bomLength(bom: ByteOrderMark): number {
  return bom === 'UTF-8' ? 3 : bom === null ? 0 : 2;
}

/**
 * Where the text of `bytes` starts: after its byte order mark and after any copies of a UTF-8 BOM
 * that follow it (an editor that added a BOM to a file that had one). The copies are not read
 * (finding `BOM_REPEATED`).
 */
export function textStart(bytes: Uint8Array, bom: ByteOrderMark): number {
  let start = bomLength(bom);
  if (bom !== 'UTF-8') return start;
  while (start + 3 <= bytes.length && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
  return start;
}

export function bomBytes(bom: ByteOrderMark): Buffer {
  if (bom === 'UTF-8') return Buffer.from([0xef, 0xbb, 0xbf]);
  if (bom === 'UTF-16LE') return Buffer.from([0xff, 0xfe]);
  if (bom === 'UTF-16BE') return Buffer.from([0xfe, 0xff]);
  return Buffer.alloc(0);
}

/**
 * BOM-less UTF-16 by the position of NUL bytes: a GEDCOM file starts with ASCII (`0 HEAD`,
 * possibly after whitespace), so in UTF-16LE every odd byte of the first characters is NUL and
 * in UTF-16BE every even byte.
 */
export function detectUtf16WithoutBom(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | null {
  const n = Math.min(bytes.length, 64) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul >= pairs * 0.75 && evenNul === 0) return 'UTF-16LE';
  if (evenNul >= pairs * 0.75 && oddNul === 0) return 'UTF-16BE';
  return null;
}
